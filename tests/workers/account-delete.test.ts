import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { imageKey } from "~/domain/story/book-view";
import { sha256Hex } from "~/services/auth/crypto.server";
import { createSession } from "~/services/auth/sessions.server";
import { addLedgerEntry } from "~/services/db/credits.server";
import { saveNinoMemory } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";
import { orders, shares } from "~/services/db/schema/index";
import { recordConversation } from "~/services/nino/conversations.server";
import { accounts, callAs, count, INFO, makeAccount, pageText, PNG_1PX, type TestAccount } from "./account-helpers";
import { db, makeBook, uid } from "./db-helpers";

// "Delete my account" on /myaccount: two steps, then everything the account owns is gone.

const PASSWORD = "a long family passphrase";
const keysUnder = async (prefix: string) => (await env.BOOK_IMAGES.list({ prefix })).objects.map((o) => o.key);

/** A finished book of the profile with a drawn page and the child's photo in R2. */
async function bookOf(profileId: string, extra: Record<string, unknown> = {}) {
  const photo = `uploads/${profileId}/${uid("photo")}`;
  const bookId = await makeBook({ userProfileId: profileId }, { status: "complete", title: "Mia and the Moon", childImageKey: photo, ...extra });
  await env.BOOK_IMAGES.put(imageKey(bookId, 1, 1), PNG_1PX, { httpMetadata: { contentType: "image/png" } });
  await env.BOOK_IMAGES.put(`${bookId}/book.pdf`, new Uint8Array([37, 80, 68, 70]));
  await env.BOOK_IMAGES.put(photo, new Uint8Array([255, 216, 255]), { httpMetadata: { contentType: "image/jpeg" } });
  return bookId;
}

/** Everything an account can own, made for `parent`. */
async function fillAccount(parent: TestAccount) {
  const owner: Owner = { kind: "profile", userProfileId: parent.profileId };
  const bookId = await bookOf(parent.profileId);
  const failedBook = await makeBook({ userProfileId: parent.profileId }, { status: "failed" });
  await db.insert(shares).values({ storyId: bookId, sharedBy: parent.userId, shareType: "link", shareCode: uid("share") });
  // a photo uploaded through the API while signed in goes into the profile's folder
  const form = new FormData();
  form.set("photo", new File([PNG_1PX.slice().buffer as ArrayBuffer], "kid.png"));
  form.set("photoConsent", "yes");
  const uploaded = await parent.call("/api/uploads", { method: "POST", body: form });
  expect(uploaded.status).toBe(201);
  const { uploadId } = await uploaded.json<{ uploadId: string }>();
  expect(await env.BOOK_IMAGES.head(`uploads/${parent.profileId}/${uploadId}`)).not.toBeNull();
  // the picture
  const avatar = new FormData();
  avatar.set("intent", "avatar");
  avatar.set("avatar", new File([PNG_1PX.slice().buffer as ArrayBuffer], "me.png"));
  expect((await parent.post("/profile", avatar)).status).toBe(200);
  // credits and a purchase
  await addLedgerEntry(db, { owner, delta: 2, reason: "bonus", idempotencyKey: uid("welcome") });
  const [order] = await db
    .insert(orders)
    .values({
      userProfileId: parent.profileId,
      status: "paid",
      currency: "USD",
      subtotalMinor: 500,
      totalMinor: 500,
      provider: "offline",
      paidAt: new Date().toISOString(),
    })
    .returning({ id: orders.id });
  await addLedgerEntry(db, { owner, delta: 5, reason: "purchase", idempotencyKey: uid("order"), orderId: order.id });
  // Nino
  await saveNinoMemory(db, owner, { friendship: { personalDetails: { name: "Mia" } } });
  await recordConversation(
    db,
    owner,
    uid("conv")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(24, "c"),
  );
  // the welcome credits' record of the address, another browser, a pending e-mail change
  await env.DB.prepare("insert or ignore into welcome_grants (email_hash) values (?)")
    .bind(await sha256Hex(parent.email))
    .run();
  await createSession(db, parent.userId, "Safari on iPhone or iPad");
  expect((await parent.post("/myaccount", { intent: "change-email", email: `next-${parent.email}`, currentPassword: PASSWORD })).status).toBe(200);
  return { bookId, failedBook };
}

