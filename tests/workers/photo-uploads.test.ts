import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PHOTO_ERRORS } from "~/domain/story/photo";
import { sweepUnusedUploads, UNUSED_UPLOAD_MS } from "~/services/books/uploads.server";
import { finishedBook } from "./book-fixtures";
import { browser, freshIp, postJson, scalar, FORM, type Browser } from "./claim-helpers";
import { db, uid } from "./db-helpers";
import { GPS_JPEG_BASE64 } from "./photo-fixtures";

// The child's photo: taken only with the parent's tick, kept without its metadata, refused when it
// is not a whole photo, limited per address and per visitor, stored only when the book is made, and
// deleted when removed, replaced or left unused for a day.

vi.setConfig({ testTimeout: 60_000 });
const GPS_JPEG = Uint8Array.from(atob(GPS_JPEG_BASE64), (c) => c.charCodeAt(0));
const file = (bytes: Uint8Array, name: string) => new File([bytes.slice().buffer as ArrayBuffer], name);

function uploadBody(bytes: Uint8Array, consent: string | null = "yes") {
  const form = new FormData();
  form.set("photo", file(bytes, "ava.jpg"));
  if (consent !== null) form.set("photoConsent", consent);
  return { method: "POST", body: form };
}

const storyForm = (fields: Record<string, string | File> = {}) => {
  const form = new FormData();
  const base = { childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: uid("key-") };
  for (const [k, v] of Object.entries({ ...base, ...fields })) form.set(k, v);
  return { method: "POST", body: form };
};

const uploadsOf = async (folder: string) => (await env.BOOK_IMAGES.list({ prefix: `uploads/${folder}/` })).objects.map((o) => o.key);

async function upload(b: Browser, bytes = GPS_JPEG) {
  const res = await b.call("/api/uploads", uploadBody(bytes));
  expect(res.status).toBe(201);
  return (await res.json<{ uploadId: string }>()).uploadId;
}

describe("POST /api/uploads", () => {
  it("keeps a photo without its GPS, EXIF, XMP or comment, noting the parent's agreement", async () => {
    const b = browser({ ip: freshIp() });
    expect(new TextDecoder("latin1").decode(GPS_JPEG)).toContain("Elm Street");
    const res = await b.call("/api/uploads", uploadBody(GPS_JPEG));
    expect(res.status).toBe(201);
    const { uploadId, contentType } = await res.json<{ uploadId: string; contentType: string }>();
    expect(contentType).toBe("image/jpeg");
    const stored = (await env.BOOK_IMAGES.get(`uploads/${b.visitorId}/${uploadId}`))!;
    expect(stored.customMetadata?.parentConsent).toMatch(/^\d{4}-\d\d-\d\dT/);
    const text = new TextDecoder("latin1").decode(await stored.arrayBuffer());
    for (const word of ["Elm Street", "Ava", "PhoneCo", "GPS", "xmp"]) expect(text).not.toContain(word);
  });

  it("refuses without the parent's tick, a 12-byte fake WebP and a broken JPEG, storing nothing", async () => {
    const b = browser({ ip: freshIp() });
    for (const [body, error] of [
      [uploadBody(GPS_JPEG, null), PHOTO_ERRORS.consent],
      [uploadBody(GPS_JPEG, "no"), PHOTO_ERRORS.consent],
      [uploadBody(new TextEncoder().encode("RIFF\x04\x00\x00\x00WEBP")), PHOTO_ERRORS.unreadable],
      [uploadBody(GPS_JPEG.slice(0, 2000)), PHOTO_ERRORS.unreadable],
    ] as const) {
      const res = await b.call("/api/uploads", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: error });
    }
    expect(await uploadsOf(b.visitorId)).toEqual([]);
  });

  it("takes at most 10 a minute from one visitor and address: 30 at once → 10 kept, 20 × 429 with Retry-After", async () => {
    const ip = freshIp();
    const b = browser({ ip });
    const answers = await Promise.all(Array.from({ length: 30 }, () => b.call("/api/uploads", uploadBody(GPS_JPEG))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: PHOTO_ERRORS.tooMany });
    await Promise.all(answers.map((r) => r.arrayBuffer().catch(() => undefined)));
    expect(await uploadsOf(b.visitorId)).toHaveLength(10);
    // a new visitor (a dropped cookie) from the same address is still counted
    const again = await browser({ ip }).call("/api/uploads", uploadBody(GPS_JPEG));
    expect(again.status).toBe(429);
    await again.arrayBuffer();
  });
});

