import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "../../workers/api/rate-limit";

// The endpoints that spend a provider's money answer 429 once one client has asked too often
// (20 a minute per group; a fixed window, so 41 quick requests always cross it at least once).

const post = (path: string, ip: string, body: unknown = { messages: [{ role: "user", content: "hi" }] }) =>
  SELF.fetch(`https://example.com${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });

describe("rate limits on costly endpoints", () => {
  it("answers 429 with Retry-After (and fallback for the chat) after too many requests from one address", async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 41; i++) {
      const res = await post("/api/openai/chat", "203.0.113.7");
      statuses.push(res.status);
      if (res.status === 429 && !limited) limited = res;
      else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    // the first ones went through to the endpoint (no key here: its own 503 with fallback)
    expect(statuses[0]).toBe(503);
    expect(limited!.headers.get("Retry-After")).toBe("60");
    expect(await limited!.json()).toEqual({ error: TOO_MANY_REQUESTS, fallback: true });

    // another address, and another group for the same address, are not affected
    expect((await post("/api/openai/chat", "198.51.100.9")).status).toBe(503);
    expect((await post("/api/generate-image", "203.0.113.7", { prompt: "a fox" })).status).not.toBe(429);
  });

  it("counts a caller without an address by its visitor cookie", async () => {
    const cookie = `sn_vid=${"r".repeat(8)}${crypto.randomUUID().replace(/-/g, "")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await SELF.fetch("https://example.com/api/image-generation", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ prompt: "a fox" }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses[0]).not.toBe(429);
  });
});
