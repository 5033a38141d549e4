import { createExecutionContext, createScheduledController, env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/services/db/client.server";
import { PNG_1PX } from "./account-helpers";
import worker from "../../workers/app";
import { finishStep } from "~/services/books/generate.server";

const BASE = "https://example.com";
// Books drawn by earlier tests keep the isolate busy: plain requests may wait for a render or two.
vi.setConfig({ testTimeout: 60_000 });

/** A browser: keeps its visitor cookie across requests, like a real one. */
function visitor() {
  let cookie = "";
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const res = await SELF.fetch(BASE + path, { ...init, headers });
    const set = res.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0];
    return res;
  };
}

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

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function count(table: string, where = "1=1", ...binds: unknown[]) {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("POST /api/books: bad input creates nothing", () => {
  it("answers bad JSON with 400", async () => {
    const res = await visitor()("/api/books", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("JSON") });
  });

  it("answers a failed rule with 400 and field errors, and writes no row", async () => {
    const before = await count("storybooks");
    const res = await visitor()("/api/books", json({ ...FORM, childName: "", age: 40 }));
    expect(res.status).toBe(400);
    const body = await res.json<{ fieldErrors: Record<string, string> }>();
    expect(body.fieldErrors.childName).toBe("Please tell us your child's first name.");
    expect(body.fieldErrors.age).toBe("Stories are made for ages 1 to 12.");
    expect(await count("storybooks")).toBe(before);
  });

  it("refuses unkind text with 422 beside its field, and charges nothing", async () => {
    const browser = visitor();
    const charged = await count("credit_ledger", "reason = 'book_deduction'");
    const res = await browser("/api/books", json({ ...FORM, storyDescription: "The knight wants to kill everyone with a gun." }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ field: "storyDescription", error: expect.stringContaining("gentle") });
    expect(await count("credit_ledger", "reason = 'book_deduction'")).toBe(charged);
  });
});

describe("ownership and ids", () => {
  it("gives the book to its visitor only; others and odd ids get 404", async () => {
    const mine = visitor();
    const res = await mine("/api/books", json(FORM, { "Idempotency-Key": "owner-test-0001" }));
    expect(res.status).toBe(201);
    const { bookId } = await res.json<{ bookId: string }>();
    expect(bookId).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await mine(`/api/books/${bookId}`)).status).toBe(200);
    expect((await visitor()(`/api/books/${bookId}`)).status).toBe(404);
    expect((await mine(`/api/books/not-alnum!`)).status).toBe(404);
    expect((await mine(`/api/books/${bookId}x`)).status).toBe(404);
  });

  it("makes one book from a double submit (same Idempotency-Key)", async () => {
    const browser = visitor();
    await browser("/api/health"); // the form page was visited first: the visitor has its cookie
    const [a, b] = await Promise.all([
      browser("/api/books", json(FORM, { "Idempotency-Key": "double-click-42" })),
      browser("/api/books", json(FORM, { "Idempotency-Key": "double-click-42" })),
    ]);
    const ids = [(await a.json<{ bookId: string }>()).bookId, (await b.json<{ bookId: string }>()).bookId];
    expect(ids[0]).toBe(ids[1]);
    expect(await count("storybooks", "book_id = ?", ids[0])).toBe(1);
  });
});

describe("credits", () => {
  it("gives a visitor one free book, then stops before anything is generated, leading to a free account", async () => {
    const browser = visitor();
    expect((await browser("/api/books", json(FORM, { "Idempotency-Key": "credit-test-00000" }))).status).toBe(201);
    const before = await count("storybooks");
    const res = await browser("/api/books", json(FORM, { "Idempotency-Key": "credit-test-10000" }));
    expect(res.status).toBe(402);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toEqual({
      error: "A book costs 1 credit and you have 0 available. Create a free account to get 2 more free books.",
      signupUrl: "/auth/signup?redirectTo=/createstory",
    });
    expect(await count("storybooks")).toBe(before);
  });
});

