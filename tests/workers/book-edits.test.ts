import { env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/services/db/client.server";
import { readTimings } from "~/services/books/timings.server";
import { ownerOf } from "~/services/db/owner.server";

const BASE = "https://example.com";
vi.setConfig({ testTimeout: 60_000 });

/** A browser: keeps its visitor cookie across requests. */
function visitor() {
  let cookie = "";
  const fetcher = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const res = await SELF.fetch(BASE + path, { redirect: "manual", ...init, headers });
    const set = res.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0];
    return res;
  };
  fetcher.visitorId = () => decodeURIComponent(cookie.split("=")[1] ?? "");
  return fetcher;
}
type Browser = ReturnType<typeof visitor>;

const FORM = {
  childName: "Leo",
  age: 5,
  gender: "boy",
  authorName: "Dad",
  theme: "Ocean",
  storyDescription: "Leo finds a shell that sings when the tide comes in.",
  moralLesson: "Listening carefully helps you make friends.",
  specialElements: "a singing shell, a shy crab",
  artStyle: "watercolor",
};

interface Page {
  pageNumber: number;
  content: string;
  url: string;
  generationProgress: number;
}
interface Book {
  status: string;
  title: string;
  lastUpdated: string;
  pages: Page[];
}

const db = createDb(env.DB);

async function row<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

function edit(browser: Browser, bookId: string, fields: Record<string, string>) {
  return browser(`/modify-story/${bookId}`, { method: "POST", body: new URLSearchParams(fields) });
}

