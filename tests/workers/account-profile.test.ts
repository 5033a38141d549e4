import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGE_MESSAGES } from "~/domain/auth/account-pages";
import { callAs, makeAccount, pageText, PNG_1PX, postAs } from "./account-helpers";

// /profile: the parent's names and picture, signed in only; the picture is served to its owner only.

async function profileRow(profileId: string) {
  return env.DB.prepare("select first_name, last_name, full_name, avatar_url, avatar_key, details_updated_at from user_profiles where id = ?")
    .bind(profileId)
    .first<{
      first_name: string;
      last_name: string;
      full_name: string;
      avatar_url: string | null;
      avatar_key: string | null;
      details_updated_at: string | null;
    }>();
}

/** Makes the last change to the names or picture two minutes old, so the 60 s rule lets the next one through. */
async function ageLastChange(profileId: string) {
  await env.DB.prepare("update user_profiles set details_updated_at = ? where id = ?")
    .bind(new Date(Date.now() - 120_000).toISOString(), profileId)
    .run();
}

function avatarForm(bytes: Uint8Array, name = "me.png", type = "image/png") {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([bytes.slice().buffer as ArrayBuffer], name, { type }));
  return form;
}

describe("/profile when signed out", () => {
  it("sends a visitor to sign in and back here, for the page and for a post", async () => {
    const page = await callAs(null)("/profile?from=menu");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/profile?from=menu")}`);
    const post = await postAs(null)("/profile", { intent: "names", firstName: "Eve", lastName: "Intruder" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/profile")}`);
  });
});

describe("/profile: names", () => {
  it("shows the names, saves new ones, and ignores a second change within 60 s", async () => {
    const parent = await makeAccount({ firstName: "Sam", lastName: "Parent" });
    const page = await parent.call("/profile");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await pageText(page);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/id="profile-firstName" name="firstName"[^>]*value="Sam"/);

    const saved = await parent.post("/profile", { intent: "names", firstName: "  Ada ", lastName: "Lovelace" });
    expect(saved.status).toBe(200);
    const savedHtml = await pageText(saved);
    expect(savedHtml).toContain(ACCOUNT_PAGE_MESSAGES.namesSaved);
    // the answer to the post (a page, without JavaScript) shows what was saved
    expect(savedHtml).toMatch(/id="profile-firstName" name="firstName"[^>]*value="Ada"/);
    expect(await profileRow(parent.profileId)).toMatchObject({ first_name: "Ada", last_name: "Lovelace", full_name: "Ada Lovelace" });

    const again = await parent.post("/profile", { intent: "names", firstName: "Grace", lastName: "Hopper" });
    expect(again.status).toBe(429);
    expect(again.headers.get("Retry-After")).toBe("60");
    expect(await pageText(again)).toContain("Saved a moment ago: changes within a minute of the last one are not saved. Please try again in a minute.");
    expect(await profileRow(parent.profileId)).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });

    await ageLastChange(parent.profileId);
    const later = await parent.post("/profile", { intent: "names", firstName: "Grace", lastName: "Hopper" });
    expect(later.status).toBe(200);
    expect(await profileRow(parent.profileId)).toMatchObject({ first_name: "Grace", last_name: "Hopper" });
  });

  it("answers missing names with 400 and the errors beside their fields, saving nothing", async () => {
    const parent = await makeAccount({ firstName: "Sam", lastName: "Parent" });
    const res = await parent.post("/profile", { intent: "names", firstName: " ", lastName: "x".repeat(61) });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toMatch(/<p id="profile-firstName-error"[^>]*>.*Please enter your first name\./);
    expect(html).toMatch(/<p id="profile-lastName-error"[^>]*>.*Please use at most 60 characters\./);
    expect(html).toMatch(/id="profile-firstName" name="firstName"[^>]*aria-invalid="true"/);
    expect(await profileRow(parent.profileId)).toMatchObject({ first_name: "Sam", details_updated_at: null });
  });
});

