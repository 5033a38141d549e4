import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { randomId } from "~/domain/ids";
import { signedInRedirect } from "~/routes/auth.server";
import { resolveIdentity } from "~/services/auth/identity.server";
import { createClaimService } from "~/services/auth/claim.server";
import { addLedgerEntry, creditBalance } from "~/services/db/credits.server";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import { orders, subscriptions } from "~/services/db/schema/index";
import { conversationsOf, recordConversation } from "~/services/nino/conversations.server";
import { getLoadContext, rememberIdentity } from "../../workers/load-context";
import { BASE, newSession, SESSION_COOKIE, verifiedParent } from "./claim-helpers";
import { finishedBook } from "./book-fixtures";
import { db, makeBook, runSeed } from "./db-helpers";

// The claim on sign-in (app/services/auth/claim.server.ts): what a browser's visitor made becomes the
// profile's, in one batch, once, however many claims run.

const claims = createClaimService({ db, images: env.BOOK_IMAGES });
const r2Keys = async (prefix: string) => (await env.BOOK_IMAGES.list({ prefix })).objects.map((o) => o.key).sort();

/** Everything a visitor can own, as a browser would have made it before signing in. */
async function visitorWithEverything(visitorId = randomId(32)) {
  const visitor = { kind: "visitor", visitorId } as const;
  const finished = await finishedBook(visitorId); // its photo: uploads/{visitorId}/photo1
  const making = await makeBook({ visitorId }, { status: "writing", childImageKey: `uploads/${visitorId}/photo1` });
  await env.BOOK_IMAGES.put(`uploads/${visitorId}/formphoto`, new Uint8Array([255, 216, 255, 1]), { httpMetadata: { contentType: "image/jpeg" } });
  await addLedgerEntry(db, { owner: visitor, delta: 1, reason: "bonus", idempotencyKey: `welcome:${visitorId}` });
  await addLedgerEntry(db, { owner: visitor, delta: -1, reason: "book_deduction", idempotencyKey: `book:${finished}:deduct`, bookId: finished });
  // the catalogue's monthly plan (a plan of the test's own would show in every later file's price list)
  await runSeed();
  const planId = "storyteller-monthly";
  await db.insert(orders).values({ visitorId, currency: "USD", subtotalMinor: 500, totalMinor: 500, provider: "offline" });
  await db.insert(subscriptions).values({
    visitorId,
    planId,
    provider: "offline",
    credits: 1,
    currency: "USD",
    amountMinor: 500,
    currentPeriodStart: "2026-01-01T00:00:00.000Z",
    currentPeriodEnd: "2026-02-01T00:00:00.000Z",
  });
  await saveNinoMemory(db, visitor, {
    friendship: { personalDetails: { name: "Leo", pets: ["Biscuit"] }, familyContext: { pets: ["Biscuit"] } },
    history: { storiesCreated: 1 },
    preferences: { favoriteThemes: ["Ocean"] },
  });
  const sessions = [randomId(24), randomId(24)];
  for (const s of sessions) await recordConversation(db, visitor, s);
  return { visitorId, visitor, finished, making, sessions };
}

/** What a profile owns, row by row (ids and the columns a claim changes). */
async function ownedState(profileId: string, visitorId: string) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(profileId, visitorId).all()).results;
  return {
    books: await all("SELECT book_id, user_profile_id, child_image_key FROM storybooks WHERE user_profile_id = ?1 OR visitor_id = ?2 ORDER BY book_id"),
    ledger: await all(
      "SELECT idempotency_key, user_profile_id, delta FROM credit_ledger WHERE user_profile_id = ?1 OR visitor_id = ?2 ORDER BY idempotency_key",
    ),
    orders: await all("SELECT id, user_profile_id FROM orders WHERE user_profile_id = ?1 OR visitor_id = ?2 ORDER BY id"),
    subscriptions: await all("SELECT id, user_profile_id FROM subscriptions WHERE user_profile_id = ?1 OR visitor_id = ?2 ORDER BY id"),
    memory: await all(
      "SELECT user_profile_id, preferences, history, learning, behavior, friendship FROM nino_memory WHERE user_profile_id = ?1 OR visitor_id = ?2",
    ),
    conversations: await all("SELECT session_id, user_profile_id FROM nino_conversations WHERE user_profile_id = ?1 OR visitor_id = ?2 ORDER BY session_id"),
    uploads: [...(await r2Keys(`uploads/${profileId}/`)), ...(await r2Keys(`uploads/${visitorId}/`))],
  };
}