async function bytesOf(key: string): Promise<string> {
  const obj = await env.BOOK_IMAGES.get(key);
  if (!obj) throw new Error(`${key} is not in R2`);
  const digest = await crypto.subtle.digest("SHA-256", await obj.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

let owner: Browser;
let bookId: string;

beforeAll(async () => {
  owner = visitor();
  const res = await owner("/api/books", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": "edit-book-0001" },
    body: JSON.stringify(FORM),
  });
  expect(res.status).toBe(201);
  ({ bookId } = await res.json<{ bookId: string }>());
  await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
  await instance.waitForStatus("complete");
}, 240_000);

describe("step timings of a real generation", () => {
  it("records record, write, every picture and finish, with start times and durations", async () => {
    const timings = await readTimings(db, ownerOf({ visitorId: owner.visitorId() }), bookId);
    expect(timings).not.toBeNull();
    const steps = timings!.steps.map((t) => t.step);
    expect(steps[0]).toBe("record");
    expect(steps[1]).toBe("write");
    expect(steps.at(-1)).toBe("finish");
    expect(steps.filter((s) => s.startsWith("draw page ")).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `draw page ${i + 1}`).sort());
    expect(timings!.steps.every((t) => t.ok && t.attempt === 1 && t.durationMs >= 0 && !Number.isNaN(Date.parse(t.startedAt)))).toBe(true);
    // the steps ran one after another: each starts no earlier than the one before it
    const starts = timings!.steps.map((t) => Date.parse(t.startedAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const page = await owner(`/test/timing?bookId=${bookId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toContain("noindex");
    const html = await page.text();
    expect(html).toContain('data-step="draw page 24"');
    expect(html).toContain('data-step="finish"');
    // the latest book is the default
    expect(await (await owner("/test/timing")).text()).toContain('data-step="write"');
  });

  it("shows only the owner's books", async () => {
    expect((await visitor()(`/test/timing?bookId=${bookId}`)).status).toBe(404);
    expect((await visitor()(`/test/custom-story-data?bookId=${bookId}`)).status).toBe(404);
    expect((await owner(`/test/timing?bookId=not-a-book!`)).status).toBe(404);
  });

  it("shows the stored form data of the latest book", async () => {
    const res = await owner("/test/custom-story-data");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(bookId);
    expect(html).toContain("Leo finds a shell that sings when the tide comes in.");
    expect(html).toContain("a singing shell, a shy crab");
  });
});

describe("editing text", () => {
  it("gives anyone else, and odd ids, the not-found page", async () => {
    const stranger = visitor();
    expect((await stranger(`/modify-story/${bookId}`)).status).toBe(404);
    expect((await edit(stranger, bookId, { field: "title", text: "Mine now" })).status).toBe(404);
    expect((await owner(`/modify-story/not-alnum!`)).status).toBe(404);
    expect((await owner(`/modify-story/${bookId}`)).status).toBe(200);
    expect((await row<{ title: string }>("select title from storybooks where book_id = ?", bookId))?.title).not.toBe("Mine now");
  });

  it("refuses empty or over-long text beside the field and changes nothing", async () => {
    const before = await row<{ last_updated: string; title: string }>("select last_updated, title from storybooks where book_id = ?", bookId);
    const empty = await edit(owner, bookId, { field: "page", pageNumber: "5", text: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write some words for this page.");
    const long = await edit(owner, bookId, { field: "title", text: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("A title can be at most 120 characters.");
    const tooLongPage = await edit(owner, bookId, { field: "page", pageNumber: "5", text: "y".repeat(2001) });
    expect(tooLongPage.status).toBe(400);
    const noPage = await edit(owner, bookId, { field: "page", pageNumber: "25", text: "Hello" });
    expect(noPage.status).toBe(400);
    const after = await row<{ last_updated: string; title: string }>("select last_updated, title from storybooks where book_id = ?", bookId);
    expect(after).toEqual(before);
  });

  it("refuses unkind words with 422 and a parent-friendly message", async () => {
    const res = await edit(owner, bookId, { field: "page", pageNumber: "5", text: "Then the knight wanted to kill everyone with a gun." });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("gentle");
    const page = await row<{ content: string }>("select content from storybook_pages where book_id = ? and page_number = 5", bookId);
    expect(page?.content).not.toContain("gun");
  });

  it("saves a page's words (trimmed), bumps last_updated and the word count, and Undo puts them back", async () => {
    const before = await row<{ last_updated: string; tokens_words: number }>("select last_updated, tokens_words from storybooks where book_id = ?", bookId);
    const original = (await row<{ content: string }>("select content from storybook_pages where book_id = ? and page_number = 6", bookId))!.content;
    const res = await edit(owner, bookId, { field: "page", pageNumber: "6", text: "  Leo waved at the moon, and the moon waved back.  " });
    expect(res.status).toBe(200);
    const page = await row<{ content: string }>("select content from storybook_pages where book_id = ? and page_number = 6", bookId);
    expect(page?.content).toBe("Leo waved at the moon, and the moon waved back.");
    const after = await row<{ last_updated: string; tokens_words: number }>("select last_updated, tokens_words from storybooks where book_id = ?", bookId);
    expect(after!.last_updated > before!.last_updated).toBe(true);
    const words = (s: string) => s.match(/\S+/g)?.length ?? 0;
    expect(after!.tokens_words).toBe(before!.tokens_words - words(original) + 10);
    // the reader's data shows it
    const book = await (await owner(`/api/books/${bookId}`)).json<Book>();
    expect(book.pages[5].content).toBe("Leo waved at the moon, and the moon waved back.");
    // Undo is a save of the earlier text
    expect((await edit(owner, bookId, { field: "page", pageNumber: "6", text: original, intent: "undo" })).status).toBe(200);
    expect((await row<{ content: string }>("select content from storybook_pages where book_id = ? and page_number = 6", bookId))?.content).toBe(
      original.trim(),
    );
  });

  it("saves a new title; the cover follows it", async () => {
    const res = await edit(owner, bookId, { field: "title", text: "Leo and the Singing Shell" });
    expect(res.status).toBe(200);
    const book = await (await owner(`/api/books/${bookId}`)).json<Book>();
    expect(book.title).toBe("Leo and the Singing Shell");
    expect(book.pages[0].content).toBe("Leo and the Singing Shell");
  });
});

describe("drawing one page again", () => {
  it("stores a new picture at the next interaction index and leaves every other page as it was", async () => {
    const keys = await env.DB.prepare("select page_number, image_key, interaction_index from storybook_pages where book_id = ? order by page_number")
      .bind(bookId)
      .all<{ page_number: number; image_key: string; interaction_index: number }>();
    const before = new Map<number, { key: string; index: number; bytes: string }>();
    for (const r of keys.results) before.set(r.page_number, { key: r.image_key, index: r.interaction_index, bytes: await bytesOf(r.image_key) });
    const old = before.get(7)!;
    const lastUpdated = (await row<{ last_updated: string }>("select last_updated from storybooks where book_id = ?", bookId))!.last_updated;
    const ledger = await row<{ n: number }>("select count(*) as n from credit_ledger");

    const res = await owner(`/api/books/${bookId}/pages/7/picture`, { method: "POST" });
    expect(res.status).toBe(200);
    const body = await res.json<{ status: string; url: string; interactionIndex: number }>();
    const newKey = `${bookId}/${old.index + 1}/page-7.png`;
    expect(body).toMatchObject({ status: "drawn", interactionIndex: old.index + 1, url: `/api/images/${newKey}` });

    const page7 = await row<{ image_key: string; image_url: string; interaction_index: number; generation_progress: number }>(
      "select image_key, image_url, interaction_index, generation_progress from storybook_pages where book_id = ? and page_number = 7",
      bookId,
    );
    expect(page7).toEqual({ image_key: newKey, image_url: `/api/images/${newKey}`, interaction_index: old.index + 1, generation_progress: 100 });
    expect((await env.BOOK_IMAGES.head(newKey))?.httpMetadata?.contentType).toBe("image/png");
    expect(await env.BOOK_IMAGES.head(old.key)).toBeNull();
    expect((await owner(body.url)).status).toBe(200);

    const now = await env.DB.prepare("select page_number, image_key, interaction_index from storybook_pages where book_id = ? order by page_number")
      .bind(bookId)
      .all<{ page_number: number; image_key: string; interaction_index: number }>();
    for (const r of now.results) {
      if (r.page_number === 7) continue;
      const b = before.get(r.page_number)!;
      expect({ key: r.image_key, index: r.interaction_index, bytes: await bytesOf(r.image_key) }).toEqual(b);
    }
    expect((await row<{ last_updated: string }>("select last_updated from storybooks where book_id = ?", bookId))!.last_updated > lastUpdated).toBe(true);
    // free: no ledger entry
    expect(await row<{ n: number }>("select count(*) as n from credit_ledger")).toEqual(ledger);
  });

  it("draws one picture for a double click", async () => {
    const index = (await row<{ i: number }>("select interaction_index as i from storybook_pages where book_id = ? and page_number = 9", bookId))!.i;
    const [a, b] = await Promise.all([
      owner(`/api/books/${bookId}/pages/9/picture`, { method: "POST" }),
      owner(`/api/books/${bookId}/pages/9/picture`, { method: "POST" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    expect((await row<{ i: number }>("select interaction_index as i from storybook_pages where book_id = ? and page_number = 9", bookId))!.i).toBe(index + 1);
    expect(await env.BOOK_IMAGES.head(`${bookId}/${index + 2}/page-9.png`)).toBeNull();
  });

  it("answers 404 to anyone else, an odd id or a page that does not exist", async () => {
    expect((await visitor()(`/api/books/${bookId}/pages/3/picture`, { method: "POST" })).status).toBe(404);
    expect((await owner(`/api/books/not-alnum!/pages/3/picture`, { method: "POST" })).status).toBe(404);
    expect((await owner(`/api/books/${bookId}/pages/25/picture`, { method: "POST" })).status).toBe(404);
    expect((await owner(`/api/books/${bookId}/pages/1.5/picture`, { method: "POST" })).status).toBe(404);
  });

  it("waits for a book still being made: 409, and the edit page says so", async () => {
    // a second book: more than the visitor's one free credit
    const granted = await owner("/api/test/credits", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ credits: 1 }) });
    expect(granted.status).toBe(201);
    const res = await owner("/api/books", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "edit-book-0002" },
      body: JSON.stringify(FORM),
    });
    const { bookId: making } = await res.json<{ bookId: string }>();
    await env.DB.prepare("update storybooks set status = 'illustrating' where book_id = ?").bind(making).run();
    const page = await owner(`/modify-story/${making}`);
    // it may finish meanwhile; while it is not complete the page says it is still being made
    const status = (await row<{ status: string }>("select status from storybooks where book_id = ?", making))!.status;
    if (status !== "complete") expect(await page.text()).toContain("This book is still being made");
    await env.DB.prepare("update storybooks set status = 'writing' where book_id = ?").bind(making).run();
    expect((await owner(`/api/books/${making}/pages/3/picture`, { method: "POST" })).status).toBe(409);
    expect((await edit(owner, making, { field: "title", text: "Too soon" })).status).toBe(409);
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, making);
    await instance.waitForStatus("complete");
  }, 240_000);
});