describe("the Workflow makes the whole book", () => {
  it("writes, lays out 24 pages, draws each into R2 with cache headers, and charges exactly once", { timeout: 180_000 }, async () => {
    const browser = visitor();
    const res = await browser("/api/books", json(FORM, { "Idempotency-Key": "full-book-0001" }));
    const { bookId } = await res.json<{ bookId: string }>();
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.waitForStatus("complete");

    const book = await (
      await browser(`/api/books/${bookId}`)
    ).json<{
      status: string;
      title: string;
      pages: Array<{ pageNumber: number; title: string; pageType: string; url: string; isGenerated: boolean; content: string }>;
      step1complete: boolean;
      step2complete: boolean;
      step3complete: boolean;
      is_generated: boolean;
      isAmountDeducted: boolean;
      stats: { totalImagesGenerated: number };
    }>();
    expect(book).toMatchObject({
      status: "complete",
      step1complete: true,
      step2complete: true,
      step3complete: true,
      is_generated: true,
      isAmountDeducted: true,
    });
    expect(book.stats.totalImagesGenerated).toBe(24);
    expect(book.pages.map((p) => p.title)).toEqual([
      "Front Cover",
      "Title Page",
      ...Array.from({ length: 20 }, (_, i) => `Story Page ${i + 1}`),
      "Closing Page",
      "Story Page 22",
    ]);
    expect(book.title).toContain("Mia");
    expect(book.pages.every((p) => p.isGenerated && p.url === `/api/images/${bookId}/1/page-${p.pageNumber}.png`)).toBe(true);
    for (const n of [1, 12, 24]) {
      const obj = await env.BOOK_IMAGES.head(`${bookId}/1/page-${n}.png`);
      expect(obj?.httpMetadata?.contentType).toBe("image/png");
    }
    const img = await browser(`/api/images/${bookId}/1/page-5.png`);
    expect(img.status).toBe(200);
    expect(img.headers.get("cache-control")).toBe("private, max-age=3600");
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    const again = await browser(`/api/images/${bookId}/1/page-5.png`, { headers: { "If-None-Match": img.headers.get("etag")! } });
    expect(again.status).toBe(304);

    expect(await count("credit_ledger", "book_id = ? and reason = 'book_deduction'", bookId)).toBe(1);
    // A replayed last step (a crash after charging, before recording) charges nothing more.
    await finishStep(createDb(env.DB), bookId);
    expect(await count("credit_ledger", "book_id = ? and reason = 'book_deduction'", bookId)).toBe(1);
  });

  it("survives a flaky step: retries, then finishes", { timeout: 180_000 }, async () => {
    const browser = visitor();
    const key = "flaky-step-0001";
    const { bookId } = await (await browser("/api/books", json(FORM, { "Idempotency-Key": key }))).json<{ bookId: string }>();
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.modify(async (m) => {
      await m.disableRetryDelays();
      await m.mockStepError({ name: "draw page 7" }, new Error("provider hiccup"), 2);
    });
    await instance.waitForStatus("complete");
    const book = await (await browser(`/api/books/${bookId}`)).json<{ status: string; isAmountDeducted: boolean }>();
    expect(book).toMatchObject({ status: "complete", isAmountDeducted: true });
  });

  it("marks a book that finally fails as failed, never charges it, and Retry finishes it once", { timeout: 180_000 }, async () => {
    const browser = visitor();
    const { bookId } = await (await browser("/api/books", json(FORM, { "Idempotency-Key": "fails-then-retry-1" }))).json<{ bookId: string }>();
    {
      await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
      await instance.modify(async (m) => {
        await m.disableRetryDelays();
        await m.mockStepError({ name: "write the story" }, new Error("the writer is down"), 10);
      });
      await instance.waitForStatus("complete");
    }
    const failed = await (await browser(`/api/books/${bookId}`)).json<{ status: string; error: string; isAmountDeducted: boolean }>();
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("You have not been charged");
    expect(failed.isAmountDeducted).toBe(false);
    expect(await count("credit_ledger", "book_id = ?", bookId)).toBe(0);

    await using retried = await introspectWorkflowInstance(env.STORY_WORKFLOW, `${bookId}-r2`);
    const res = await browser(`/api/books/${bookId}/retry`, { method: "POST" });
    expect(res.status).toBe(202);
    await retried.waitForStatus("complete");
    const done = await (await browser(`/api/books/${bookId}`)).json<{ status: string; isAmountDeducted: boolean }>();
    expect(done).toMatchObject({ status: "complete", isAmountDeducted: true });
    expect(await count("credit_ledger", "book_id = ? and reason = 'book_deduction'", bookId)).toBe(1);
    expect((await browser(`/api/books/${bookId}/retry`, { method: "POST" })).status).toBe(409);
  });
});

describe("the live stream", () => {
  it("sends the book as a snapshot event", async () => {
    const browser = visitor();
    const { bookId } = await (await browser("/api/books", json(FORM, { "Idempotency-Key": "events-test-0001" }))).json<{ bookId: string }>();
    const res = await browser(`/api/books/${bookId}/events`);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain("event: snapshot");
    const data = JSON.parse(
      text
        .split("\n")
        .find((l) => l.startsWith("data: "))!
        .slice(6),
    );
    expect(data.bookId).toBe(bookId);
    expect((await visitor()(`/api/books/${bookId}/events`)).status).toBe(404);
  });
});

