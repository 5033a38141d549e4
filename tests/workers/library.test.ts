import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { storybookPages } from "~/services/db/schema/index";
import { libraryOwnerKey, libraryPage } from "~/services/db/storybooks.server";
import { randomId } from "~/domain/ids";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

const BASE = "https://example.com";

/** A browser with its own visitor cookie. */
function browser(visitorId = randomId(32)) {
  return {
    visitorId,
    fetch: (path: string) => SELF.fetch(BASE + path, { headers: { Cookie: `sn_vid=${visitorId}` } }),
  };
}

/** Four books with distinct names, dates and changes, for one visitor. */
async function shelf(visitorId: string) {
  const zoe = await makeBook(
    { visitorId },
    {
      childName: "zoe",
      title: "Zoe and the Moon",
      theme: "Space",
      status: "complete",
      createdAt: "2025-03-01T09:00:00.000Z",
      lastUpdated: "2025-03-02T09:00:00.000Z",
    },
  );
  const adam = await makeBook(
    { visitorId },
    {
      childName: "Adam",
      title: "Adam under the Sea",
      theme: "Ocean",
      storyDescription: "Adam swims with a chatty turtle to a coral town where fish sing at night.",
      createdAt: "2025-01-01T09:00:00.000Z",
      lastUpdated: "2025-05-01T09:00:00.000Z",
    },
  );
  const mia = await makeBook(
    { visitorId },
    {
      childName: "Mia",
      title: "Mia's Dragon",
      theme: "Fantasy",
      createdAt: "2025-04-01T09:00:00.000Z",
      lastUpdated: "2025-04-01T09:00:00.000Z",
      status: "illustrating",
    },
  );
  const adam2 = await makeBook(
    { visitorId },
    { childName: "adam", title: "A Big Day", theme: "Animals", createdAt: "2025-02-01T09:00:00.000Z", lastUpdated: "2025-02-01T09:00:00.000Z" },
  );
  return { zoe, adam, mia, adam2 };
}

const ids = (page: { books: { bookId: string }[] }) => page.books.map((b) => b.bookId);

