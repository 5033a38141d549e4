import { describe, expect, it } from "vitest";
import { DENIED, GRANTED, eventsOf, pageView, sendBatch, visitor, visitorMeta, visitorRow } from "./analytics-helpers";
import { uniqueIp } from "./costly-helpers";

// POST /api/analytics through the Worker with the real local D1: consent and GPC checked on the
// server, every batch validated, a per-visitor limit, and the visitor's registration upserted.

describe("POST /api/analytics", () => {
  it("accepts a consented batch at once (202) and writes the page views and the registration", async () => {
    const v = visitor(GRANTED);
    const res = await sendBatch({ visitor: visitorMeta(), events: [pageView("/"), pageView("/pricing")] }, v.cookie);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 3 });
    const events = await eventsOf(v.id);
    expect(events.map((e) => e.event_name)).toEqual(["page_view", "page_view"]);
    expect(events[1].session_id).toBe("tab_abcdefgh12");
    expect(JSON.parse(events[1].event_data)).toMatchObject({ path: "/pricing", title: "Pricing | StoryNest", screen: { width: 390, height: 844 } });
    const row = await visitorRow(v.id);
    expect(JSON.parse(row!.metadata)).toMatchObject({ platform: "Linux x86_64", timezone: "Europe/London", components: { hardwareConcurrency: 8 } });
  });

  it("updates the visitor's metadata and last visit on a later registration, keeping the first visit", async () => {
    const v = visitor(GRANTED);
    expect((await sendBatch({ visitor: visitorMeta({ language: "fr-FR" }), events: [] }, v.cookie)).status).toBe(202);
    const first = await visitorRow(v.id);
    await new Promise((r) => setTimeout(r, 5));
    expect((await sendBatch({ visitor: visitorMeta({ language: "de-DE", url: "https://example.com/library" }), events: [] }, v.cookie)).status).toBe(202);
    const second = await visitorRow(v.id);
    expect(JSON.parse(second!.metadata)).toMatchObject({ language: "de-DE", url: "https://example.com/library" });
    expect(second!.first_seen_at).toBe(first!.first_seen_at);
    expect(second!.last_seen_at > first!.last_seen_at).toBe(true);
  });

  it("writes nothing without the granted consent cookie: declined, or no choice yet (204)", async () => {
    for (const consent of [DENIED, null]) {
      const v = visitor(consent);
      const res = await sendBatch({ visitor: visitorMeta(), events: [pageView()] }, v.cookie);
      expect(res.status).toBe(204);
      expect(await eventsOf(v.id)).toEqual([]);
      expect(await visitorRow(v.id)).toBeNull();
    }
  });

  it("treats the Global Privacy Control signal as Decline, even with the granted cookie", async () => {
    const v = visitor(GRANTED);
    const res = await sendBatch({ visitor: visitorMeta(), events: [pageView()] }, v.cookie, { gpc: true });
    expect(res.status).toBe(204);
    expect(await eventsOf(v.id)).toEqual([]);
    expect(await visitorRow(v.id)).toBeNull();
  });

  it("refuses a batch that is not valid with a 400 and its issues, writing nothing", async () => {
    const v = visitor(GRANTED);
    const bad: unknown[] = [
      "not json at all",
      { events: [pageView("/", { visitorId: "someone-else" })] }, // unknown field: the client never names the visitor
      { events: [{ ...pageView(), name: "purchase_completed" }] }, // only page views come from the browser
      { events: [pageView("/", { title: "x".repeat(301) })] },
      { events: [pageView("/", { url: `https://example.com/${"a".repeat(2048)}` })] },
      { events: [pageView("no-slash")] },
      { events: Array.from({ length: 51 }, () => pageView()) },
      { visitor: visitorMeta({ components: Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`c${i}`, i])) }), events: [] },
      { events: [pageView("/", { sessionId: "bad id!" })] },
      { events: [], extra: true },
    ];
    for (const body of bad) {
      const res = await sendBatch(body, v.cookie);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await res.json()) as { error: string };
      expect(answer.error).toMatch(/analytics batch/);
      expect(JSON.stringify(answer)).not.toMatch(/stack|at Object|ZodError/);
    }
    expect(await eventsOf(v.id)).toEqual([]);
    expect(await visitorRow(v.id)).toBeNull();
  });

  it("refuses a body over 32 KB with a JSON 413", async () => {
    const v = visitor(GRANTED);
    const big = { events: Array.from({ length: 20 }, () => pageView("/", { url: `https://example.com/${"a".repeat(2000)}` })) };
    const res = await sendBatch(big, v.cookie);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/);
    expect(await eventsOf(v.id)).toEqual([]);
  });

  it("limits a visitor to 300 events a minute, even when the batches arrive all at once", async () => {
    const v = visitor(GRANTED);
    // 8 batches of 50 at once from different addresses: only 6 fit in 300, whatever their order
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sendBatch({ events: Array.from({ length: 50 }, () => pageView()) }, v.cookie, { ip: uniqueIp() })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await eventsOf(v.id)).length).toBe(300);
    // another visitor is not affected
    const other = visitor(GRANTED);
    expect((await sendBatch({ events: [pageView()] }, other.cookie)).status).toBe(202);
  });
});
