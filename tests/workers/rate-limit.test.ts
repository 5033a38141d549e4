import { describe, expect, inject, it } from "vitest";
import { TOO_MANY_REQUESTS } from "../../workers/api/rate-limit";
import { scriptedKey } from "../fake-servers/keys";
import { postCostly, uniqueIp, visitorCookie } from "./costly-helpers";

// The endpoints that spend a provider's money answer 429 once one client has asked too often
// (20 a minute per group; a fixed window, so 41 quick requests always cross it at least once). Each
// request here comes from another known visitor, so only the address can be what is counted.

const imageVars = () => ({ IMAGE_API_URL: `${inject("fakeImageUrl")}/generate`, IMAGE_API_KEY: scriptedKey("ok"), IMAGE_API_MODEL: "house-model" });
const chatBody = { messages: [{ role: "user", content: "hi" }] };

describe("rate limits on costly endpoints", () => {
  it("answers 429 with Retry-After (and fallback for the chat) after too many requests from one address", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 41; i++) {
      const res = await postCostly("openai/chat", chatBody, { ip });
      statuses.push(res.status);
      if (res.status === 429 && !limited) limited = res;
      else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    // the first ones went through to the endpoint (no key here: Nino's scripted reply)
    expect(statuses[0]).toBe(200);
    expect(limited!.headers.get("Retry-After")).toBe("60");
    expect(await limited!.json()).toEqual({ error: TOO_MANY_REQUESTS, fallback: true });

    // another address, and another group for the same address, are not affected
    expect((await postCostly("openai/chat", chatBody, { ip: uniqueIp() })).status).toBe(200);
    expect((await postCostly("generate-image", { prompt: "a fox" }, { ip, vars: imageVars() })).status).toBe(200);
  });

  it("counts a caller without an address by its visitor cookie", async () => {
    const cookie = visitorCookie();
    const vars = imageVars();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await postCostly("image-generation", { prompt: "a fox" }, { cookie, ip: null, vars });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses[0]).toBe(200);
  });

  it("a request refused for its body, origin or cookie is not counted against the address", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) {
      expect((await postCostly("openai/chat", { messages: [] }, { ip })).status).toBe(400);
      expect((await postCostly("openai/chat", chatBody, { ip, origin: "https://evil.example" })).status).toBe(403);
    }
    expect((await postCostly("openai/chat", chatBody, { ip })).status).toBe(200);
  });
});
