import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { privacySettings } from "~/services/db/schema/index";
import { finishedBook, visitor } from "./book-fixtures";
import { makeAccount } from "./account-helpers";
import { db, makeBook, uid } from "./db-helpers";

const SITE = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL.replace(/\/+$/, "");

const share = (makePublic: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ public: makePublic }) });

function ogTags(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)) out[m[1]] = m[2].replace(/&amp;/g, "&");
  return out;
}

/**
 * A signed-in parent whose privacy settings allow public links (a public link needs both), with a
 * finished book of their profile; `visitorId` is the browser that made the book.
 */
async function sharingParent(allowPublic = true) {
  const account = await makeAccount();
  if (allowPublic) await db.insert(privacySettings).values({ userId: account.userId, allowPublicSharing: true });
  return { ...account, visitorId: uid("v") };
}
const parentsBook = (owner: { visitorId: string; profileId: string }, extra: Record<string, unknown> = {}) =>
  finishedBook(owner.visitorId, { userProfileId: owner.profileId, ...extra });

describe("sharing a book by slug", () => {
  it("public → /story/{slug} is readable by anyone, with Open Graph tags; undone → 404", async () => {
    const owner = await sharingParent();
    const bookId = await parentsBook(owner);

    const before = await owner.call(`/api/books/${bookId}/share`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ public: false, slug: null, url: `${SITE}/youraistory/${bookId}`, publicSharingAllowed: true });

    const on = await owner.call(`/api/books/${bookId}/share`, share(true));
    expect(on.status).toBe(200);
    const state = await on.json<{ public: boolean; slug: string; url: string }>();
    expect(state.public).toBe(true);
    // 100 random bits, nothing from the title or the child's name
    expect(state.slug).toMatch(/^[a-km-np-z2-9]{20}$/);
    expect(state.url).toBe(`${SITE}/story/${state.slug}`);

    // Sharing twice keeps the same link.
    expect((await (await owner.call(`/api/books/${bookId}/share`, share(true))).json<{ slug: string }>()).slug).toBe(state.slug);

    // A stranger (a fresh browser) reads it.
    const stranger = await visitor();
    const page = await stranger.call(`/story/${state.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-cache");
    const html = await page.text();
    expect(html).toContain("Page 3: Mia packs a picnic for the moon.");
    expect(html).toContain("Would your child like a book of their own?");
    const og = ogTags(html);
    expect(og["og:title"]).toBe("Mia and the Moon Picnic");
    expect(og["og:type"]).toBe("book");
    expect(og["og:url"]).toBe(`${SITE}/story/${state.slug}`);
    expect(og["og:image"]).toBe(`${SITE}/api/images/${bookId}/1/page-1.png?share=${state.slug}`);
    expect(og["og:description"]).toContain("Mia");
    expect(og["twitter:card"]).toBe("summary_large_image");
    // The owner's tools and the photo never reach the public page.
    expect(html).not.toContain("Edit this book");
    expect(html).not.toContain("photo1");
    expect(html).not.toContain(owner.visitorId);
    expect(html).toContain('name="robots" content="noindex, nofollow"');

    // The cover is served through the link (cached by this browser only, asked again each time);
    // the book id alone opens nothing; the uploaded photo is not served at all.
    const linked = `/api/images/${bookId}/1/page-1.png?share=${state.slug}`;
    expect(html).toContain(linked.replace(/&/g, "&amp;"));
    const cover = await stranger.call(linked);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/png");
    expect(cover.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = cover.headers.get("ETag")!;
    await cover.arrayBuffer();
    const bare = await stranger.call(`/api/images/${bookId}/1/page-1.png`);
    expect(bare.status).toBe(404);
    expect(await bare.json()).toEqual({ error: "Image not found" });
    const photo = await stranger.call(`/api/images/uploads/${owner.visitorId}/photo1`);
    expect(photo.status).toBe(404);
    await photo.arrayBuffer();

    // Undo: the link stops working at once.
    const off = await owner.call(`/api/books/${bookId}/share`, share(false));
    expect(await off.json()).toEqual({ public: false, slug: null, url: `${SITE}/youraistory/${bookId}` });
    const gone = await stranger.call(`/story/${state.slug}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("This page wandered off");
    // ... and so do its pictures, revalidated or not
    for (const headers of [{}, { "If-None-Match": etag }] as Record<string, string>[]) {
      const picture = await stranger.call(linked, { headers });
      expect(picture.status).toBe(404);
      expect(picture.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await picture.json()).toEqual({ error: "Image not found" });
    }

    // Sharing again makes a new link; the old one stays dead.
    const again = await (await owner.call(`/api/books/${bookId}/share`, share(true))).json<{ slug: string }>();
    expect(again.slug).not.toBe(state.slug);
    expect((await stranger.call(`/story/${again.slug}`)).status).toBe(200);
    expect((await stranger.call(`/story/${state.slug}`)).status).toBe(404);
    expect((await stranger.call(`/api/images/${bookId}/1/page-1.png?share=${again.slug}`)).status).toBe(200);
    expect((await stranger.call(linked)).status).toBe(404);
    const row = await env.DB.prepare("select slug, is_public from storybooks where book_id = ?").bind(bookId).first();
    expect(row).toEqual({ slug: again.slug, is_public: 1 });
  });

  it("another parent can neither share nor see the share state of your book (404)", async () => {
    const owner = await sharingParent();
    const bookId = await parentsBook(owner);
    const other = await sharingParent();
    const post = await other.call(`/api/books/${bookId}/share`, share(true));
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: "Book not found" });
    expect((await other.call(`/api/books/${bookId}/share`)).status).toBe(404);
    const row = await env.DB.prepare("select slug, is_public from storybooks where book_id = ?").bind(bookId).first();
    expect(row).toEqual({ slug: null, is_public: 0 });
  });

  it("a visitor without an account cannot make a public link (401), but makes their book private", async () => {
    const owner = await visitor();
    const bookId = await finishedBook(owner.visitorId, { slug: "an-old-public-link-k7pz2qxa", isPublic: true });
    const state = await (await owner.call(`/api/books/${bookId}/share`)).json<{ public: boolean; publicSharingAllowed: boolean }>();
    expect(state).toMatchObject({ public: true, publicSharingAllowed: false });
    const refused = await owner.call(`/api/books/${bookId}/share`, share(true));
    expect(refused.status).toBe(401);
    expect((await refused.json<{ error: string }>()).error).toMatch(/sign in/i);
    const off = await owner.call(`/api/books/${bookId}/share`, share(false));
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ public: false, slug: null });
    expect((await owner.call(`/api/books/${bookId}/share`, share(true))).status).toBe(401);
  });

  it("a parent whose privacy settings keep public links off is told so (403, with the settings page)", async () => {
    const owner = await sharingParent(false);
    const bookId = await parentsBook(owner);
    const res = await owner.call(`/api/books/${bookId}/share`, share(true));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Public links are turned off in your privacy settings.", settings: "/profile/privacy" });
    expect((await owner.call(`/api/books/${bookId}/share`, share(false))).status).toBe(200);
  });

  it("a book still being made cannot be shared (409); a bad body is 400; a bad id is 404", async () => {
    const owner = await sharingParent();
    const drawing = await makeBook({ visitorId: owner.visitorId, userProfileId: owner.profileId }, { status: "illustrating", title: "Half drawn" });
    const res = await owner.call(`/api/books/${drawing}/share`, share(true));
    expect(res.status).toBe(409);
    expect((await res.json<{ error: string }>()).error).toMatch(/finished book/);

    const finished = await parentsBook(owner);
    for (const body of ["yes", 1, null]) {
      const bad = await owner.call(`/api/books/${finished}/share`, share(body));
      expect(bad.status, String(body)).toBe(400);
      expect((await bad.json<{ error: string }>()).error).toBe("Failed to share story");
    }
    const notJson = await owner.call(`/api/books/${finished}/share`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect(notJson.status).toBe(400);
    await notJson.arrayBuffer();
    expect((await owner.call(`/api/books/not-an-id/share`, share(true))).status).toBe(404);
  });

  it("a link made before slugs were random only keeps working until sharing stops", async () => {
    const owner = await visitor();
    const bookId = await finishedBook(owner.visitorId, { slug: "mia-and-the-moon-picnic-k7pz2qxa", isPublic: true });
    const stranger = await visitor();
    const page = await stranger.call("/story/mia-and-the-moon-picnic-k7pz2qxa");
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const picture = await stranger.call(`/api/images/${bookId}/1/page-1.png?share=mia-and-the-moon-picnic-k7pz2qxa`);
    expect(picture.status).toBe(200);
    await picture.arrayBuffer();
    await (await owner.call(`/api/books/${bookId}/share`, share(false))).arrayBuffer();
    expect((await stranger.call(`/api/images/${bookId}/1/page-1.png?share=mia-and-the-moon-picnic-k7pz2qxa`)).status).toBe(404);
    // shared again (by a parent: a new public link needs an account): a random slug
    const parentOwner = await sharingParent();
    const theirs = await parentsBook(parentOwner, { slug: "leo-and-the-kite-k7pz2qxa", isPublic: true });
    await (await parentOwner.call(`/api/books/${theirs}/share`, share(false))).arrayBuffer();
    const again = await (await parentOwner.call(`/api/books/${theirs}/share`, share(true))).json<{ slug: string }>();
    expect(again.slug).toMatch(/^[a-km-np-z2-9]{20}$/);
  });

  it("unknown, malformed and private slugs are the not-found page", async () => {
    const stranger = await visitor();
    for (const path of ["/story/no-such-story-abcdefgh", "/story/Not_A_Slug", "/story/-x-"]) {
      const res = await stranger.call(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    // A slug left on a private row (is_public 0) is not readable either.
    const owner = await visitor();
    await finishedBook(owner.visitorId, { slug: "left-over-slug-abcdefgh", isPublic: false });
    const res = await stranger.call("/story/left-over-slug-abcdefgh");
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});
