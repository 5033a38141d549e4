import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addLedgerEntry } from "~/services/db/credits.server";
import { BOOK_DAY_LIMITS, BOOKS_PER_MINUTE, TOO_MANY_BOOKS_NOW, TOO_MANY_BOOKS_TODAY } from "~/services/books/book-limits.server";
import { BASE, browser, FORM, freshIp, postJson, scalar, type Browser } from "./claim-helpers";
import { db } from "./db-helpers";

// How fast books may be started: BOOKS_PER_MINUTE starts a minute per client address and per owner
// (the BOOK_LIMITER binding), and a day cap on books made per owner and per address (D1, counted in
// the insert's batch). Over either: 429 with Retry-After, JSON for the API, words on the form.

vi.setConfig({ testTimeout: 60_000 });
const storyForm = (key: string) =>
  new URLSearchParams({ childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: key });
const booksOf = (visitorId: string) => scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ?", visitorId);
const dayCount = (key: string) => scalar("SELECT coalesce(max(count), 0) FROM rate_limits WHERE key = ?", key);

/** A visitor holding `credits` (its welcome used up in them), from `ip` or an address of its own. */
async function visitorWith(credits: number, ip = freshIp()): Promise<Browser> {
  const b = browser({ ip });
  const owner = { kind: "visitor" as const, visitorId: b.visitorId };
  await addLedgerEntry(db, { owner, delta: Math.max(credits, 1), reason: "bonus", idempotencyKey: `welcome:${b.visitorId}` });
  if (credits === 0) await addLedgerEntry(db, { owner, delta: -1, reason: "adjustment", idempotencyKey: `spent:${b.visitorId}` });
  return b;
}

/** Stops the runners of the books these visitors made (these tests are about what was started). */
async function stopRunners(...visitorIds: string[]): Promise<void> {
  for (const visitorId of visitorIds) {
    const { results } = await env.DB.prepare("SELECT book_id FROM storybooks WHERE visitor_id = ?").bind(visitorId).all<{ book_id: string }>();
    for (const { book_id } of results)
      await env.STORY_WORKFLOW.get(book_id)
        .then((instance) => instance.terminate())
        .catch(() => undefined);
  }
}

/** A day window that has had `count` books, started now. */
async function filledDay(key: string, count: number): Promise<void> {
  await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(key, Math.floor(Date.now() / 1000), count)
    .run();
}

/**
 * The limiter counts in fixed minutes of the clock: runs `test` again (twice at most) when a run
 * failed and crossed a minute's end, as a slow machine may.
 */
async function inOneMinute(test: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const minute = Math.floor(Date.now() / 60_000);
    try {
      return await test();
    } catch (error) {
      if (attempt >= 2 || Math.floor(Date.now() / 60_000) === minute) throw error;
    }
  }
}

describe("books started per minute", () => {
  it(`a visitor gets ${BOOKS_PER_MINUTE} tries a minute; then 429 with Retry-After, and nothing is written`, async () => {
    await inOneMinute(async () => {
      const b = await visitorWith(0);
      for (let i = 0; i < BOOKS_PER_MINUTE; i++) expect((await b.call("/api/books", postJson(FORM))).status).toBe(402);
      const res = await b.call("/api/books", postJson(FORM));
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe("60");
      expect(await res.json()).toEqual({ error: TOO_MANY_BOOKS_NOW });
      // another family elsewhere is not affected
      expect((await (await visitorWith(0)).call("/api/books", postJson(FORM))).status).toBe(402);
    });
  });

  it("counts an address across visitors, so dropping the cookie does not help", async () => {
    await inOneMinute(async () => {
      const ip = freshIp();
      for (let i = 0; i < BOOKS_PER_MINUTE; i++) expect((await (await visitorWith(0, ip)).call("/api/books", postJson(FORM))).status).toBe(402);
      const fresh = await visitorWith(1, ip);
      const res = await fresh.call("/api/books", postJson(FORM));
      expect(res.status).toBe(429);
      expect(await booksOf(fresh.visitorId)).toBe(0);
    });
  });

  it("the story form says so, with Retry-After, and keeps what was typed", async () => {
    await inOneMinute(async () => {
      const b = await visitorWith(0);
      for (let i = 0; i < BOOKS_PER_MINUTE; i++)
        expect((await b.call("/createstory", { method: "POST", body: storyForm(`minute-form-${i}-00`) })).status).toBe(402);
      const page = await b.call("/createstory", { method: "POST", body: storyForm("minute-form-last-00") });
      expect(page.status).toBe(429);
      expect(page.headers.get("Retry-After")).toBe("60");
      const html = await page.text();
      expect(html).toContain(TOO_MANY_BOOKS_NOW);
      expect(html).toContain('value="Zoe"');
    });
  });
});

