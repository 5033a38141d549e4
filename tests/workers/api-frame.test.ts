import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";

describe("API frame", () => {
  it("answers only this site: another site's preflight is 403 and no answer carries a cross-origin header", async () => {
    const pre = await SELF.fetch("https://example.com/api/anything/at/all", {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(pre.status).toBe(403);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    expect(await pre.json()).toEqual({ error: "This API answers only StoryNest's own pages." });
    const own = await SELF.fetch("https://example.com/api/anything/at/all", { method: "OPTIONS", headers: { Origin: "https://example.com" } });
    expect(own.status).toBe(204);
    const read = await SELF.fetch("https://example.com/api/health", { headers: { Origin: "https://elsewhere.example" } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    await read.arrayBuffer();
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
  it("turns a handler exception into a 500 JSON with a generic sentence and an error id; its message goes only to the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/api/test/error");
    expect(res.status).toBe(500);
    const body = await res.json<{ error: string; errorId: string }>();
    expect(body).toEqual({ error: "Something went wrong", errorId: expect.any(String) });
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
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

describe("internal failures reach no caller", () => {
  it("a database error is a 500 with the generic sentence and the error id; the SQL and D1's words are only in the log", async () => {
    const { default: worker } = await import("../../workers/app");
    const { env } = await import("cloudflare:test");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The real local D1, asked about a table that does not exist: D1 itself fails, with SQL in its message.
    const brokenDb = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") return (sql: string) => target.prepare(sql.replaceAll('"storybooks"', '"storybooks_gone"'));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(new Request("https://example.com/api/library"), { ...env, DB: brokenDb }, ctx);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    const body = JSON.parse(text) as { error: string; errorId: string };
    expect(body).toEqual({ error: "Something went wrong", errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    for (const internal of ["storybooks", "select", "SQLITE", "D1", "stack", "at "]) expect(text).not.toContain(internal);
    const line = logged.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>).find((l) => l.errorId === body.errorId);
    expect(line).toMatchObject({
      level: "error",
      path: "/api/library",
      message: expect.stringContaining("select"),
      cause: expect.stringContaining("no such table: storybooks_gone"),
    });
    logged.mockRestore();
  });
});

describe("the one way into the API", () => {
  it("a JSON route answers 415 to a body sent as another type, in the route's error shape", async () => {
    const body = JSON.stringify({ mode: "contact", name: "Ada", email: "ada@example.com", topic: "book", message: "A question about my book." });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await SELF.fetch("https://example.com/api/send-email", { method: "POST", headers: { "Content-Type": type }, body });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ success: false, error: "Send the body as JSON, with Content-Type: application/json." });
    }
    const form = await SELF.fetch("https://example.com/api/books", { method: "POST", body: new URLSearchParams({ childName: "Mia" }) });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: "Send the body as JSON, with Content-Type: application/json." });
  });

  it("an image path that names no picture is the API's 404", async () => {
    for (const path of ["/api/images/not-a-book!/1/page-1.png", "/api/images/abc/one/page-1.png", "/api/images/abc/1/cover.png"]) {
      const res = await SELF.fetch(`https://example.com${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found", path: new URL(`https://example.com${path}`).pathname });
    }
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
