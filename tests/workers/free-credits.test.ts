import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_WELCOME_CREDITS } from "~/services/auth/account-welcome.server";
import { createClaimService } from "~/services/auth/claim.server";
import { addLedgerEntry } from "~/services/db/credits.server";
import { browser, FORM, freshIp, newSession, postJson, scalar, verifiedParent } from "./claim-helpers";
import { db } from "./db-helpers";

// Free credits that cannot be farmed (docs/decisions/024-free-credits.md): a visitor gets one free
// book, at most three visitors a day per client address get it, a confirmed account gets two more,
// and running out leads a visitor to sign up and a signed-in parent to the credit packs.

vi.setConfig({ testTimeout: 60_000 });
const SIGNUP_URL = "/auth/signup?redirectTo=/createstory";
const SIGN_UP_KEEPING_FORM = 'name="intent" value="signup"';
const welcomes = (ip: string) => scalar("SELECT coalesce(max(count), 0) FROM rate_limits WHERE key = ?", `visitor-welcome:ip:${ip}`);
const booksOf = (visitorId: string) => scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ?", visitorId);
const storyForm = (key: string) =>
  new URLSearchParams({ childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: key });

describe("a visitor's free book", () => {
  it("is one book; then the API answers 402 leading to a free account", async () => {
    const b = browser({ ip: freshIp() });
    expect((await b.call("/api/books", postJson(FORM))).status).toBe(201);
    const res = await b.call("/api/books", postJson(FORM));
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: "A book costs 1 credit and you have 0 available. Create a free account to get 2 more free books.",
      signupUrl: SIGNUP_URL,
    });
    expect(await booksOf(b.visitorId)).toBe(1);
  });

  it("the story form says so too, with the sign-up link, before and after Create", async () => {
    const b = browser({ ip: freshIp() });
    const before = await (await b.call("/createstory")).text();
    expect(before).toContain("You have 1 credit. Nothing is charged until your book is finished.");
    expect((await b.call("/createstory", { method: "POST", body: storyForm("form-key-0001") })).status).toBe(302);
    const page = await b.call("/createstory", { method: "POST", body: storyForm("form-key-0002") });
    expect(page.status).toBe(402);
    const html = await page.text();
    expect(html).toContain("Create a free account to get 2 more free books.");
    // the form's own "Create a free account" keeps what was typed for after the sign-up
    expect(html).toContain(SIGN_UP_KEEPING_FORM);
    // a visitor is led to a free account, not to the credit packs a signed-in parent is shown
    expect(html).not.toContain("See credit packs and prices");
  });

  it("is given only when a book is made: looking at the form counts nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await (await browser({ ip }).call("/createstory")).arrayBuffer();
    expect(await welcomes(ip)).toBe(0);
  });

  it("goes to three new visitors a day per address: the fourth gets none", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await browser({ ip }).call("/api/books", postJson(FORM))).status).toBe(201);
    expect(await welcomes(ip)).toBe(3);
    const fourth = browser({ ip });
    const form = await (await fourth.call("/createstory")).text();
    expect(form).toContain("You have 0 credits: you&#x27;ll need 1 more. Create a free account to get 2 more free books.");
    expect(form).toContain(SIGN_UP_KEEPING_FORM);
    const res = await fourth.call("/api/books", postJson(FORM));
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ signupUrl: SIGNUP_URL });
    expect(await scalar("SELECT count(*) FROM credit_ledger WHERE idempotency_key = ?", `welcome:${fourth.visitorId}`)).toBe(0);
    // refused welcomes are not counted; another address is not affected
    expect(await welcomes(ip)).toBe(3);
    expect((await browser({ ip: freshIp() }).call("/api/books", postJson(FORM))).status).toBe(201);
  });

  it("ten creates at once by a new visitor make one book, one welcome, one count", async () => {
    const ip = freshIp();
    const b = browser({ ip });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => b.call("/api/books", postJson(FORM, { "Idempotency-Key": `burst-${i}-0000` }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(402)]);
    expect(await booksOf(b.visitorId)).toBe(1);
    expect(await scalar("SELECT count(*) FROM credit_ledger WHERE visitor_id = ? AND reason = 'bonus'", b.visitorId)).toBe(1);
    expect(await welcomes(ip)).toBe(1);
  });

  it("ten creates at once by a visitor that has its one credit already make one book (the check and the insert are one statement)", async () => {
    const b = browser({ ip: freshIp() });
    await addLedgerEntry(db, { owner: { kind: "visitor", visitorId: b.visitorId }, delta: 1, reason: "bonus", idempotencyKey: `welcome:${b.visitorId}` });
    const answers = await Promise.all(Array.from({ length: 10 }, () => b.call("/api/books", postJson(FORM))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(402)]);
    expect(await booksOf(b.visitorId)).toBe(1);
  });

  it("is not given again after a sign-in took it to the account and the browser signed out", async () => {
    const parent = await verifiedParent();
    const b = browser({ ip: freshIp() });
    expect((await b.call("/api/books", postJson(FORM))).status).toBe(201);
    await createClaimService({ db, images: env.BOOK_IMAGES }).claim(b.visitorId, parent.profileId);
    // signed out again, the same browser: the welcome was had
    expect((await b.call("/api/books", postJson(FORM))).status).toBe(402);
  });
});