describe("/profile: the picture", () => {
  it("keeps an uploaded PNG and shows it to its owner only: another account and a visitor get 404", async () => {
    const parent = await makeAccount();
    const res = await parent.post("/profile", avatarForm(PNG_1PX, "holiday.txt", "text/plain"));
    expect(res.status).toBe(200);
    const answer = await pageText(res);
    expect(answer).toContain(ACCOUNT_PAGE_MESSAGES.avatarSaved);
    expect(answer).toMatch(/<img src="\/profile\/avatar\?v=[A-Za-z0-9]{24}" alt="Your picture"/);
    const row = await profileRow(parent.profileId);
    expect(row?.avatar_url).toBe("/profile/avatar");
    expect(row?.avatar_key).toMatch(new RegExp(`^avatars/${parent.profileId}/[A-Za-z0-9]{24}$`));
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects).toHaveLength(1);

    const picture = await parent.call("/profile/avatar");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/png");
    expect(picture.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG_1PX);
    // The page shows it, with its version in the address.
    expect(await pageText(await parent.call("/profile"))).toMatch(/<img src="\/profile\/avatar\?v=[A-Za-z0-9]{24}" alt="Your picture"/);

    const other = await makeAccount();
    const theirs = await other.call("/profile/avatar");
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain("PNG");
    expect((await callAs(null)("/profile/avatar")).status).toBe(404);
  });

  it("refuses a file that is not a picture (whatever its name and type) with a clear 400, and stores nothing", async () => {
    const parent = await makeAccount();
    const res = await parent.post("/profile", avatarForm(new TextEncoder().encode("GIF89a this is not a photo at all"), "me.png", "image/png"));
    expect(res.status).toBe(400);
    expect(await pageText(res)).toMatch(/<p id="profile-avatar-error"[^>]*>.*Please choose a JPEG, PNG or WebP picture\. That file is not one\./);
    expect((await profileRow(parent.profileId))?.avatar_key).toBeNull();
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects).toEqual([]);
    expect((await parent.call("/profile/avatar")).status).toBe(404);
  });

  it("refuses a picture over 2 MB with 413", async () => {
    const parent = await makeAccount();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    const res = await parent.post("/profile", avatarForm(big));
    expect(res.status).toBe(413);
    expect(await pageText(res)).toContain(ACCOUNT_PAGE_MESSAGES.avatarSize);
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects).toEqual([]);
  });

  it("applies the 60 s rule to pictures, replaces the old picture, and removes it", async () => {
    const parent = await makeAccount();
    expect((await parent.post("/profile", avatarForm(PNG_1PX))).status).toBe(200);
    const first = (await profileRow(parent.profileId))?.avatar_key;

    const soon = await parent.post("/profile", avatarForm(PNG_1PX));
    expect(soon.status).toBe(429);
    expect(await pageText(soon)).toContain(ACCOUNT_PAGE_MESSAGES.throttled);
    // the ignored upload left nothing behind
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects.map((o) => o.key)).toEqual([first]);

    await ageLastChange(parent.profileId);
    expect((await parent.post("/profile", avatarForm(PNG_1PX))).status).toBe(200);
    const second = (await profileRow(parent.profileId))?.avatar_key;
    expect(second).not.toBe(first);
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects.map((o) => o.key)).toEqual([second]);

    await ageLastChange(parent.profileId);
    const removed = await parent.post("/profile", { intent: "remove-avatar" });
    expect(removed.status).toBe(200);
    expect(await pageText(removed)).toContain(ACCOUNT_PAGE_MESSAGES.avatarRemoved);
    expect(await profileRow(parent.profileId)).toMatchObject({ avatar_url: null, avatar_key: null });
    expect((await env.BOOK_IMAGES.list({ prefix: `avatars/${parent.profileId}/` })).objects).toEqual([]);
    expect((await parent.call("/profile/avatar")).status).toBe(404);
  });
});

describe("/profile: refused posts", () => {
  it("refuses a post from another site with 403, changing nothing", async () => {
    const parent = await makeAccount({ firstName: "Sam" });
    const res = await parent.post("/profile", { intent: "names", firstName: "Mallory", lastName: "Evil" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await pageText(res)).toContain("This form was sent from another site, so it was refused.");
    expect((await profileRow(parent.profileId))?.first_name).toBe("Sam");
    // as a browser sends it (with Host), and as Remix's script sends it (a data request)
    const withHost = await parent.post(
      "/profile",
      { intent: "names", firstName: "Mallory", lastName: "Evil" },
      { Origin: "https://evil.example", Host: "example.com" },
    );
    expect(withHost.status).toBe(403);
    const data = await parent.post("/profile.data", { intent: "names", firstName: "Mallory", lastName: "Evil" }, { Origin: "https://evil.example" });
    expect(data.status).toBe(403);
    const fetchSite = await parent.post("/profile", { intent: "remove-avatar" }, { "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect((await profileRow(parent.profileId))?.first_name).toBe("Sam");
    // the same site is welcome
    const own = await parent.post(
      "/profile",
      { intent: "names", firstName: "Ada", lastName: "Lovelace" },
      { Origin: "http://example.com", Host: "example.com" },
    );
    expect(own.status).toBe(200);
  });

  it("answers a malformed post with 400", async () => {
    const parent = await makeAccount();
    const noIntent = await parent.post("/profile", { firstName: "Ada" });
    expect(noIntent.status).toBe(400);
    expect(await pageText(noIntent)).toContain(ACCOUNT_PAGE_MESSAGES.unknownIntent);
    const noFile = await parent.post("/profile", { intent: "avatar" });
    expect(noFile.status).toBe(400);
    expect(await pageText(noFile)).toContain(ACCOUNT_PAGE_MESSAGES.avatarMissing);
    const garbled = await parent.call("/profile", {
      method: "POST",
      body: "--x\r\nnot a real part",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(garbled.status).toBe(400);
    expect(await pageText(garbled)).toContain(ACCOUNT_PAGE_MESSAGES.unreadable);
  });
});