describe("/myaccount: delete my account", () => {
  it("asks first, refuses a wrong confirmation, then deletes everything the account owns and signs out", async () => {
    const parent = await makeAccount({ password: PASSWORD });
    const { bookId, failedBook } = await fillAccount(parent);
    const others = await makeAccount();
    const otherBook = await bookOf(others.profileId);
    const visitorBook = await makeBook({ visitorId: uid("v").replace(/[^A-Za-z0-9]/g, "") }, { status: "complete" });

    const step1 = await parent.post("/myaccount", { intent: "delete-start" });
    expect(step1.status).toBe(200);
    const asked = await pageText(step1);
    expect(asked).toContain("To confirm, type your e-mail address or the word DELETE");
    expect(asked).toContain("We keep only a one-way fingerprint of your e-mail address");
    expect(await count("storybooks where book_id = ?", bookId)).toBe(1);

    const wrong = await parent.post("/myaccount", { intent: "delete-confirm", confirm: "delete please" });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toMatch(/<p id="account-confirm-error"[^>]*>.*That is neither your e-mail address nor the word DELETE/);
    expect(await count("users where id = ?", parent.userId)).toBe(1);

    const done = await parent.post("/myaccount", { intent: "delete-confirm", confirm: ` ${parent.email.toUpperCase()} ` });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account-deleted");
    expect(done.headers.get("Set-Cookie")).toMatch(/^sn_session=; Path=\/; Max-Age=0/);

    // the books, with their pictures, PDF, photos and share link
    expect(await count("storybooks where user_profile_id = ?", parent.profileId)).toBe(0);
    expect(await count("storybooks where book_id in (?, ?)", bookId, failedBook)).toBe(0);
    expect(await count("shares where story_id = ?", bookId)).toBe(0);
    expect(await keysUnder(`${bookId}/`)).toEqual([]);
    expect(await keysUnder(`uploads/${parent.profileId}/`)).toEqual([]);
    expect(await keysUnder(`avatars/${parent.profileId}/`)).toEqual([]);
    // credits, purchases, Nino
    expect(await count("credit_ledger where user_profile_id = ?", parent.profileId)).toBe(0);
    expect(await count("orders where user_profile_id = ?", parent.profileId)).toBe(0);
    expect(await count("nino_memory where user_profile_id = ?", parent.profileId)).toBe(0);
    expect(await count("nino_conversations where user_profile_id = ?", parent.profileId)).toBe(0);
    // sign-in: sessions, links, profile, user
    expect(await count("auth_sessions where user_id = ?", parent.userId)).toBe(0);
    expect(await count("auth_tokens where user_id = ?", parent.userId)).toBe(0);
    expect(await count("user_profiles where id = ?", parent.profileId)).toBe(0);
    expect(await count("users where id = ?", parent.userId)).toBe(0);
    // the address's welcome-credit record stays (a hash only)
    expect(await count("welcome_grants where email_hash = ?", await sha256Hex(parent.email))).toBe(1);
    // everyone else's things stay
    expect(await count("storybooks where book_id in (?, ?)", otherBook, visitorBook)).toBe(2);
    expect(await keysUnder(`${otherBook}/`)).not.toEqual([]);

    // the cookie and the password sign nobody in
    expect((await parent.call("/myaccount")).status).toBe(302);
    const signIn = await accounts.signIn({ email: parent.email, password: PASSWORD }, INFO);
    expect(signIn).toMatchObject({ ok: false, status: 401 });

    const page = await callAs(null)("/account-deleted");
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Your account and everything in it are deleted");
  });

  it("accepts the word DELETE too", async () => {
    const parent = await makeAccount();
    const done = await parent.post("/myaccount", { intent: "delete-confirm", confirm: "DELETE" });
    expect(done.status).toBe(302);
    expect(await count("users where id = ?", parent.userId)).toBe(0);
  });

  it("waits for a book still being made, deleting nothing", async () => {
    const parent = await makeAccount();
    const finished = await bookOf(parent.profileId);
    const making = await makeBook({ userProfileId: parent.profileId }, { status: "illustrating", lastUpdated: new Date().toISOString() });
    const res = await parent.post("/myaccount", { intent: "delete-confirm", confirm: "DELETE" });
    expect(res.status).toBe(409);
    expect(await pageText(res)).toContain("One of your books is still being made");
    expect(await count("storybooks where book_id in (?, ?)", finished, making)).toBe(2);
    expect(await keysUnder(`${finished}/`)).not.toEqual([]);
    expect(await count("users where id = ?", parent.userId)).toBe(1);
    expect((await parent.call("/myaccount")).status).toBe(200);
  });

  it("refuses a deletion posted from another site", async () => {
    const parent = await makeAccount();
    const res = await parent.post("/myaccount", { intent: "delete-confirm", confirm: "DELETE" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await count("users where id = ?", parent.userId)).toBe(1);
  });
});
