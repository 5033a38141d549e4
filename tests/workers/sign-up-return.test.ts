import { describe, expect, it, vi } from "vitest";
import { randomId } from "~/domain/ids";
import { Browser, completeProfile, DEFAULT_PASSWORD, pageText, readOutboxLink, tokenOf, uniqueEmail } from "./auth-helpers";
import { uid } from "./db-helpers";
import { GPS_JPEG_BASE64 } from "./photo-fixtures";
import { bookOf, parent, row, shareWith } from "./social-helpers";

// After sign-up (its four steps: the form, the inbox, the e-mail's link, the names) a parent comes
// back to where they signed up from: the story form they filled, or the book shared with them.

vi.setConfig({ testTimeout: 60_000 });
const GPS_JPEG = Uint8Array.from(atob(GPS_JPEG_BASE64), (c) => c.charCodeAt(0));

function newBrowser(): Browser {
  const b = new Browser();
  b.cookies.set("sn_vid", randomId(32));
  return b;
}

/** Signs up from `redirectTo`'s sign-up page and opens the e-mailed link on `confirmOn`; answers the confirmation's redirect. */
async function signUpFrom(b: Browser, redirectTo: string, confirmOn: Browser = b, email = uniqueEmail()) {
  const form = await b.get(`/auth/signup?redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(await pageText(form)).toContain(`name="redirectTo" value="${redirectTo}"`);
  expect((await b.post("/auth/signup", { email, password: DEFAULT_PASSWORD, redirectTo })).status).toBe(302);
  const link = await readOutboxLink(email, "confirm");
  const fields: Record<string, string> = { token: tokenOf(link) };
  if (confirmOn !== b) fields.password = DEFAULT_PASSWORD;
  return confirmOn.post("/auth/callback", fields);
}

describe("the way back after sign-up", () => {
  it("brings a shared book's recipient to the book, on the browser that signed up and on another", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    for (const other of [false, true]) {
      const email = uniqueEmail("grandpa");
      await shareWith(owner, bookId, email);
      const code = (await row<{ share_code: string }>("select share_code from shares where shared_to = ?", email))!.share_code;
      const b = newBrowser();
      const confirmOn = other ? newBrowser() : b;
      const confirmed = await signUpFrom(b, `/shared/${code}`, confirmOn, email);
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toBe(`/auth/complete-profile?redirectTo=${encodeURIComponent(`/shared/${code}`)}`);
      const named = await completeProfile(confirmOn, { firstName: "Bo", lastName: "Grand" }, `/shared/${code}`);
      expect(named.headers.get("Location")).toBe(`/shared/${code}`);
      expect((await confirmOn.get(`/shared/${code}`)).status).toBe(200);
    }
  });

  it("brings the parent back to the story form they filled, photo included, and the book starts", async () => {
    const b = newBrowser();
    const form = new FormData();
    const fields = {
      childName: "Zoe",
      age: "6",
      gender: "girl",
      authorName: "Mum",
      themeChoice: "Space",
      storyDescription: "Zoe flies her cardboard rocket to the moon and back before tea.",
      moralLesson: "Being brave means trying.",
      specialElements: "a cardboard rocket",
      artStyle: "watercolor",
      idempotencyKey: uid("key-"),
      intent: "signup",
      photoConsent: "yes",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("photo", new File([GPS_JPEG.slice().buffer as ArrayBuffer], "zoe.jpg"));
    // "Create a free account" keeps the form for this browser and leads to sign-up, and back
    const kept = await b.fetch("/createstory", { method: "POST", body: form, headers: { Origin: b.origin } });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe(`/auth/signup?redirectTo=${encodeURIComponent("/createstory?resume=1")}`);

    const confirmed = await signUpFrom(b, "/createstory?resume=1");
    expect(confirmed.headers.get("Location")).toBe(`/auth/complete-profile?redirectTo=${encodeURIComponent("/createstory?resume=1")}`);
    const named = await completeProfile(b, { firstName: "Mia", lastName: "Mum" }, "/createstory?resume=1");
    expect(named.headers.get("Location")).toBe("/createstory?resume=1");

    const page = await pageText(await b.get("/createstory?resume=1"));
    for (const value of [fields.childName, fields.authorName, fields.storyDescription, fields.moralLesson, fields.specialElements])
      expect(page).toContain(value);
    const photoId = /name="childImage" value="([A-Za-z0-9]{24})"/.exec(page)?.[1];
    expect(photoId, "the photo kept with the form").toBeTruthy();
    // another browser does not get this browser's form
    expect(await pageText(await newBrowser().get("/createstory?resume=1"))).not.toContain(fields.storyDescription);

    const create = new FormData();
    for (const [k, v] of Object.entries({ ...fields, intent: "", childImage: photoId!, idempotencyKey: uid("key-") })) create.set(k, v);
    const started = await b.fetch("/createstory", { method: "POST", body: create, headers: { Origin: b.origin } });
    expect(started.status).toBe(302);
    const bookId = /^\/youraistory\/([A-Za-z0-9]+)$/.exec(started.headers.get("Location") ?? "")?.[1];
    expect(bookId).toBeTruthy();
    const book = await row<{ child_image_key: string; user_profile_id: string | null }>(
      "select child_image_key, user_profile_id from storybooks where book_id = ?",
      bookId,
    );
    expect(book?.user_profile_id).toBeTruthy();
    expect(book?.child_image_key).toBe(`uploads/${book?.user_profile_id}/${photoId}`);
    // the kept form has done its work
    expect(await pageText(await b.get("/createstory?resume=1"))).not.toContain(fields.storyDescription);
  });
});
