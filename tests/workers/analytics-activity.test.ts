import { env, introspectWorkflowInstance, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createAnalytics } from "~/services/analytics/record.server";
import { log } from "~/services/log.server";
import { db, uid } from "./db-helpers";
import { DENIED, GRANTED, activityOf, visitor } from "./analytics-helpers";

// Activity is recorded where things happen, only for a visitor who chose Accept All: a book's start
// through the API (with the page it came from), then its finish in the Workflow and its PDF. A
// visitor who declined is never recorded, not even by what finishes later without a request.

vi.setConfig({ testTimeout: 60_000 });
const BASE = "https://example.com";

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

async function makeBookAndDownload(cookie: string): Promise<string> {
  const headers = { Cookie: cookie, "Content-Type": "application/json", Referer: `${BASE}/createstory`, "Idempotency-Key": uid("key-") };
  const res = await SELF.fetch(`${BASE}/api/books`, { method: "POST", headers, body: JSON.stringify(FORM) });
  expect(res.status).toBe(201);
  const { bookId } = await res.json<{ bookId: string }>();
  await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
  await instance.waitForStatus("complete");
  const pdf = await SELF.fetch(`${BASE}/api/books/${bookId}/pdf`, { headers: { Cookie: cookie, Referer: `${BASE}/youraistory/${bookId}` } });
  expect(pdf.status).toBe(200);
  await pdf.arrayBuffer();
  // the PDF's row is written after the answer
  await new Promise((r) => setTimeout(r, 200));
  return bookId;
}

describe("activity with consent", () => {
  it("Accept All: the book's start (with its page), its finish and its PDF are recorded", async () => {
    const v = visitor(GRANTED);
    const bookId = await makeBookAndDownload(v.cookie);
    const rows = await activityOf(v.id);
    expect(rows.map((r) => r.event_name)).toEqual(["book_started", "book_finished", "pdf_downloaded"]);
    expect(rows.map((r) => JSON.parse(r.event_data).bookId)).toEqual([bookId, bookId, bookId]);
    expect(rows[0].source_page).toBe("/createstory");
    expect(rows[2].source_page).toBe(`/youraistory/${bookId}`);
  });

  it("Decline, no choice, or GPC: nothing is ever recorded, not even the finish", async () => {
    for (const consent of [DENIED, null]) {
      const v = visitor(consent);
      await makeBookAndDownload(v.cookie);
      expect(await activityOf(v.id)).toEqual([]);
    }
    const gpc = visitor(GRANTED);
    const res = await SELF.fetch(`${BASE}/api/books`, {
      method: "POST",
      headers: { Cookie: gpc.cookie, "Sec-GPC": "1", "Content-Type": "application/json", "Idempotency-Key": uid("key-") },
      body: JSON.stringify(FORM),
    });
    expect(res.status).toBe(201);
    const { bookId } = await res.json<{ bookId: string }>();
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.waitForStatus("complete");
    expect(await activityOf(gpc.id)).toEqual([]);
  });
});

describe("follow-ups without a request", () => {
  const analytics = createAnalytics(db, log);

  it("are recorded only after their start, once, with the start's visitor and profile", async () => {
    const orderId = crypto.randomUUID();
    const v = visitor(GRANTED);
    expect(await analytics.followUp("checkout_started", "purchase_completed", { orderId })).toBe(false);
    const headers = new Headers({ Cookie: v.cookie });
    expect(await analytics.activity(headers, { visitorId: v.id, userProfileId: null }, "checkout_started", { sourcePage: "/pricing", data: { orderId } })).toBe(
      true,
    );
    const again = await Promise.all([1, 2, 3].map(() => analytics.followUp("checkout_started", "purchase_completed", { orderId })));
    expect(again.filter(Boolean)).toHaveLength(1);
    const rows = await activityOf(v.id);
    expect(rows.map((r) => r.event_name)).toEqual(["checkout_started", "purchase_completed"]);
    expect(rows[1].source_page).toBe("/pricing");
  });

  it("a request's activity needs the granted cookie and no GPC", async () => {
    const v = visitor(GRANTED);
    const who = { visitorId: v.id, userProfileId: null };
    expect(await analytics.activity(new Headers({ Cookie: DENIED }), who, "book_shared", {})).toBe(false);
    expect(await analytics.activity(new Headers({ Cookie: v.cookie, "Sec-GPC": "1" }), who, "book_shared", {})).toBe(false);
    expect(await analytics.activity(new Headers({ Cookie: v.cookie }), who, "book_shared", { data: { how: "family" } })).toBe(true);
    expect((await activityOf(v.id)).map((r) => r.event_name)).toEqual(["book_shared"]);
  });
});