describe("a signed-in parent's free books", () => {
  it("are the account's two; the third answers 402 with the pricing page, and no visitor welcome is given", async () => {
    const parent = await verifiedParent();
    // what a confirmed address gets once (accounts.server.ts grantWelcome)
    await addLedgerEntry(db, {
      owner: { kind: "profile", userProfileId: parent.profileId },
      delta: ACCOUNT_WELCOME_CREDITS,
      reason: "bonus",
      idempotencyKey: `welcome:email:${parent.profileId}`,
    });
    const ip = freshIp();
    const b = browser({ ip, session: await newSession(parent) });
    expect(await (await b.call("/createstory")).text()).toContain("You have 2 credits.");
    expect((await b.call("/api/books", postJson(FORM))).status).toBe(201);
    expect((await b.call("/api/books", postJson(FORM))).status).toBe(201);
    const third = await b.call("/api/books", postJson(FORM));
    expect(third.status).toBe(402);
    expect(await third.json()).toEqual({
      error: "A book costs 1 credit and you have 0 available. Choose a credit pack to keep making stories.",
      pricingUrl: "/pricing",
    });
    expect(await scalar("SELECT count(*) FROM credit_ledger WHERE idempotency_key = ?", `welcome:${b.visitorId}`)).toBe(0);
    expect(await welcomes(ip)).toBe(0);
    // the story form leads to the credit packs, not to sign-up
    const page = await (await b.call("/createstory", { method: "POST", body: storyForm("parent-key-0001") })).text();
    expect(page).toMatch(/href="\/pricing"[^>]*>See credit packs and prices</);
    expect(page).not.toContain(SIGNUP_URL);
  });
});

describe("POST /api/test/credits (for the end-to-end tests; not in production)", () => {
  it("gives the caller's owner credits outside production, and does not exist in production", async () => {
    const b = browser({ ip: freshIp() });
    expect((await b.call("/api/test/credits", postJson({ credits: 2 }))).status).toBe(201);
    expect((await b.call("/api/test/credits", postJson({ credits: 500 }))).status).toBe(400);
    expect(await scalar("SELECT sum(delta) FROM credit_ledger WHERE visitor_id = ?", b.visitorId)).toBe(2);
    const { default: worker } = await import("../../workers/app");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const request = new Request("https://example.com/api/test/credits", {
      ...postJson({ credits: 2 }),
      headers: { "Content-Type": "application/json", Cookie: b.cookie() },
    });
    const res = await worker.fetch(request, { ...env, ENVIRONMENT: "production" }, ctx);
    expect(res.status).toBe(404);
    expect(await scalar("SELECT sum(delta) FROM credit_ledger WHERE visitor_id = ?", b.visitorId)).toBe(2);
  });
});