describe("library query", () => {
  it("lists only the owner's books: another visitor's and a profile's claimed books never appear", async () => {
    const me = uid("v");
    const other = uid("v");
    const { profileId } = await makeProfile();
    const mine = await makeBook({ visitorId: me }, { childName: "Ada" });
    await makeBook({ visitorId: other }, { childName: "Ada" });
    await makeBook({ visitorId: me, userProfileId: profileId }, { childName: "Ada" }); // claimed: the profile's now
    expect(ids(await libraryPage(db, { kind: "visitor", visitorId: me }))).toEqual([mine]);
    expect(ids(await libraryPage(db, { kind: "visitor", visitorId: me }, { q: "ada" }))).toEqual([mine]);
    expect((await libraryPage(db, { kind: "profile", userProfileId: profileId })).books).toHaveLength(1);
    expect(await libraryPage(db, { kind: "visitor", visitorId: uid("v") })).toEqual({ books: [], hasMore: false });
  });

  it("sorts by latest change, newest, oldest and name (child name then title, case-insensitive)", async () => {
    const visitorId = uid("v");
    const b = await shelf(visitorId);
    const owner = { kind: "visitor" as const, visitorId };
    expect(ids(await libraryPage(db, owner))).toEqual([b.adam, b.mia, b.zoe, b.adam2]);
    expect(ids(await libraryPage(db, owner, { sort: "latest" }))).toEqual([b.adam, b.mia, b.zoe, b.adam2]);
    expect(ids(await libraryPage(db, owner, { sort: "newest" }))).toEqual([b.mia, b.zoe, b.adam2, b.adam]);
    expect(ids(await libraryPage(db, owner, { sort: "oldest" }))).toEqual([b.adam, b.adam2, b.zoe, b.mia]);
    // "adam" / "A Big Day" before "Adam" / "Adam under the Sea"; lower-case "zoe" after "Mia"
    expect(ids(await libraryPage(db, owner, { sort: "name" }))).toEqual([b.adam2, b.adam, b.mia, b.zoe]);
  });

  it("searches the child's name, title, theme and description, and treats % and _ as text", async () => {
    const visitorId = uid("v");
    const b = await shelf(visitorId);
    const owner = { kind: "visitor" as const, visitorId };
    expect(ids(await libraryPage(db, owner, { q: "ADAM", sort: "oldest" }))).toEqual([b.adam, b.adam2]);
    expect(ids(await libraryPage(db, owner, { q: "dragon" }))).toEqual([b.mia]);
    expect(ids(await libraryPage(db, owner, { q: "space" }))).toEqual([b.zoe]);
    expect(ids(await libraryPage(db, owner, { q: "coral town" }))).toEqual([b.adam]);
    expect(ids(await libraryPage(db, owner, { q: "%" }))).toEqual([]);
    expect(ids(await libraryPage(db, owner, { q: "_" }))).toEqual([]);
    const pct = await makeBook({ visitorId }, { childName: "Pia", title: "100% brave" });
    expect(ids(await libraryPage(db, owner, { q: "0% b" }))).toEqual([pct]);
  });

  it("pages with limit and offset and says when there is more", async () => {
    const visitorId = uid("v");
    const b = await shelf(visitorId);
    const owner = { kind: "visitor" as const, visitorId };
    const first = await libraryPage(db, owner, { sort: "oldest", limit: 3 });
    expect(ids(first)).toEqual([b.adam, b.adam2, b.zoe]);
    expect(first.hasMore).toBe(true);
    const second = await libraryPage(db, owner, { sort: "oldest", limit: 3, offset: 3 });
    expect(ids(second)).toEqual([b.mia]);
    expect(second.hasMore).toBe(false);
    await expect(libraryPage(db, owner, { limit: 0 })).rejects.toBeInstanceOf(ZodError);
    await expect(libraryPage(db, owner, { limit: 101 })).rejects.toBeInstanceOf(ZodError);
  });

  it("gives the first 100 characters of the description, the cover once drawn, and the status", async () => {
    const visitorId = uid("v");
    const long = "A".repeat(60) + "é".repeat(60);
    const bookId = await makeBook({ visitorId }, { storyDescription: long, status: "complete", tokensWords: 640 });
    const owner = { kind: "visitor" as const, visitorId };
    let [book] = (await libraryPage(db, owner)).books;
    expect(book.storyDescription).toBe(long.slice(0, 100));
    expect(book.coverUrl).toBeNull();
    expect(book.status).toBe("complete");
    expect(book.tokensWords).toBe(640);
    await db
      .insert(storybookPages)
      .values({ bookId, pageNumber: 1, pageType: "Front Cover", imageUrl: `/api/images/${bookId}/0/page-1.png`, isGenerated: false });
    [book] = (await libraryPage(db, owner)).books;
    expect(book.coverUrl).toBeNull(); // not drawn yet
    await db.update(storybookPages).set({ isGenerated: true });
    [book] = (await libraryPage(db, owner)).books;
    expect(book.coverUrl).toBe(`/api/images/${bookId}/0/page-1.png`);
  });

  it("names the owner with an opaque key that never contains the id", async () => {
    const visitorId = uid("v");
    const key = await libraryOwnerKey({ kind: "visitor", visitorId });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toContain(visitorId);
    expect(await libraryOwnerKey({ kind: "visitor", visitorId })).toBe(key);
    expect(await libraryOwnerKey({ kind: "visitor", visitorId: uid("v") })).not.toBe(key);
    expect(await libraryOwnerKey({ kind: "profile", userProfileId: visitorId })).not.toBe(key);
  });
});

