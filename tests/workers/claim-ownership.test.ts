import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { buildCharacterSheet } from "~/domain/story/writer";
import { briefOf } from "~/services/books/generate.server";
import { privacySettings, storybooks } from "~/services/db/schema/index";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PNG_1PX } from "./account-helpers";
import { createClaimService } from "~/services/auth/claim.server";
import { addLedgerEntry } from "~/services/db/credits.server";
import { saveNinoMemory } from "~/services/db/nino-memory.server";
import { browser, FORM, newSession, postJson, scalar, verifiedParent, type Browser, type Parent } from "./claim-helpers";
import { finishedBook } from "./book-fixtures";
import { db, makeBook } from "./db-helpers";

// After a sign-in, everything follows the owner (the profile): the books a browser made before are
// found from any browser of the account, and the visitor cookie alone no longer finds them (404, like
// something that does not exist).

vi.setConfig({ testTimeout: 60_000 });
const claims = createClaimService({ db, images: env.BOOK_IMAGES });
const share = (makePublic: boolean) => postJson({ public: makePublic });
const upload = () => {
  const form = new FormData();
  form.set("photo", new File([PNG_1PX.slice().buffer as ArrayBuffer], "photo.png"));
  form.set("photoConsent", "yes");
  return { method: "POST", body: form };
};

let parent: Parent;
/** the browser that made the books, now signed in */
let first: Browser;
/** the same browser's visitor cookie without the session (signed out, or a copy of the old cookie) */
let visitorOnly: Browser;
/** another browser with the same session */
let second: Browser;
/** another browser with its own session of the same account */
let third: Browser;
let finished: string;
let making: string;

beforeAll(async () => {
  parent = await verifiedParent();
  first = browser();
  finished = await finishedBook(first.visitorId);
  // the written story's character sheet, which drawing a page again needs
  const [row] = await db.select().from(storybooks).where(eq(storybooks.bookId, finished));
  await db
    .update(storybooks)
    .set({ storyContent: JSON.stringify({ characterSheet: buildCharacterSheet(briefOf(row), finished) }) })
    .where(eq(storybooks.bookId, finished));
  making = await makeBook({ visitorId: first.visitorId }, { status: "illustrating" });
  await saveNinoMemory(db, { kind: "visitor", visitorId: first.visitorId }, { friendship: { personalDetails: { name: "Leo", favoriteThings: ["kites"] } } });
  // before the sign-in the visitor sees its book
  expect((await first.call(`/api/books/${finished}`)).status).toBe(200);

  const token = await newSession(parent);
  await claims.claim(first.visitorId, parent.profileId);
  first.signIn(token);
  visitorOnly = browser({ visitorId: first.visitorId });
  second = browser({ session: token });
  third = browser({ session: await newSession(parent) });
});

