import { env, introspectWorkflowInstance } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addLedgerEntry } from "~/services/db/credits.server";
import { UNPAID_MESSAGE } from "~/services/books/generate.server";
import { browser, FORM, freshIp, postJson, scalar, type Browser } from "./claim-helpers";
import { db, makeBook } from "./db-helpers";

// Credits that cannot be overspent: N parallel starts with C credits make at most C books, a retry
// holds a credit like a new book, and a book whose charge fails is not delivered.

vi.setConfig({ testTimeout: 60_000 });
const SIGNUP_URL = "/auth/signup?redirectTo=/createstory";
const booksOf = (visitorId: string) => scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ?", visitorId);
const storyForm = (key: string) =>
  new URLSearchParams({ childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: key });

/** A visitor (with its own address) holding `credits`; its welcome is counted in them, so Create adds none. */
async function visitorWith(credits: number): Promise<Browser> {
  const b = browser({ ip: freshIp() });
  const owner = { kind: "visitor" as const, visitorId: b.visitorId };
  // the welcome key carries the credits (so none is added), and a zero balance is one given and one spent
  await addLedgerEntry(db, { owner, delta: Math.max(credits, 1), reason: "bonus", idempotencyKey: `welcome:${b.visitorId}` });
  if (credits === 0) await addLedgerEntry(db, { owner, delta: -1, reason: "adjustment", idempotencyKey: `spent:${b.visitorId}` });
  return b;
}

/** Stops the runners of a visitor's books (the test is about what was started, not the drawing). */
async function stopRunners(visitorId: string): Promise<void> {
  const { results } = await env.DB.prepare("SELECT book_id, generation_attempt FROM storybooks WHERE visitor_id = ?").bind(visitorId).all<{
    book_id: string;
    generation_attempt: number;
  }>();
  for (const { book_id, generation_attempt } of results) {
    const id = generation_attempt <= 1 ? book_id : `${book_id}-r${generation_attempt}`;
    await env.STORY_WORKFLOW.get(id)
      .then((instance) => instance.terminate())
      .catch(() => undefined); // never started, or finished already
  }
}

describe("ten starts at once with three credits", () => {
  it("POST /api/books makes three books; the others answer 402 and write nothing", async () => {
    const b = await visitorWith(3);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => b.call("/api/books", postJson(FORM, { "Idempotency-Key": `three-api-${i}-000` }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    const refused = answers.find((r) => r.status === 402)!;
    expect(await refused.json()).toEqual({
      error: "A book costs 1 credit and you have 0 available. Create a free account to get 2 more free books.",
      signupUrl: SIGNUP_URL,
    });
    expect(await booksOf(b.visitorId)).toBe(3);
    await stopRunners(b.visitorId);
  });

  it("the /createstory form makes three books; the others stay on the form with 402", async () => {
    const b = await visitorWith(3);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => b.call("/createstory", { method: "POST", body: storyForm(`three-form-${i}-000`) })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect(await answers.find((r) => r.status === 402)!.text()).toContain("A book costs 1 credit and you have 0 available.");
    expect(await booksOf(b.visitorId)).toBe(3);
    await stopRunners(b.visitorId);
  });
});

describe("Retry", () => {
  it("answers 402 for a failed book when no credit is spare, starts nothing, and starts it once a credit is there", async () => {
    const b = await visitorWith(0);
    const bookId = await makeBook({ visitorId: b.visitorId }, { status: "failed", failureReason: "The writer is down." });
    const res = await b.call(`/api/books/${bookId}/retry`, { method: "POST" });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: "A book costs 1 credit and you have 0 available. Create a free account to get 2 more free books.",
      signupUrl: SIGNUP_URL,
    });
    expect(await scalar("SELECT status || ':' || generation_attempt FROM storybooks WHERE book_id = ?", bookId)).toBe("failed:1");

    await addLedgerEntry(db, { owner: { kind: "visitor", visitorId: b.visitorId }, delta: 1, reason: "bonus", idempotencyKey: `gift:${b.visitorId}` });
    expect((await b.call(`/api/books/${bookId}/retry`, { method: "POST" })).status).toBe(202);
    expect(await scalar("SELECT status || ':' || generation_attempt FROM storybooks WHERE book_id = ?", bookId)).toBe("draft:2");
    // its new runner exists (and is stopped here: drawing it is the engine tests' business)
    expect(["queued", "running", "complete"]).toContain((await (await env.STORY_WORKFLOW.get(`${bookId}-r2`)).status()).status);
    await stopRunners(b.visitorId);
  });

  it("three failed books retried at once with one credit: one starts, the others answer 402", async () => {
    const b = await visitorWith(1);
    const ids = await Promise.all([1, 2, 3].map(() => makeBook({ visitorId: b.visitorId }, { status: "failed", failureReason: "Stopped." })));
    const answers = await Promise.all(ids.flatMap((id) => [1, 2].map(() => b.call(`/api/books/${id}/retry`, { method: "POST" }))));
    const started = await scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ? AND status <> 'failed'", b.visitorId);
    expect(started).toBe(1);
    // the book that started answers 202 (its twin call 202 or 409, "not failed any more"); the other two books 402
    expect(answers.filter((r) => r.status === 202).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => [202, 402, 409].includes(r.status))).toBe(true);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(4);
    await stopRunners(b.visitorId);
  });
});