describe("the claim on sign-in", () => {
  it("moves books, credits, orders, subscriptions, Nino's memory and conversations, and the photos, to the profile", async () => {
    const parent = await verifiedParent();
    const v = await visitorWithEverything();
    const profile = { kind: "profile", userProfileId: parent.profileId } as const;

    const counts = await claims.claim(v.visitorId, parent.profileId);
    expect(counts).toEqual({ books: 2, ledger: 2, orders: 1, subscriptions: 1, conversations: 2, memory: "moved", uploads: 2 });

    const state = await ownedState(parent.profileId, v.visitorId);
    expect(state.books.map((b) => b.user_profile_id)).toEqual([parent.profileId, parent.profileId]);
    // both books now point at the profile's copy of the photo; the visitor's copies are gone
    expect(new Set(state.books.map((b) => b.child_image_key))).toEqual(new Set([`uploads/${parent.profileId}/photo1`]));
    expect(state.uploads).toEqual([`uploads/${parent.profileId}/formphoto`, `uploads/${parent.profileId}/photo1`]);
    expect(new Uint8Array(await (await env.BOOK_IMAGES.get(`uploads/${parent.profileId}/formphoto`))!.arrayBuffer())).toEqual(
      new Uint8Array([255, 216, 255, 1]),
    );
    expect((await env.BOOK_IMAGES.head(`uploads/${parent.profileId}/photo1`))?.httpMetadata?.contentType).toBe("image/jpeg");
    // the welcome credit and what it paid for: the profile's balance, none left to the visitor
    expect(await creditBalance(db, profile)).toBe(0);
    expect(state.ledger.every((e) => e.user_profile_id === parent.profileId)).toBe(true);
    expect(state.orders).toEqual([expect.objectContaining({ user_profile_id: parent.profileId })]);
    expect(state.subscriptions).toEqual([expect.objectContaining({ user_profile_id: parent.profileId })]);
    expect((await getNinoMemory(db, profile)).friendship.personalDetails.name).toBe("Leo");
    expect((await getNinoMemory(db, v.visitor)).updatedAt).toBeNull();
    expect((await conversationsOf(db, profile)).sort()).toEqual([...v.sessions].sort());
    expect(await conversationsOf(db, v.visitor)).toEqual([]);
  });

  it("keeps the profile's memory and folds the visitor's into it, and keeps one row per conversation", async () => {
    const parent = await verifiedParent();
    const profile = { kind: "profile", userProfileId: parent.profileId } as const;
    await saveNinoMemory(db, profile, {
      friendship: { personalDetails: { name: "Mia", age: 6, pets: ["Luna"] }, familyContext: { siblings: ["Sam"] } },
      history: { storiesCreated: 2, lastInteraction: "2026-01-01T08:00:00.000Z" },
      preferences: { favoriteThemes: ["Space"], communicationStyle: "playful" },
    });
    const v = await visitorWithEverything();
    // the profile already has one of the visitor's conversations (the same session id, signed in before)
    await recordConversation(db, { ...profile, visitorId: v.visitorId }, v.sessions[0]);

    const counts = await claims.claim(v.visitorId, parent.profileId);
    expect(counts.memory).toBe("merged");
    expect(counts.conversations).toBe(1);
    const memory = await getNinoMemory(db, profile);
    expect(memory.friendship.personalDetails).toMatchObject({ name: "Mia", age: 6, pets: ["Luna", "Biscuit"] });
    expect(memory.friendship.familyContext).toMatchObject({ siblings: ["Sam"], pets: ["Biscuit"] });
    expect(memory.history.storiesCreated).toBe(3);
    expect(memory.preferences).toMatchObject({ favoriteThemes: ["Space", "Ocean"], communicationStyle: "playful" });
    expect((await getNinoMemory(db, v.visitor)).updatedAt).toBeNull();
    expect((await conversationsOf(db, profile)).sort()).toEqual([...v.sessions].sort());
    expect(await scalar("SELECT count(*) FROM nino_conversations WHERE visitor_id = ?", v.visitorId)).toBe(2);
  });

  it("claiming twice changes nothing", async () => {
    const parent = await verifiedParent();
    const v = await visitorWithEverything();
    await claims.claim(v.visitorId, parent.profileId);
    const once = await ownedState(parent.profileId, v.visitorId);
    const again = await claims.claim(v.visitorId, parent.profileId);
    expect(again).toEqual({ books: 0, ledger: 0, orders: 0, subscriptions: 0, conversations: 0, memory: "none", uploads: 0 });
    expect(await ownedState(parent.profileId, v.visitorId)).toEqual(once);
  });

  it("ten claims at once end as one claim does: each thing moved once, the memory folded once", async () => {
    const parent = await verifiedParent();
    const profile = { kind: "profile", userProfileId: parent.profileId } as const;
    await saveNinoMemory(db, profile, { history: { storiesCreated: 2 }, friendship: { personalDetails: { name: "Mia" } } });
    const v = await visitorWithEverything();

    const results = await Promise.all(Array.from({ length: 10 }, () => claims.claim(v.visitorId, parent.profileId)));
    const total = (k: "books" | "ledger" | "orders" | "subscriptions" | "conversations") => results.reduce((n, r) => n + r[k], 0);
    expect([total("books"), total("ledger"), total("orders"), total("subscriptions"), total("conversations")]).toEqual([2, 2, 1, 1, 2]);
    expect(results.filter((r) => r.memory === "merged")).toHaveLength(1);

    const state = await ownedState(parent.profileId, v.visitorId);
    expect(state.books.map((b) => [b.user_profile_id, b.child_image_key])).toEqual([
      [parent.profileId, `uploads/${parent.profileId}/photo1`],
      [parent.profileId, `uploads/${parent.profileId}/photo1`],
    ]);
    expect(state.ledger.map((e) => e.user_profile_id)).toEqual([parent.profileId, parent.profileId]);
    expect(state.memory).toHaveLength(1);
    const memory = await getNinoMemory(db, profile);
    expect(memory.history.storiesCreated).toBe(3); // 2 + 1: folded once
    expect(memory.friendship.personalDetails.name).toBe("Mia");
    expect(state.conversations.map((c) => c.user_profile_id)).toEqual([parent.profileId, parent.profileId]);
    expect(state.uploads).toEqual([`uploads/${parent.profileId}/formphoto`, `uploads/${parent.profileId}/photo1`]);
    // and one more claim finds nothing left
    await claims.claim(v.visitorId, parent.profileId);
    expect(await ownedState(parent.profileId, v.visitorId)).toEqual(state);
  });

  it("never claims the sample books' reserved owner", async () => {
    const parent = await verifiedParent();
    const counts = await claims.claim("storynest-samples", parent.profileId);
    expect(counts.books).toBe(0);
    expect(await scalar("SELECT count(*) FROM storybooks WHERE user_profile_id = ?", parent.profileId)).toBe(0);
  });
});

describe("signedInRedirect: every sign-in claims", () => {
  it("claims this browser's things, sets the session and answers with a full page load", async () => {
    const parent = await verifiedParent();
    const v = await visitorWithEverything();
    const token = await newSession(parent);
    const request = new Request(`${BASE}/auth/login`, { method: "POST", headers: { Cookie: `sn_vid=${v.visitorId}` } });
    rememberIdentity(request, await resolveIdentity(db, request, v.visitorId));
    const context = getLoadContext(env, createExecutionContext(), "test-request", request);
    const result = {
      ok: true as const,
      token,
      sessionId: "s",
      userId: parent.userId,
      userProfileId: parent.profileId,
      needsProfile: false,
      claimBrowser: true,
    };

    const res = await signedInRedirect(request, context, result, "/library");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/library");
    expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(res.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=${token}`);
    expect(await scalar("SELECT count(*) FROM storybooks WHERE user_profile_id = ?", parent.profileId)).toBe(2);
    expect(await scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ? AND user_profile_id IS NULL", v.visitorId)).toBe(0);
  });
});

async function scalar(query: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...binds)
    .first<Record<string, number>>();
  return Number(Object.values(row ?? {})[0]);
}
