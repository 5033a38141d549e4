import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ownedBy, ownerOf } from "~/services/db/owner.server";
import { storybooks } from "~/services/db/schema/index";
import { SAMPLE_BRIEFS, SAMPLE_OWNER_ID } from "~/services/books/samples.server";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { db } from "./db-helpers";

// One sample is really written and drawn by the offline engine here (about 15 s in workerd). The file
vi.setConfig({ testTimeout: 60_000 });
// runs in the pictures project (vitest.config.ts): on a server where no other file has opened
// /real-stories, so no sample has been started before it.

const BASE = "https://example.com";

interface SampleState {
  total: number;
  complete: number;
  drawing: string | null;
  books: { bookId: string; slug: string; status: string; coverUrl: string | null; pagesDrawn: number }[];
}

async function ensure(): Promise<SampleState> {
  const res = await SELF.fetch(`${BASE}/api/samples`, { method: "POST" });
  expect(res.status).toBe(200);
  return res.json<SampleState>();
}

async function statusOf(bookId: string): Promise<string | undefined> {
  return (await env.DB.prepare("select status from storybooks where book_id = ?").bind(bookId).first<{ status: string }>())?.status;
}

describe("the /real-stories sample books", () => {
  it("are written by the seed call, public, drawn one at a time by the engine, charged to no one and in no one's library", { timeout: 60_000 }, async () => {
    // books other files gave the system owner as fixtures (the files share the database) are not samples
    const others = (await env.DB.prepare("select book_id from storybooks where visitor_id = ?").bind(SAMPLE_OWNER_ID).all<{ book_id: string }>()).results.map(
      (r) => r.book_id,
    );
    const first = await ensure();
    expect(first.total).toBe(6);
    expect(first.drawing).toBe(SAMPLE_BRIEFS[0].bookId);
    // six rows at once, every one public under its fixed slug, owned by the system owner
    const rows = await env.DB.prepare(
      "select book_id, slug, is_public, visitor_id, user_profile_id, theme, status from storybooks where visitor_id = ? order by book_id",
    )
      .bind(SAMPLE_OWNER_ID)
      .all<{ book_id: string; slug: string; is_public: number; visitor_id: string; user_profile_id: string | null; theme: string; status: string }>();
    rows.results = rows.results.filter((r) => !others.includes(r.book_id));
    expect(rows.results).toHaveLength(6);
    for (const r of rows.results) {
      expect(r.is_public).toBe(1);
      expect(r.user_profile_id).toBeNull();
      expect(r.slug).toBe(SAMPLE_BRIEFS.find((s) => s.bookId === r.book_id)?.slug);
    }
    // across all five themes
    expect(new Set(rows.results.map((r) => r.theme))).toEqual(new Set(BUILT_IN_THEMES.map((t) => t.theme)));

    // calling again is harmless: no duplicates, still only the first one in the making
    const again = await ensure();
    expect(again.drawing).toBe(SAMPLE_BRIEFS[0].bookId);
    expect((await env.DB.prepare("select count(*) as n from storybooks where visitor_id = ?").bind(SAMPLE_OWNER_ID).first<{ n: number }>())?.n).toBe(
      6 + others.length,
    );
    for (const s of SAMPLE_BRIEFS.slice(1)) expect(await statusOf(s.bookId)).toBe("draft");

    // the engine finishes the first one
    const deadline = Date.now() + 45_000;
    while ((await statusOf(SAMPLE_BRIEFS[0].bookId)) !== "complete") {
      expect(Date.now(), "the first sample should finish").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    const done = await env.DB.prepare(
      "select title, total_images_generated as n, is_amount_deducted as charged, is_generated from storybooks where book_id = ?",
    )
      .bind(SAMPLE_BRIEFS[0].bookId)
      .first<{ title: string; n: number; charged: number; is_generated: number }>();
    expect(done).toMatchObject({ n: 24, charged: 0, is_generated: 1 });
    expect(done?.title).toContain("Mia");
    // nothing charged, no credits given to anyone for samples
    const ledger = await env.DB.prepare(
      "select count(*) as n from credit_ledger where visitor_id = ? or book_id in (select book_id from storybooks where visitor_id = ?)",
    )
      .bind(SAMPLE_OWNER_ID, SAMPLE_OWNER_ID)
      .first<{ n: number }>();
    expect(ledger?.n).toBe(0);

    // the next call moves on to the second sample
    const next = await ensure();
    expect(next.complete).toBe(1);
    expect(next.drawing).toBe(SAMPLE_BRIEFS[1].bookId);
    const mia = next.books.find((b) => b.bookId === SAMPLE_BRIEFS[0].bookId);
    expect(mia).toMatchObject({ status: "complete", pagesDrawn: 24, coverUrl: expect.stringMatching(/^\/api\/images\/sampleAdventureMia\/1\/page-1\.png$/) });

    // readable by anyone at /story/{slug}; its cover is served
    const page = await SELF.fetch(`${BASE}/story/${SAMPLE_BRIEFS[0].slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("A sample book · Adventure");
    expect(html).not.toContain('content="noindex');
    const cover = await SELF.fetch(`${BASE}${mia!.coverUrl}`);
    expect(cover.status).toBe(200);
    await cover.arrayBuffer();

    // /real-stories lists all six, the finished one with a Read link, the others as being drawn
    const list = await SELF.fetch(`${BASE}/real-stories`);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml.match(/data-testid="sample-card"/g)).toHaveLength(6);
    expect(listHtml).toContain(`href="/story/${SAMPLE_BRIEFS[0].slug}"`);
    expect(listHtml.match(/data-status="drawing"/g)).toHaveLength(5);

    // never in a visitor's library, never readable as someone's private book
    const res = await SELF.fetch(`${BASE}/api/books/${SAMPLE_BRIEFS[0].bookId}`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
    const visitorId = res.headers.get("Set-Cookie")!.split(";")[0].split("=")[1];
    expect(
      await db
        .select({ bookId: storybooks.bookId })
        .from(storybooks)
        .where(ownedBy(storybooks, ownerOf({ visitorId }))),
    ).toEqual([]);

    // The second sample really is in the making now (its Workflow wrote step 1).
    const second = Date.now() + 10_000;
    while ((await statusOf(SAMPLE_BRIEFS[1].bookId)) === "draft") {
      expect(Date.now(), "the second sample should start").toBeLessThan(second);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const s of SAMPLE_BRIEFS.slice(2)) expect(await statusOf(s.bookId)).toBe("draft");
    // Stop its runner: the test is done with it.
    try {
      await (await env.STORY_WORKFLOW.get(SAMPLE_BRIEFS[1].bookId)).terminate();
    } catch {
      /* already gone */
    }
  });
});