describe("a book whose charge fails", () => {
  it(
    "is not delivered: it stops as failed with nothing readable, costs nothing, and Retry with a credit charges and opens it",
    { timeout: 60_000 },
    async () => {
      const b = await visitorWith(1);
      const res = await b.call("/api/books", postJson(FORM, { "Idempotency-Key": "unpaid-book-0001" }));
      expect(res.status).toBe(201);
      const { bookId } = await res.json<{ bookId: string }>();
      {
        await using first = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
        // while it is being made, the credit it holds is taken (e.g. the order that bought it is refunded)
        await addLedgerEntry(db, { owner: { kind: "visitor", visitorId: b.visitorId }, delta: -1, reason: "refund", idempotencyKey: `refund:${bookId}` });
        await first.waitForStatus("complete");
      }
      const held = await (
        await b.call(`/api/books/${bookId}`)
      ).json<{
        status: string;
        error: string;
        pages: unknown[];
        story: { content: string | null };
        isAmountDeducted: boolean;
      }>();
      expect(held).toMatchObject({ status: "failed", error: UNPAID_MESSAGE, pages: [], story: { content: null }, isAmountDeducted: false });
      // every picture was drawn, but none of it is shown, and nothing was charged
      expect(await scalar("SELECT count(*) FROM storybook_pages WHERE book_id = ? AND is_generated = 1", bookId)).toBe(24);
      expect(await scalar("SELECT count(*) FROM credit_ledger WHERE book_id = ?", bookId)).toBe(0);
      const reader = await (await b.call(`/youraistory/${bookId}`)).text();
      expect(reader).toContain("Add a credit, then press Retry to open it.");
      for (const n of [3, 12, 22]) {
        const words = await scalar<string>("SELECT content FROM storybook_pages WHERE book_id = ? AND page_number = ?", bookId, n);
        expect(words.length).toBeGreaterThan(10);
        expect(reader).not.toContain(words.slice(0, 40));
      }
      expect((await b.call(`/api/books/${bookId}/pdf`)).status).not.toBe(200);

      // no credit: Retry says so and starts nothing
      expect((await b.call(`/api/books/${bookId}/retry`, { method: "POST" })).status).toBe(402);
      // a credit: Retry charges it once and opens it, without drawing again
      await addLedgerEntry(db, { owner: { kind: "visitor", visitorId: b.visitorId }, delta: 1, reason: "purchase", idempotencyKey: `bought:${bookId}` });
      const cover = await env.BOOK_IMAGES.head(`${bookId}/1/page-1.png`);
      await using second = await introspectWorkflowInstance(env.STORY_WORKFLOW, `${bookId}-r2`);
      expect((await b.call(`/api/books/${bookId}/retry`, { method: "POST" })).status).toBe(202);
      await second.waitForStatus("complete");
      const done = await (await b.call(`/api/books/${bookId}`)).json<{ status: string; pages: unknown[]; isAmountDeducted: boolean }>();
      expect(done.status).toBe("complete");
      expect(done.pages).toHaveLength(24);
      expect(done.isAmountDeducted).toBe(true);
      expect(await scalar("SELECT count(*) FROM credit_ledger WHERE book_id = ? AND reason = 'book_deduction'", bookId)).toBe(1);
      expect((await env.BOOK_IMAGES.head(`${bookId}/1/page-1.png`))?.etag).toBe(cover?.etag);
    },
  );
});
