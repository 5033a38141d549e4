import { env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addLedgerEntry } from "~/services/db/credits.server";
import { makeAccount, PNG_1PX, SITE } from "./account-helpers";
import { db, uid } from "./db-helpers";

// A signed-in parent's photos go into the profile's upload folder (so deleting the account deletes
// them, whichever browser added them); a photo added on this browser before signing in still works.

vi.setConfig({ testTimeout: 60_000 });
const FORM = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma",
  theme: "Space",
  storyDescription: "Mia loves dinosaurs and is scared of the dark.",
  moralLesson: "Being brave means trying, one small step at a time.",
  specialElements: "a cardboard rocket, a robot",
  artStyle: "cartoon",
};

function browser(cookies: string[]) {
  return (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookies.join("; "));
    return SELF.fetch(SITE + path, { ...init, headers, redirect: "manual" });
  };
}

async function upload(call: ReturnType<typeof browser>): Promise<string> {
  const form = new FormData();
  form.set("photo", new File([PNG_1PX.slice().buffer as ArrayBuffer], "kid.png"));
  form.set("photoConsent", "yes");
  const res = await call("/api/uploads", { method: "POST", body: form });
  expect(res.status).toBe(201);
  return (await res.json<{ uploadId: string }>()).uploadId;
}

describe("a signed-in parent's photos", () => {
  it("are kept in the profile's folder; a photo from before signing in is found in this browser's folder", async () => {
    const visitorId = uid("v")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(32, "v");
    const before = await upload(browser([`sn_vid=${visitorId}`]));
    expect(await env.BOOK_IMAGES.head(`uploads/${visitorId}/${before}`)).not.toBeNull();

    const parent = await makeAccount();
    await addLedgerEntry(db, { owner: { kind: "profile", userProfileId: parent.profileId }, delta: 3, reason: "bonus", idempotencyKey: uid("gift") });
    const signedIn = browser([`sn_vid=${visitorId}`, `sn_session=${parent.token}`]);
    const after = await upload(signedIn);
    expect(await env.BOOK_IMAGES.head(`uploads/${parent.profileId}/${after}`)).not.toBeNull();
    expect(await env.BOOK_IMAGES.head(`uploads/${visitorId}/${after}`)).toBeNull();

    const res = await signedIn("/api/books", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": uid("photos") },
      body: JSON.stringify({ ...FORM, childImage: before, childImageCropped: after }),
    });
    expect(res.status).toBe(201);
    const { bookId } = await res.json<{ bookId: string }>();
    const row = await env.DB.prepare("select child_image_key, child_image_cropped_key, user_profile_id from storybooks where book_id = ?").bind(bookId).first();
    expect(row).toEqual({
      child_image_key: `uploads/${visitorId}/${before}`,
      child_image_cropped_key: `uploads/${parent.profileId}/${after}`,
      user_profile_id: parent.profileId,
    });
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.waitForStatus("complete");

    // another account (on another browser) cannot use the parent's photo
    const stranger = await makeAccount();
    const theirs = await browser([`sn_session=${stranger.token}`])("/api/books", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...FORM, childImage: after }),
    });
    expect(theirs.status).toBe(400);
    expect(await theirs.json()).toMatchObject({ fieldErrors: { childImage: expect.stringContaining("not found") } });
  });
});