describe("the story form's photo", () => {
  it("needs the parent's tick (400, nothing stored) and is kept, cleaned, with the book when ticked", async () => {
    const b = browser({ ip: freshIp() });
    const refused = await b.call("/createstory", storyForm({ photo: file(GPS_JPEG, "zoe.jpg") }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(PHOTO_ERRORS.consent);
    expect(await uploadsOf(b.visitorId)).toEqual([]);

    const made = await b.call("/createstory", storyForm({ photo: file(GPS_JPEG, "zoe.jpg"), photoConsent: "yes" }));
    expect(made.status).toBe(302);
    const bookId = (made.headers.get("Location") ?? "").split("/").pop()!;
    const key = await scalar<string>("SELECT child_image_key FROM storybooks WHERE book_id = ?", bookId);
    expect(await uploadsOf(b.visitorId)).toEqual([key]);
    const text = new TextDecoder("latin1").decode(await (await env.BOOK_IMAGES.get(key))!.arrayBuffer());
    expect(text).not.toContain("Elm Street");
  });

  it("stores nothing for a submit refused for its fields (400) or for want of credits (402)", async () => {
    const b = browser({ ip: freshIp() });
    const invalid = await b.call("/createstory", storyForm({ childName: "", photo: file(GPS_JPEG, "zoe.jpg"), photoConsent: "yes" }));
    expect(invalid.status).toBe(400);
    await invalid.arrayBuffer();
    expect(await uploadsOf(b.visitorId)).toEqual([]);

    // the visitor's one free book, then none left
    const first = await b.call("/createstory", storyForm());
    expect(first.status).toBe(302);
    const poor = await b.call("/createstory", storyForm({ photo: file(GPS_JPEG, "zoe.jpg"), photoConsent: "yes" }));
    expect(poor.status).toBe(402);
    await poor.arrayBuffer();
    expect(await uploadsOf(b.visitorId)).toEqual([]);
  });

  it("deletes a kept photo when it is removed or replaced on the form", async () => {
    const b = browser({ ip: freshIp() });
    const removed = await upload(b);
    const replaced = await upload(b);
    const res = await b.call("/createstory", storyForm({ childName: "", childImage: replaced, discardPhoto: removed }));
    expect(res.status).toBe(400);
    await res.arrayBuffer();
    expect(await uploadsOf(b.visitorId)).toEqual([`uploads/${b.visitorId}/${replaced}`]);
    // a new photo replaces the kept one: the kept one goes at once, the new one is not stored while the form is refused
    const swap = await b.call("/createstory", storyForm({ childName: "", childImage: replaced, photo: file(GPS_JPEG, "new.jpg"), photoConsent: "yes" }));
    expect(swap.status).toBe(400);
    await swap.arrayBuffer();
    expect(await uploadsOf(b.visitorId)).toEqual([]);
  });

  it("never deletes a photo a book uses, nor another visitor's photo", async () => {
    const owner = browser({ ip: freshIp() });
    const used = await upload(owner);
    const made = await owner.call("/api/books", postJson({ ...FORM, childImage: used }));
    expect(made.status).toBe(201);
    await made.arrayBuffer();
    // the owner removing it from a form, and another visitor naming it
    for (const who of [owner, browser({ ip: freshIp() })]) {
      const res = await who.call("/createstory", storyForm({ childName: "", removePhoto: "1", childImage: used, discardPhoto: used }));
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    }
    expect(await uploadsOf(owner.visitorId)).toEqual([`uploads/${owner.visitorId}/${used}`]);
  });
});

describe("the cron sweep", () => {
  it("deletes photos no book uses once they are a day old, and keeps the ones a book uses", async () => {
    const visitorId = uid("sweep").replace(/[^A-Za-z0-9]/g, "");
    const bookId = await finishedBook(visitorId); // uses uploads/{visitorId}/photo1
    await env.BOOK_IMAGES.put(`uploads/${visitorId}/unused`, GPS_JPEG);
    const key = await scalar<string>("SELECT child_image_key FROM storybooks WHERE book_id = ?", bookId);
    // an hour on: nothing is old enough
    await sweepUnusedUploads({ db, images: env.BOOK_IMAGES, kv: env.CACHE }, Date.now() + 60 * 60 * 1000, 50);
    expect(await uploadsOf(visitorId)).toEqual([key, `uploads/${visitorId}/unused`].sort());
    // a day on: the unused one is gone, the book's stays
    const swept = await sweepUnusedUploads({ db, images: env.BOOK_IMAGES, kv: env.CACHE }, Date.now() + UNUSED_UPLOAD_MS + 1000, 50);
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await uploadsOf(visitorId)).toEqual([key]);
  });
});
