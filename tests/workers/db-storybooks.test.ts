import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { addLedgerEntry, creditBalance } from "~/services/db/credits.server";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import { ownerOf } from "~/services/db/owner.server";
import { claimForProfile, listStorybooks } from "~/services/db/storybooks.server";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

describe("library", () => {
  it("lists an owner's books newest first, with the library fields", async () => {
    const visitorId = uid("v");
    const older = await makeBook({ visitorId }, { createdAt: "2025-01-01T10:00:00.000Z", childName: "Leo", theme: "Ocean", tokensWords: 812 });
    const newer = await makeBook({ visitorId }, { createdAt: "2025-02-01T10:00:00.000Z", slug: `leo-${uid("s").toLowerCase()}` });
    await makeBook({ visitorId: uid("v") }); // someone else's
    const books = await listStorybooks(db, { kind: "visitor", visitorId });
    expect(books.map((b) => b.bookId)).toEqual([newer, older]);
    expect(books[1]).toEqual({
      bookId: older,
      childName: "Leo",
      theme: "Ocean",
      storyDescription: "Mia flies a cardboard rocket to a moon made of cheese.",
      title: null,
      slug: null,
      tokensWords: 812,
      createdAt: "2025-01-01T10:00:00.000Z",
      lastUpdated: expect.stringMatching(/Z$/),
    });
  });

  it("shows a profile its books and a visitor only the books no profile has claimed", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    const mine = await makeBook({ visitorId, userProfileId: profileId });
    const anonymous = await makeBook({ visitorId });
    expect((await listStorybooks(db, { kind: "profile", userProfileId: profileId })).map((b) => b.bookId)).toEqual([mine]);
    expect((await listStorybooks(db, { kind: "visitor", visitorId })).map((b) => b.bookId)).toEqual([anonymous]);
  });

  it("picks the owner from an identity", () => {
    expect(ownerOf({ visitorId: "v1", userProfileId: "p1" })).toEqual({ kind: "profile", userProfileId: "p1", visitorId: "v1" });
    expect(ownerOf({ visitorId: "v1", userProfileId: null })).toEqual({ kind: "visitor", visitorId: "v1" });
    expect(() => ownerOf({})).toThrow(/visitor id or a user profile id/);
  });
});

describe("claim on login", () => {
  it("assigns the visitor's unclaimed books to the profile and leaves others alone", async () => {
    const visitorId = uid("v");
    const otherVisitor = uid("v");
    const me = await makeProfile();
    const someoneElse = await makeProfile();
    const a = await makeBook({ visitorId }, { lastUpdated: "2025-01-05T00:00:00.000Z" });
    const b = await makeBook({ visitorId });
    const alreadyTheirs = await makeBook({ visitorId, userProfileId: someoneElse.profileId });
    const notMine = await makeBook({ visitorId: otherVisitor });

    const result = await claimForProfile(db, { visitorId, userProfileId: me.profileId });
    expect(result.bookIds).toEqual([a, b].sort());

    const owners = await env.DB.prepare("SELECT book_id, user_profile_id, last_updated FROM storybooks WHERE book_id IN (?, ?, ?, ?)")
      .bind(a, b, alreadyTheirs, notMine)
      .all<{ book_id: string; user_profile_id: string | null; last_updated: string }>();
    const byId = Object.fromEntries(owners.results.map((r) => [r.book_id, r]));
    expect(byId[a].user_profile_id).toBe(me.profileId);
    expect(byId[b].user_profile_id).toBe(me.profileId);
    expect(byId[alreadyTheirs].user_profile_id).toBe(someoneElse.profileId);
    expect(byId[notMine].user_profile_id).toBeNull();
    // a claim is not an edit
    expect(byId[a].last_updated).toBe("2025-01-05T00:00:00.000Z");

    // claiming again finds nothing new
    expect((await claimForProfile(db, { visitorId, userProfileId: me.profileId })).bookIds).toEqual([]);
    expect((await listStorybooks(db, { kind: "profile", userProfileId: me.profileId })).map((x) => x.bookId).sort()).toEqual([a, b].sort());
  });

  it("brings the visitor's credits and Nino memory along", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    await addLedgerEntry(db, { owner: { kind: "visitor", visitorId }, delta: 1, reason: "bonus", idempotencyKey: `welcome:${visitorId}` });
    await saveNinoMemory(db, { kind: "visitor", visitorId }, { friendship: { personalDetails: { name: "Mia", pets: ["Biscuit the dog"] } } });
    const result = await claimForProfile(db, { visitorId, userProfileId: profileId });
    expect(result).toMatchObject({ ledgerEntries: 1, orders: 0, subscriptions: 0, ninoMemory: 1 });
    expect(await creditBalance(db, { kind: "profile", userProfileId: profileId })).toBe(1);
    expect(await creditBalance(db, { kind: "visitor", visitorId })).toBe(0);
    expect((await getNinoMemory(db, { kind: "profile", userProfileId: profileId })).friendship.personalDetails.pets).toEqual(["Biscuit the dog"]);
  });

  it("keeps the profile's own Nino memory when it already has one", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    await saveNinoMemory(db, { kind: "profile", userProfileId: profileId }, { learning: { interests: ["dinosaurs"] } });
    await saveNinoMemory(db, { kind: "visitor", visitorId }, { learning: { interests: ["trains"] } });
    expect((await claimForProfile(db, { visitorId, userProfileId: profileId })).ninoMemory).toBe(0);
    expect((await getNinoMemory(db, { kind: "profile", userProfileId: profileId })).learning.interests).toEqual(["dinosaurs"]);
  });

  it("rejects a claim for a profile that does not exist, changing nothing", async () => {
    const visitorId = uid("v");
    const book = await makeBook({ visitorId });
    await expect(claimForProfile(db, { visitorId, userProfileId: "no-such-profile" })).rejects.toThrow();
    const row = await env.DB.prepare("SELECT user_profile_id FROM storybooks WHERE book_id = ?").bind(book).first();
    expect(row).toEqual({ user_profile_id: null });
    await expect(claimForProfile(db, { visitorId: "", userProfileId: "x" })).rejects.toBeInstanceOf(ZodError);
  });
});