describe("GET /api/library", () => {
  it("answers the visitor's own books, private and uncached", async () => {
    const me = browser();
    const someoneElse = browser();
    const b = await shelf(me.visitorId);
    await makeBook({ visitorId: someoneElse.visitorId }, { childName: "Otto" });
    const res = await me.fetch("/api/library?sort=name&limit=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await res.json()) as { ownerKey: string; books: { bookId: string; childName: string }[]; hasMore: boolean; sort: string };
    expect(body.sort).toBe("name");
    expect(body.books.map((x) => x.bookId)).toEqual([b.adam2, b.adam]);
    expect(body.hasMore).toBe(true);
    expect(body.ownerKey).toBe(await libraryOwnerKey({ kind: "visitor", visitorId: me.visitorId }));
    expect(JSON.stringify(body)).not.toContain(me.visitorId);

    const theirs = (await (await someoneElse.fetch("/api/library")).json()) as { books: { childName: string }[]; ownerKey: string };
    expect(theirs.books.map((x) => x.childName)).toEqual(["Otto"]);
    expect(theirs.ownerKey).not.toBe(body.ownerKey);

    // an empty GET form (sort=&q=) is the default view
    const empty = (await (await me.fetch("/api/library?sort=&q=&limit=&offset=")).json()) as { sort: string; books: unknown[] };
    expect(empty.sort).toBe("latest");
    expect(empty.books).toHaveLength(4);
    const search = (await (await me.fetch("/api/library?q=%20turtle%20")).json()) as { books: { bookId: string }[]; q: string };
    expect(search.q).toBe("turtle");
    expect(search.books.map((x) => x.bookId)).toEqual([b.adam]);
  });

  it.each([
    ["sort=popular", /sort must be one of latest, newest, oldest, name/],
    ["limit=0", /limit is at least 1/],
    ["limit=101", /limit is at most 100/],
    ["limit=ten", /limit must be a number/],
    ["limit=2.5", /whole number/],
    ["offset=-1", /offset is at least 0/],
    [`q=${"a".repeat(101)}`, /at most 100 characters/],
  ])("answers 400 for %s", async (query, message) => {
    const res = await browser().fetch(`/api/library?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { field: string; message: string }[] };
    expect(body.error).toMatch(message);
    expect(body.issues.length).toBeGreaterThan(0);
  });
});

describe("/library and /debug-library pages", () => {
  it("server-renders the visitor's books, sorted and searched from the URL, and never another's", async () => {
    const me = browser();
    const b = await shelf(me.visitorId);
    await makeBook({ visitorId: browser().visitorId }, { childName: "Otto", title: "Otto's Secret" });
    const res = await me.fetch("/library?sort=name");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).not.toContain("Otto");
    const order = [b.adam2, b.adam, b.mia, b.zoe].map((id) => html.indexOf(`data-book-id="${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(html).toContain("Drawing the pictures");
    expect(html).toContain(`href="/modify-story/${b.zoe}"`);
    expect(html).toContain(`href="/youraistory/${b.mia}"`);

    const searched = await (await me.fetch("/library?q=dragon")).text();
    expect(searched).toContain(`data-book-id="${b.mia}"`);
    expect(searched).not.toContain(`data-book-id="${b.zoe}"`);

    // a hand-typed odd value falls back to the default instead of an error page
    expect((await me.fetch("/library?sort=nope&show=abc")).status).toBe(200);
  });

  it("invites a visitor with no books to make the first one", async () => {
    const html = await (await browser().fetch("/library")).text();
    expect(html).toContain("Your shelf is ready for its first story");
    expect(html).toContain('href="/createstory"');
    expect(html).toContain('href="/real-stories"');
  });

  it("shows the raw rows of this visitor only on /debug-library", async () => {
    const me = browser();
    await makeBook({ visitorId: me.visitorId }, { childName: "Debby", storyContent: "x".repeat(500) });
    await makeBook({ visitorId: browser().visitorId }, { childName: "Stranger" });
    const res = await me.fetch("/debug-library");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Debby");
    expect(html).not.toContain("Stranger");
    expect(html).toContain("(500 characters)");
  });
});