describe("POST /api/uploads", () => {
  const upload = (bytes: Uint8Array, name = "photo.png") => {
    const form = new FormData();
    form.set("photo", new File([bytes.slice().buffer as ArrayBuffer], name));
    form.set("photoConsent", "yes");
    return { method: "POST", body: form };
  };
  const PNG = PNG_1PX;

  it("keeps a PNG (by its bytes) privately, and the form can use it", async () => {
    const browser = visitor();
    const res = await browser("/api/uploads", upload(PNG, "whatever.txt"));
    expect(res.status).toBe(201);
    const { uploadId, contentType } = await res.json<{ uploadId: string; contentType: string }>();
    expect(contentType).toBe("image/png");
    const made = await browser("/api/books", json({ ...FORM, childImage: uploadId }, { "Idempotency-Key": "with-photo-0001" }));
    expect(made.status).toBe(201);
    // Another visitor cannot use it.
    const other = await visitor()("/api/books", json({ ...FORM, childImage: uploadId }));
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ fieldErrors: { childImage: expect.stringContaining("not found") } });
  });

  it("refuses what is not a photo, whatever its name", async () => {
    const res = await visitor()("/api/uploads", upload(new TextEncoder().encode("GIF89a not really"), "kid.jpg"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Please choose a JPEG, PNG or WebP photo." });
  });
});

describe("the watchdog resumes a book whose runner was lost (a crash, a restart)", () => {
  it("finishes the missing pages with a new attempt, keeps the drawn ones and never charges twice", { timeout: 180_000 }, async () => {
    const { createBookService } = await import("~/services/books/books.server");
    const browser = visitor();
    const { bookId } = await (await browser("/api/books", json(FORM, { "Idempotency-Key": "lost-runner-0001" }))).json<{ bookId: string }>();
    {
      await using first = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
      await first.waitForStatus("complete");
    }
    const before = await env.BOOK_IMAGES.head(`${bookId}/1/page-3.png`);
    // The state a crash leaves behind: pages 10–24 never drawn, nothing moved for two minutes.
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await env.DB.batch([
      env.DB.prepare("update storybook_pages set is_generated = 0, image_url = null where book_id = ? and page_number >= 10").bind(bookId),
      env.DB.prepare("update storybooks set status = 'illustrating', step3_complete = 0, is_generated = 0, last_updated = ? where book_id = ?").bind(
        twoMinutesAgo,
        bookId,
      ),
    ]);
    const service = createBookService({
      db: createDb(env.DB),
      images: env.BOOK_IMAGES,
      workflow: env.STORY_WORKFLOW,
      moderator: { name: "offline", check: async () => ({ ok: true }) },
    });
    await using second = await introspectWorkflowInstance(env.STORY_WORKFLOW, `${bookId}-r2`);
    // Nobody opens it: the cron trigger's sweep finds it and resumes it.
    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    expect(await service.resumeIfStalled(bookId)).toBe("running"); // one resume, however many watchers
    await second.waitForStatus("complete");

    const book = await (await browser(`/api/books/${bookId}`)).json<{ status: string; pages: Array<{ isGenerated: boolean }> }>();
    expect(book.status).toBe("complete");
    expect(book.pages.filter((p) => p.isGenerated)).toHaveLength(24);
    expect((await env.BOOK_IMAGES.head(`${bookId}/1/page-3.png`))?.etag).toBe(before?.etag); // not redrawn
    expect(await count("credit_ledger", "book_id = ? and reason = 'book_deduction'", bookId)).toBe(1);
    expect(await service.resumeIfStalled(bookId)).toBe("finished");
  });
});

describe("colours from the photo", () => {
  it("gives the story's character the hair and skin colours read from the photo", { timeout: 180_000 }, async () => {
    const browser = visitor();
    const res = await browser(
      "/api/books",
      json({ ...FORM, photoHair: "#2b1a10", photoSkin: "#8d5524", photoEyes: "#3b2a1a" }, { "Idempotency-Key": "photo-colours-01" }),
    );
    expect(res.status).toBe(201);
    const { bookId } = await res.json<{ bookId: string }>();
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.waitForStatus("complete");
    const book = await (await browser(`/api/books/${bookId}`)).json<{ story: { content: string; formData: Record<string, string> } }>();
    const sheet = JSON.parse(book.story.content).characterSheet;
    expect(sheet.skinTone.toLowerCase()).toBe("#8d5524");
    expect(sheet.hairColor.toLowerCase()).toBe("#2b1a10");
    expect(book.story.formData).toMatchObject({ photoHair: "#2b1a10", photoSkin: "#8d5524" });
  });

  it("refuses a colour that is not #rrggbb", async () => {
    const res = await visitor()("/api/books", json({ ...FORM, photoSkin: "red" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fieldErrors: { photoSkin: "A colour is written #rrggbb." } });
  });
});
