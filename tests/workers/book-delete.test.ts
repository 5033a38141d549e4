import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addLedgerEntry } from "~/services/db/credits.server";
import { storybooks } from "~/services/db/schema/index";
import { BASE, finishedBook, visitor } from "./book-fixtures";
import { db, makeBook } from "./db-helpers";

// Deleting a book (DELETE /api/books/{id} and "Delete this book" on /modify-story/{id}): everything of
// it goes, for good, and only for its owner.

const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results;
const r2Keys = async (prefix: string) => (await env.BOOK_IMAGES.list({ prefix })).objects.map((o) => o.key);

describe("deleting a book", () => {
  it("removes the story, every picture, the PDF, the photo and the share link; the ledger keeps its entry", async () => {
    const owner = await visitor();
    const bookId = await finishedBook(owner.visitorId);
    await env.BOOK_IMAGES.put(`${bookId}/2/page-5.png`, new Uint8Array([1]));
    await env.BOOK_IMAGES.put(`${bookId}/pdf/abc123.pdf`, new Uint8Array([37, 80, 68, 70]));
    await addLedgerEntry(db, {
      owner: { kind: "visitor", visitorId: owner.visitorId },
      delta: -1,
      reason: "book_deduction",
      idempotencyKey: `deduct:${bookId}`,
      bookId,
    });
    // a public link (made before public links needed an account: a visitor's keeps working)
    const slug = "mia-moon-picnic-k7pz2qxa";
    await db.update(storybooks).set({ isPublic: true, slug }).where(eq(storybooks.bookId, bookId));
    expect((await owner.call(`/story/${slug}`)).status).toBe(200);
    expect(await r2Keys(`${bookId}/`)).toHaveLength(3);

    // Someone else cannot, and learns nothing
    const stranger = await visitor();
    expect((await stranger.call(`/api/books/${bookId}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner.call(`/api/books/${bookId}`)).status).toBe(200);

    const res = await owner.call(`/api/books/${bookId}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect((await owner.call(`/api/books/${bookId}`)).status).toBe(404);
    expect((await owner.call(`/youraistory/${bookId}`)).status).toBe(404);
    expect((await owner.call(`/story/${slug}`)).status).toBe(404);
    expect(await r2Keys(`${bookId}/`)).toEqual([]);
    expect(await env.BOOK_IMAGES.head(`uploads/${owner.visitorId}/photo1`)).toBeNull();
    expect(await rows("select 1 from storybook_pages where book_id = ?", bookId)).toEqual([]);
    const library = await (await owner.call("/api/library")).json<{ books: Array<{ bookId: string }> }>();
    expect(library.books.map((b) => b.bookId)).not.toContain(bookId);
    // what was paid stays on the record, no longer tied to a book
    expect(await rows("select book_id from credit_ledger where idempotency_key = ?", `deduct:${bookId}`)).toEqual([{ book_id: null }]);
    // once is enough
    expect((await owner.call(`/api/books/${bookId}`, { method: "DELETE" })).status).toBe(404);
  });

  it("keeps a photo another of the owner's books still uses", async () => {
    const owner = await visitor();
    const first = await finishedBook(owner.visitorId);
    const second = await makeBook({ visitorId: owner.visitorId }, { status: "complete", childImageKey: `uploads/${owner.visitorId}/photo1` });
    expect((await owner.call(`/api/books/${first}`, { method: "DELETE" })).status).toBe(204);
    expect(await env.BOOK_IMAGES.head(`uploads/${owner.visitorId}/photo1`)).not.toBeNull();
    expect((await owner.call(`/api/books/${second}`, { method: "DELETE" })).status).toBe(204);
    expect(await env.BOOK_IMAGES.head(`uploads/${owner.visitorId}/photo1`)).toBeNull();
  });

  it("waits while a book is being made (409), and a failed book can go", async () => {
    const owner = await visitor();
    const making = await makeBook({ visitorId: owner.visitorId }, { status: "illustrating" });
    const res = await owner.call(`/api/books/${making}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "This book is still being made. You can delete it once it is finished." });
    expect(await rows("select status from storybooks where book_id = ?", making)).toEqual([{ status: "illustrating" }]);
    const failed = await makeBook({ visitorId: owner.visitorId }, { status: "failed" });
    expect((await owner.call(`/api/books/${failed}`, { method: "DELETE" })).status).toBe(204);
    expect((await owner.call(`/api/books/not-an-id!`, { method: "DELETE" })).status).toBe(404);
  });

  it("works as a plain form on the edit page, then the library says so", async () => {
    const owner = await visitor();
    const bookId = await finishedBook(owner.visitorId);
    const edit = await (await owner.call(`/modify-story/${bookId}`)).text();
    expect(edit).toContain("Yes, delete this book");
    const form = new URLSearchParams({ intent: "delete" });
    const stranger = await visitor();
    const theirs = await stranger.call(`/modify-story/${bookId}`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(theirs.status).toBe(404);
    const res = await owner.call(`/modify-story/${bookId}`, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location")!, BASE);
    expect(to.pathname).toBe("/library");
    expect(to.searchParams.get("deleted")).toBe(bookId);
    const library = await (await owner.call(`${to.pathname}${to.search}`)).text();
    expect(library).toContain("“Mia and the Moon Picnic” was deleted, with its pictures and photo.");
    expect(library).not.toContain(`data-book-id="${bookId}"`);
  });
});
