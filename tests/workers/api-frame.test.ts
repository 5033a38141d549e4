import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

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