describe("after a sign-in, the profile owns what the browser made", () => {
  it("the book's page and data: the profile from any browser, never the visitor cookie alone", async () => {
    for (const b of [first, second, third]) {
      expect((await b.call(`/youraistory/${finished}`)).status).toBe(200);
      expect((await b.call(`/api/books/${finished}`)).status).toBe(200);
    }
    expect((await visitorOnly.call(`/youraistory/${finished}`)).status).toBe(404);
    expect((await visitorOnly.call(`/api/books/${finished}`)).status).toBe(404);
    expect((await visitorOnly.call(`/api/books/${finished}/events`)).status).toBe(404);
  });

  it("the PDF: the profile is told it is still being made; the visitor cookie alone gets 404", async () => {
    expect((await second.call(`/api/books/${making}/pdf`)).status).toBe(409);
    expect((await visitorOnly.call(`/api/books/${making}/pdf`)).status).toBe(404);
    expect((await visitorOnly.call(`/api/books/${finished}/pdf`)).status).toBe(404);
  });

  it("sharing: only the profile", async () => {
    expect((await visitorOnly.call(`/api/books/${finished}/share`)).status).toBe(404);
    // a public link needs a signed-in parent: the visitor cookie alone is asked to sign in
    expect((await visitorOnly.call(`/api/books/${finished}/share`, share(true))).status).toBe(401);
    expect((await visitorOnly.call(`/api/books/${finished}/share`, share(false))).status).toBe(404);
    // ... whose privacy settings allow public links
    expect((await third.call(`/api/books/${finished}/share`, share(true))).status).toBe(403);
    await db.insert(privacySettings).values({ userId: parent.userId, allowPublicSharing: true });
    const on = await third.call(`/api/books/${finished}/share`, share(true));
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ public: true });
    expect((await second.call(`/api/books/${finished}/share`, share(false))).status).toBe(200);
  });

  it("editing the words and drawing a picture again: only the profile", async () => {
    const edit = (text: string) => ({ method: "POST", body: new URLSearchParams({ field: "title", text }) });
    expect((await visitorOnly.call(`/modify-story/${finished}`)).status).toBe(404);
    expect((await visitorOnly.call(`/modify-story/${finished}`, edit("Not yours"))).status).toBe(404);
    expect((await third.call(`/modify-story/${finished}`, edit("Leo and the Moon Picnic"))).status).toBe(200);
    expect(await scalar<string>("SELECT title FROM storybooks WHERE book_id = ?", finished)).toBe("Leo and the Moon Picnic");
    expect((await visitorOnly.call(`/api/books/${finished}/pages/3/picture`, { method: "POST" })).status).toBe(404);
    const drawn = await second.call(`/api/books/${finished}/pages/3/picture`, { method: "POST" });
    expect(drawn.status).toBe(200);
    expect(await drawn.json()).toMatchObject({ status: "drawn" });
  });

  it("Nino's memory page shows the profile what Nino learned on that browser, and the visitor cookie alone nothing", async () => {
    const mine = await (await second.call("/nino-friendship")).text();
    expect(mine).toContain("What Nino remembers about Leo");
    expect(mine).toContain("kites");
    const theirs = await (await visitorOnly.call("/nino-friendship")).text();
    expect(theirs).toContain("Nino hasn&#x27;t met your family yet");
  });

  it("the library: the profile's list, under another cache key than the visitor's", async () => {
    const asProfile = await (await third.call("/api/library")).json<{ ownerKey: string; books: { bookId: string }[] }>();
    const asVisitor = await (await visitorOnly.call("/api/library")).json<{ ownerKey: string; books: { bookId: string }[] }>();
    expect(asProfile.books.map((b) => b.bookId).sort()).toEqual([finished, making].sort());
    expect(asVisitor.books).toEqual([]);
    expect(asProfile.ownerKey).not.toBe(asVisitor.ownerKey);
    // every browser of the account shares one key; the page names the same owner to its cache as the API
    const profilePage = await (await second.call("/library")).text();
    expect(profilePage).toContain(asProfile.ownerKey);
    expect(profilePage).not.toContain(asVisitor.ownerKey);
    const visitorPage = await (await visitorOnly.call("/library")).text();
    expect(visitorPage).toContain(asVisitor.ownerKey);
    expect(visitorPage).not.toContain(asProfile.ownerKey);
    expect(visitorPage).not.toContain(finished);
  });

  it("a photo uploaded while signed in is the account's: a book made from another browser of it can use it, a visitor cannot", async () => {
    await addLedgerEntry(db, {
      owner: { kind: "profile", userProfileId: parent.profileId },
      delta: 2,
      reason: "bonus",
      idempotencyKey: `gift:${parent.profileId}`,
    });
    const res = await second.call("/api/uploads", upload());
    expect(res.status).toBe(201);
    const { uploadId } = await res.json<{ uploadId: string }>();
    expect(await env.BOOK_IMAGES.head(`uploads/${parent.profileId}/${uploadId}`)).not.toBeNull();
    const stranger = await visitorOnly.call("/api/books", postJson({ ...FORM, childImage: uploadId }));
    expect(stranger.status).toBe(400);
    const made = await third.call("/api/books", postJson({ ...FORM, childImage: uploadId }));
    expect(made.status).toBe(201);
    const { bookId } = await made.json<{ bookId: string }>();
    expect(await scalar<string>("SELECT child_image_key FROM storybooks WHERE book_id = ?", bookId)).toBe(`uploads/${parent.profileId}/${uploadId}`);
  });

  it("deleting: only the profile", async () => {
    expect((await visitorOnly.call(`/api/books/${finished}`, { method: "DELETE" })).status).toBe(404);
    expect((await third.call(`/api/books/${finished}`, { method: "DELETE" })).status).toBe(204);
    expect((await second.call(`/api/books/${finished}`)).status).toBe(404);
  });
});
