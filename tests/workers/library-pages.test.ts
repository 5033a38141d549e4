import { env, SELF } from "cloudflare:test";
import { fillPlaceholders } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LIBRARY_SORTS } from "~/domain/story/library";
import { libraryQuerySchema } from "~/domain/story/library-query";
import { storybookPages } from "~/services/db/schema/index";
import { libraryPage, libraryStatement } from "~/services/db/storybooks.server";
import { randomId } from "~/domain/ids";
import { db, makeBook, makeProfile } from "./db-helpers";

// A big library stays quick: the first 12 books are rendered (the rest come as the parent scrolls
// or taps "Show more"), each card's picture is a small thumbnail chosen with srcset, and every order
// is read from an index instead of sorting all of the owner's books.

const BASE = "https://example.com";

/** `n` finished books with drawn covers for one visitor, the i-th changed i hours after 2026-01-01. */
async function bigShelf(visitorId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    const bookId = await makeBook({ visitorId }, { childName: `Kid${i}`, status: "complete", createdAt: at, lastUpdated: at });
    await db.insert(storybookPages).values({
      bookId,
      pageNumber: 1,
      pageType: "Front Cover",
      imageKey: `${bookId}/0/page-1.png`,
      imageUrl: `/api/images/${bookId}/0/page-1.png`,
      isGenerated: true,
    });
    ids.push(bookId);
  }
  return ids.reverse(); // latest first
}

const cardIds = (html: string) => [...html.matchAll(/data-book-id="([^"]+)"/g)].map((m) => m[1]);
const imgTags = (html: string) => [...html.matchAll(/<img [^>]*src="\/api\/images\/[^>]*>/g)].map((m) => m[0]);

describe("/library with many books", () => {
  it("renders the first 12 books with thumbnails in srcset (sized, the first eager, the rest lazy) and a link to the next ones", async () => {
    const visitorId = randomId(32);
    const ids = await bigShelf(visitorId, 15);
    const res = await SELF.fetch(`${BASE}/library`, { headers: { Cookie: `sn_vid=${visitorId}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(cardIds(html)).toEqual(ids.slice(0, 12));
    expect(html).toContain('href="/library?show=24"');
    expect(html).toContain("12+ books on your shelf");

    const imgs = imgTags(html);
    expect(imgs).toHaveLength(12);
    imgs.forEach((img, i) => {
      const src = `/api/images/${ids[i]}/0/page-1.png`;
      expect(img).toContain(`src="${src}?w=480"`);
      expect(img).toContain(`srcSet="${src}?w=320 320w, ${src}?w=480 480w, ${src}?w=640 640w"`);
      expect(img).toContain('width="480" height="360"');
      expect(img).toContain('sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw"');
      // only the first card's picture is fetched with the page: on a phone the next ones are below the
      // screen, and they would share a slow connection with the first (the browser fetches lazy ones near the screen)
      expect(img).toContain(i === 0 ? 'loading="eager"' : 'loading="lazy"');
      expect(img.includes('fetchpriority="high"'), `card ${i}`).toBe(i === 0);
      // never the full-size page picture
      expect(img).not.toMatch(/src="[^"?]*\.png"/);
    });

    const next = await SELF.fetch(`${BASE}/api/library?offset=12`, { headers: { Cookie: `sn_vid=${visitorId}` } });
    const body = (await next.json()) as { books: { bookId: string }[]; hasMore: boolean };
    expect(body.books.map((b) => b.bookId)).toEqual(ids.slice(12));
    expect(body.hasMore).toBe(false);
  });

  it("still sorts and searches over all the books, not only the ones shown", async () => {
    const visitorId = randomId(32);
    const ids = await bigShelf(visitorId, 14);
    const owner = { kind: "visitor" as const, visitorId };
    // the oldest book is not among the first 12 shown, yet "oldest first" and a search find it
    expect((await libraryPage(db, owner, { sort: "oldest", limit: 1 })).books[0].bookId).toBe(ids[13]);
    expect((await libraryPage(db, owner, { q: "kid0" })).books.map((b) => b.bookId)).toEqual([ids[13]]);
    const html = await (await SELF.fetch(`${BASE}/library?q=kid0`, { headers: { Cookie: `sn_vid=${visitorId}` } })).text();
    expect(cardIds(html)).toEqual([ids[13]]);
  });
});

describe("the library's orders", () => {
  it.each(LIBRARY_SORTS.flatMap((sort) => [["visitor", sort] as const, ["profile", sort] as const]))(
    "%s, %s: read from an index in order, never sorted in a temporary table",
    async (kind, sort) => {
      const owner = kind === "visitor" ? { kind, visitorId: randomId(32) } : { kind, userProfileId: (await makeProfile()).profileId };
      // the page's query (with the reaction counts), with the values it runs with
      const { statement, values } = libraryStatement(db, owner, libraryQuerySchema.parse({ sort, offset: 400 }), true);
      const { sql, params } = statement.getQuery();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...fillPlaceholders(params, values))
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details).toMatch(new RegExp(`USING (COVERING )?INDEX storybooks_${kind}_`));
      expect(details).not.toContain("TEMP B-TREE");
      expect(details).not.toMatch(/SCAN storybooks\b/);
    },
  );
});
