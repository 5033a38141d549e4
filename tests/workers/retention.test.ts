import { createExecutionContext, createScheduledController, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import { noteVisit, touchVisitor } from "~/services/db/visitors.server";
import { VISITOR_RETENTION_MS } from "~/services/retention.server";
import worker from "../../workers/app";
import { finishedBook } from "./book-fixtures";
import { createDb } from "~/services/db/client.server";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

// Books made without an account are deleted 12 months after the visitor's last visit (the privacy
// policy), by the cron trigger's sweep; a visit keeps them.

const DAY = 24 * 60 * 60 * 1000;
const lastSeen = async (visitorId: string) =>
  (await env.DB.prepare("select last_seen_at from fingerprint_visitors where visitor_id = ?").bind(visitorId).first<{ last_seen_at: string }>())
    ?.last_seen_at ?? null;
const bookExists = async (bookId: string) => (await env.DB.prepare("select 1 from storybooks where book_id = ?").bind(bookId).first()) !== null;
const sweep = () => worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, createExecutionContext());

describe("keeping a visitor's books for 12 months after their last visit", () => {
  it("notes a returning browser's visit, at most once a day", async () => {
    const visitorId = uid("v")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "x");
    const t0 = new Date(Date.UTC(2026, 5, 1, 8));
    await touchVisitor(db, visitorId, t0);
    expect(await lastSeen(visitorId)).toBe(t0.toISOString());
    await touchVisitor(db, visitorId, new Date(t0.getTime() + 3_600_000));
    expect(await lastSeen(visitorId)).toBe(t0.toISOString());
    const nextDay = new Date(t0.getTime() + DAY + 60_000);
    await touchVisitor(db, visitorId, nextDay);
    expect(await lastSeen(visitorId)).toBe(nextDay.toISOString());

    // through the Worker: a page visit with the cookie counts
    const returning = uid("r")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "y");
    await touchVisitor(db, returning, new Date(Date.now() - 300 * DAY));
    const res = await SELF.fetch("https://example.com/about", { headers: { Cookie: `sn_vid=${returning}` } });
    await res.arrayBuffer();
    await expect.poll(async () => Date.parse((await lastSeen(returning))!), { timeout: 5000 }).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a page visit's note leaves the same rows as the write it skips: once a day, the next day again", async () => {
    const visitorId = uid("n")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "z");
    const t0 = new Date(Date.UTC(2026, 6, 1, 8));
    await noteVisit(db, visitorId, t0);
    expect(await lastSeen(visitorId)).toBe(t0.toISOString());
    await noteVisit(db, visitorId, new Date(t0.getTime() + 3_600_000));
    expect(await lastSeen(visitorId)).toBe(t0.toISOString());
    const nextDay = new Date(t0.getTime() + DAY + 60_000);
    await noteVisit(db, visitorId, nextDay);
    expect(await lastSeen(visitorId)).toBe(nextDay.toISOString());
  });

  it("a page visit's note, for a visit already written elsewhere that day, sends no write until a day after it", async () => {
    const visitorId = uid("e")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "e");
    const t0 = new Date(Date.UTC(2026, 6, 2, 8));
    // another isolate (or one before a restart) wrote the visit at t0
    await touchVisitor(db, visitorId, t0);
    // the D1 statements this isolate's notes send
    const sent: string[] = [];
    const counting = new Proxy(env.DB, {
      get(target, name) {
        if (name === "prepare") return (query: string) => (sent.push(query), target.prepare(query));
        const value = Reflect.get(target, name) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const notes = createDb(counting);
    await noteVisit(notes, visitorId, new Date(t0.getTime() + 3_600_000));
    const first = sent.length;
    expect(first).toBeGreaterThan(0);
    for (const hours of [2, 5, 23]) await noteVisit(notes, visitorId, new Date(t0.getTime() + hours * 3_600_000));
    expect(sent.length).toBe(first);
    expect(await lastSeen(visitorId)).toBe(t0.toISOString());
    // a day after the visit written elsewhere, the note writes again, and the row moves
    const nextDay = new Date(t0.getTime() + DAY + 60_000);
    await noteVisit(notes, visitorId, nextDay);
    expect(sent.length).toBeGreaterThan(first);
    expect(await lastSeen(visitorId)).toBe(nextDay.toISOString());
  });

  it("deletes the books, photos, Nino's memory and record of a visitor away 12 months; keeps everyone else's", async () => {
    const gone = uid("g")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "g");
    const recent = uid("k")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "k");
    const now = Date.now();
    await touchVisitor(db, gone, new Date(now - VISITOR_RETENTION_MS - DAY));
    await touchVisitor(db, recent, new Date(now - VISITOR_RETENTION_MS + 30 * DAY));
    const goneBook = await finishedBook(gone);
    const goneFailed = await makeBook({ visitorId: gone }, { status: "failed" });
    await env.BOOK_IMAGES.put(`uploads/${gone}/unused-photo`, new Uint8Array([255, 216, 255]));
    await saveNinoMemory(db, { kind: "visitor", visitorId: gone }, { friendship: { personalDetails: { name: "Mia" } } });
    const keptBook = await finishedBook(recent);
    // a book the visitor's account has claimed belongs to the account: it stays
    const { profileId } = await makeProfile();
    const claimed = await makeBook({ visitorId: gone, userProfileId: profileId }, { status: "complete" });

    await sweep();

    expect(await bookExists(goneBook)).toBe(false);
    expect(await bookExists(goneFailed)).toBe(false);
    expect((await env.BOOK_IMAGES.list({ prefix: `uploads/${gone}/` })).objects).toEqual([]);
    expect((await env.BOOK_IMAGES.list({ prefix: `${goneBook}/` })).objects).toEqual([]);
    expect((await getNinoMemory(db, { kind: "visitor", visitorId: gone })).updatedAt).toBeNull();
    expect(await lastSeen(gone)).toBeNull();
    expect(await bookExists(claimed)).toBe(true);
    expect(await bookExists(keptBook)).toBe(true);
    expect(await env.BOOK_IMAGES.head(`uploads/${recent}/photo1`)).not.toBeNull();
    expect(await lastSeen(recent)).not.toBeNull();
  });

  it("waits for a book still being made before letting the visitor go", async () => {
    const away = uid("w")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "w");
    await touchVisitor(db, away, new Date(Date.now() - VISITOR_RETENTION_MS - DAY));
    const making = await makeBook({ visitorId: away }, { status: "illustrating", lastUpdated: new Date().toISOString() });
    await sweep();
    expect(await bookExists(making)).toBe(true);
    expect(await lastSeen(away)).not.toBeNull();
  });
});
