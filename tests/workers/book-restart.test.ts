import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createBookService } from "~/services/books/books.server";
import { resumeInterrupted } from "~/services/books/restart.server";
import { SAMPLE_OWNER_ID } from "~/services/books/samples.server";
import { addLedgerEntry } from "~/services/db/credits.server";
import { browser, FORM, freshIp, postJson, scalar } from "./claim-helpers";
import { db, makeBook } from "./db-helpers";

// Books in the making when the local runtime starts have lost their runner (the local Workflow
// engine does not resume instances after a restart): the first request resumes them at once.

vi.setConfig({ testTimeout: 60_000 });
const books = createBookService({
  db,
  images: env.BOOK_IMAGES,
  workflow: env.STORY_WORKFLOW,
  moderator: { name: "offline", check: async () => ({ ok: true }) },
});
// The runtime "started" at this moment; the books below stopped moving before it (far in the past,
// so books other tests have in the making are never touched).
const STARTED_AT = Date.parse("2002-01-01T00:00:00Z");
const BEFORE = "2001-06-01T00:00:00.000Z";
const status = async (id: string) => (await (await env.STORY_WORKFLOW.get(id)).status()).status;

describe("resuming at start", () => {
  it("gives a book whose runner is gone a new attempt at once, whatever its old instance says, once", async () => {
    const b = browser({ ip: freshIp() });
    await addLedgerEntry(db, { owner: { kind: "visitor", visitorId: b.visitorId }, delta: 1, reason: "bonus", idempotencyKey: `welcome:${b.visitorId}` });
    const res = await b.call("/api/books", postJson(FORM, { "Idempotency-Key": "restart-book-0001" }));
    expect(res.status).toBe(201);
    const { bookId } = await res.json<{ bookId: string }>();
    // the runtime stops: its book keeps the state it had, and nothing has moved since
    await env.DB.prepare("UPDATE storybooks SET status = 'illustrating', last_updated = ? WHERE book_id = ?").bind(BEFORE, bookId).run();
    // its old instance still says it is running (the watchdog alone would wait 45 s for it)
    expect(["queued", "running", "waiting"]).toContain(await status(bookId));
    expect(await books.resumeIfStalled(bookId, Date.parse(BEFORE) + 10_000)).toBe("running");

    const first = await resumeInterrupted(db, books, STARTED_AT);
    expect(first).toMatchObject({ resumed: 1 });
    expect(await scalar("SELECT generation_attempt FROM storybooks WHERE book_id = ?", bookId)).toBe(2);
    expect(["queued", "running", "complete"]).toContain(await status(`${bookId}-r2`));
    expect(await status(bookId)).toBe("terminated");
    // a second start (or a watcher at the same time) starts nothing more
    expect(await resumeInterrupted(db, books, STARTED_AT)).toEqual({ found: 0, resumed: 0 });
    expect(await scalar("SELECT generation_attempt FROM storybooks WHERE book_id = ?", bookId)).toBe(2);
    await (await env.STORY_WORKFLOW.get(`${bookId}-r2`)).terminate().catch(() => undefined);
  });

  it("leaves finished and failed books, books that moved since the start, and samples not yet started", async () => {
    const visitorId = `v${crypto.randomUUID().replace(/-/g, "")}`;
    const done = await makeBook({ visitorId }, { status: "complete", lastUpdated: BEFORE });
    const failed = await makeBook({ visitorId }, { status: "failed", lastUpdated: BEFORE });
    const moving = await makeBook({ visitorId }, { status: "illustrating", lastUpdated: new Date(STARTED_AT + 1_000).toISOString() });
    const sample = await makeBook({ visitorId: SAMPLE_OWNER_ID }, { status: "draft", step1Complete: false, lastUpdated: BEFORE });
    expect(await resumeInterrupted(db, books, STARTED_AT)).toEqual({ found: 0, resumed: 0 });
    for (const id of [done, failed, moving, sample]) expect(await scalar("SELECT generation_attempt FROM storybooks WHERE book_id = ?", id)).toBe(1);
  });
});