describe("books made per day", () => {
  it(`an owner's ${BOOK_DAY_LIMITS.perOwner.max} a day: the next answers 429 until the window ends, and holds no credit`, async () => {
    const b = await visitorWith(2);
    await filledDay(`books-day:visitor:${b.visitorId}`, BOOK_DAY_LIMITS.perOwner.max);
    const res = await b.call("/api/books", postJson(FORM));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: TOO_MANY_BOOKS_TODAY });
    const wait = Number(res.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(BOOK_DAY_LIMITS.perOwner.windowS - 120);
    expect(wait).toBeLessThanOrEqual(BOOK_DAY_LIMITS.perOwner.windowS);
    expect(await booksOf(b.visitorId)).toBe(0);
  });

  it(`an address's ${BOOK_DAY_LIMITS.perAddress.max} a day, whoever asks from it; another address is not affected`, async () => {
    const ip = freshIp();
    await filledDay(`books-day:ip:${ip}`, BOOK_DAY_LIMITS.perAddress.max);
    const there = await visitorWith(1, ip);
    expect((await there.call("/api/books", postJson(FORM))).status).toBe(429);
    const elsewhere = await visitorWith(1);
    expect((await elsewhere.call("/api/books", postJson(FORM))).status).toBe(201);
    // the book made counts once for its owner and once for its address; a refused one counts nothing
    expect(await dayCount(`books-day:visitor:${elsewhere.visitorId}`)).toBe(1);
    expect(await dayCount(`books-day:ip:${ip}`)).toBe(BOOK_DAY_LIMITS.perAddress.max);
    expect((await elsewhere.call("/api/books", postJson(FORM))).status).toBe(402);
    expect(await dayCount(`books-day:visitor:${elsewhere.visitorId}`)).toBe(1);
    await stopRunners(elsewhere.visitorId);
  });

  it("five at once with two books left today make two, whatever the credits", async () => {
    const b = await visitorWith(5);
    await filledDay(`books-day:visitor:${b.visitorId}`, BOOK_DAY_LIMITS.perOwner.max - 2);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => b.call("/api/books", postJson(FORM, { "Idempotency-Key": `day-burst-${i}-00` }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    expect(await booksOf(b.visitorId)).toBe(2);
    expect(await dayCount(`books-day:visitor:${b.visitorId}`)).toBe(BOOK_DAY_LIMITS.perOwner.max);
    await stopRunners(b.visitorId);
  });
});

describe("a script without a cookie", () => {
  it("gets a new visitor each time, but an address's free books stop at three a day, even all at once", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        SELF.fetch(`${BASE}/api/books`, { ...postJson(FORM), headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip }, redirect: "manual" }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402, 402]);
    const visitors = answers.map((r) => /sn_vid=([A-Za-z0-9]+)/.exec(r.headers.get("Set-Cookie") ?? "")?.[1] ?? "");
    expect(new Set(visitors).size).toBe(6);
    const made = await Promise.all(visitors.map((v) => booksOf(v)));
    expect(made.reduce((a, n) => a + n, 0)).toBe(3);
    // and later ones, without a cookie, get nothing free either
    const later = await SELF.fetch(`${BASE}/api/books`, { ...postJson(FORM), headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip } });
    expect(later.status).toBe(402);
    await stopRunners(...visitors);
  });
});
