import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { recordUserActivity, recordUserEvent, registerVisitor } from "~/services/db/visitors.server";
import { db, makeProfile, uid } from "./db-helpers";

const visitorRow = (visitorId: string) =>
  env.DB.prepare("SELECT * FROM fingerprint_visitors WHERE visitor_id = ?")
    .bind(visitorId)
    .first<{ visitor_id: string; first_seen_at: string; last_seen_at: string; metadata: string }>();

describe("visitor registration", () => {
  it("inserts a new visitor with first and last seen, then updates last seen and metadata only", async () => {
    const visitorId = uid("v");
    const first = new Date("2025-03-01T08:00:00.000Z");
    const later = new Date("2025-03-02T19:30:00.000Z");
    const metadata = {
      userAgent: "Mozilla/5.0 (iPhone)",
      language: "en-GB",
      platform: "iPhone",
      screenSize: "390x844",
      timezone: "Europe/London",
      timezoneOffset: 0,
      referrer: "",
      url: "https://storynest.example/",
      timestamp: first.toISOString(),
      components: { colorDepth: 24, touchSupport: true },
    };
    expect(await registerVisitor(db, { visitorId, metadata }, first)).toEqual({ visitorId, isNew: true });
    const inserted = await visitorRow(visitorId);
    expect(inserted).toMatchObject({ visitor_id: visitorId, first_seen_at: first.toISOString(), last_seen_at: first.toISOString() });
    expect(JSON.parse(inserted!.metadata)).toEqual(metadata);

    expect(await registerVisitor(db, { visitorId, metadata: { language: "fr-FR" } }, later)).toEqual({ visitorId, isNew: false });
    const row = await visitorRow(visitorId);
    expect(row?.first_seen_at).toBe(first.toISOString());
    expect(row?.last_seen_at).toBe(later.toISOString());
    expect(JSON.parse(row!.metadata)).toEqual({ language: "fr-FR" });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM fingerprint_visitors WHERE visitor_id = ?").bind(visitorId).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("survives two first visits racing each other", async () => {
    const visitorId = uid("v");
    const results = await Promise.all([registerVisitor(db, { visitorId }), registerVisitor(db, { visitorId })]);
    expect(results.map((r) => r.visitorId)).toEqual([visitorId, visitorId]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM fingerprint_visitors WHERE visitor_id = ?").bind(visitorId).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("drops unknown metadata keys and rejects bad ids and oversized metadata", async () => {
    const visitorId = uid("v");
    await registerVisitor(db, { visitorId, metadata: { language: "en", secret: "x" } as never });
    expect(JSON.parse((await visitorRow(visitorId))!.metadata)).toEqual({ language: "en" });
    await expect(registerVisitor(db, { visitorId: "" })).rejects.toBeInstanceOf(ZodError);
    await expect(registerVisitor(db, { visitorId: "has space" })).rejects.toBeInstanceOf(ZodError);
    await expect(registerVisitor(db, { visitorId: uid("v"), metadata: { components: { big: "x".repeat(20_000) } } })).rejects.toThrow(/larger than/);
  });
});

describe("user events", () => {
  it("inserts an event with its data and session, and stamps created_at", async () => {
    const visitorId = uid("v");
    const before = new Date().toISOString();
    const id = await recordUserEvent(db, {
      visitorId,
      eventName: "page_view",
      eventData: { path: "/", title: "StoryNest", screen: "390x844" },
      sessionId: "s-1",
    });
    const row = await env.DB.prepare("SELECT * FROM user_events WHERE id = ?").bind(id).first<Record<string, string>>();
    expect(row).toMatchObject({ visitor_id: visitorId, event_name: "page_view", session_id: "s-1" });
    expect(JSON.parse(row!.event_data)).toEqual({ path: "/", title: "StoryNest", screen: "390x844" });
    expect(row!.created_at >= before.slice(0, 19)).toBe(true);
    expect(row!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("keeps a visitor's events findable by visitor and time, and by session", async () => {
    const visitorId = uid("v");
    await recordUserEvent(db, { visitorId, eventName: "page_view", sessionId: "s-a", createdAt: "2025-01-02T00:00:00.000Z" });
    await recordUserEvent(db, { visitorId, eventName: "theme_chosen", sessionId: "s-a", createdAt: "2025-01-01T00:00:00.000Z" });
    const { results } = await env.DB.prepare("SELECT event_name FROM user_events WHERE visitor_id = ? ORDER BY created_at").bind(visitorId).all();
    expect(results.map((r) => r.event_name)).toEqual(["theme_chosen", "page_view"]);
  });

  it("rejects an empty event name, a non-object payload and an unknown time format", async () => {
    await expect(recordUserEvent(db, { visitorId: uid("v"), eventName: "   " })).rejects.toBeInstanceOf(ZodError);
    await expect(recordUserEvent(db, { visitorId: uid("v"), eventName: "x", eventData: [1, 2] as never })).rejects.toBeInstanceOf(ZodError);
    await expect(recordUserEvent(db, { visitorId: uid("v"), eventName: "x", createdAt: "yesterday" })).rejects.toBeInstanceOf(ZodError);
  });
});

describe("user activity", () => {
  it("records activity of a visitor and of a signed-in profile", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    const a = await recordUserActivity(db, { visitorId, eventName: "story_started", eventData: { theme: "Space" }, sourcePage: "/createstory" });
    const b = await recordUserActivity(db, { visitorId, userProfileId: profileId, sessionId: "s-9", eventName: "story_finished" });
    const { results } = await env.DB.prepare("SELECT id, visitor_id, user_profile_id, event_name, source_page, session_id FROM user_activity WHERE id IN (?, ?) ORDER BY id")
      .bind(a, b)
      .all();
    expect(results).toEqual([
      { id: a, visitor_id: visitorId, user_profile_id: null, event_name: "story_started", source_page: "/createstory", session_id: null },
      { id: b, visitor_id: visitorId, user_profile_id: profileId, event_name: "story_finished", source_page: null, session_id: "s-9" },
    ]);
  });

  it("needs a visitor or a profile, and a profile that exists", async () => {
    await expect(recordUserActivity(db, { eventName: "story_started" })).rejects.toBeInstanceOf(ZodError);
    await expect(recordUserActivity(db, { userProfileId: "nobody", eventName: "story_started" })).rejects.toThrow();
  });
});
