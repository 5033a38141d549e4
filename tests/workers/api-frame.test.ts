import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";

describe("API frame", () => {
  it("answers OPTIONS on any /api/ path with 204 and the spec's CORS headers", async () => {
    const res = await SELF.fetch("https://example.com/api/anything/at/all", {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET,POST,OPTIONS,PUT,DELETE");
    expect(res.headers.get("access-control-allow-headers")).toBe("Content-Type,Authorization");
    expect(res.headers.get("access-control-max-age")).toBe("86400");
  });

  it("answers an unknown /api/ path with a 404 JSON", async () => {
    const res = await SELF.fetch("https://example.com/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ error: "Not found", path: "/api/no-such-thing" });
  });

  it("reports every part in /api/health", async () => {
    const res = await SELF.fetch("https://example.com/api/health");
    expect(res.status).toBe(200);
    const body = await res.json<{ status: string; parts: Record<string, { ok: boolean }> }>();
    expect(body.status).toBe("ok");
    expect(Object.keys(body.parts).sort()).toEqual(["database", "durableObject", "kv", "r2"]);
  });

  it("serves pages through Remix with the home page's themes", async () => {
    const res = await SELF.fetch("https://example.com/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Magical Adventure");
  });
});

describe("API errors", () => {
  it("turns a handler exception into a 500 JSON carrying its message and an error id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/api/test/error");
    expect(res.status).toBe(500);
    const body = await res.json<{ error: string; errorId: string }>();
    expect(body.error).toBe("Deliberate test failure");
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    // The server's log line carries the same id the caller sees.
    const lines = logged.mock.calls.map((c) => String(c[0]));
    expect(lines.some((l) => l.includes(`"errorId":"${body.errorId}"`) && l.includes("Deliberate test failure"))).toBe(true);
    logged.mockRestore();
  });

  it("hides the deliberate failure in production", async () => {
    const { default: worker } = await import("../../workers/app");
    const { env } = await import("cloudflare:test");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(new Request("https://example.com/api/test/error"), { ...env, ENVIRONMENT: "production" }, ctx);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Not found" });
  });
});

describe("health with a failing part", () => {
  it("reports the broken part, keeps the others, and answers 503", async () => {
    const { default: worker } = await import("../../workers/app");
    const { env } = await import("cloudflare:test");
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const brokenKv = {
      get: async () => {
        throw new Error("KV is unreachable");
      },
    } as unknown as KVNamespace;
    const res = await worker.fetch(new Request("https://example.com/api/health"), { ...env, CACHE: brokenKv }, ctx);
    expect(res.status).toBe(503);
    const body = await res.json<{ status: string; parts: Record<string, { ok: boolean; error?: string }> }>();
    expect(body.status).toBe("degraded");
    expect(body.parts.kv).toMatchObject({ ok: false, error: "KV is unreachable" });
    expect(body.parts.database.ok).toBe(true);
    expect(body.parts.r2.ok).toBe(true);
    expect(body.parts.durableObject.ok).toBe(true);
  });
});
