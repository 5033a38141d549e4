import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";

const url = "https://example.com/api/client-errors";
const post = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) => SELF.fetch(url, { method: "POST", headers, body });

function loggedLines(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map((args) => {
      try {
        return JSON.parse(String(args[0])) as Record<string, unknown>;
      } catch {
        return null;
      }
    })
    .filter((x): x is Record<string, unknown> => x !== null);
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/client-errors", () => {
  it("logs one JSON line carrying the reported errorId and answers 204", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const errorId = crypto.randomUUID();
    const res = await post(JSON.stringify({ errorId, message: "Crash test: thrown while rendering", path: "/test/crash", stack: "Error: x\n  at Crash" }), {
      "Content-Type": "application/json",
      "User-Agent": "VitestBrowser/1.0",
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const lines = loggedLines(spy).filter((l) => l.errorId === errorId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      source: "browser",
      errorId,
      path: "/test/crash",
      message: "Crash test: thrown while rendering",
      userAgent: "VitestBrowser/1.0",
    });
  });

  it.each([
    ["a missing errorId", { message: "m", path: "/" }],
    ["an errorId with odd characters", { errorId: "<script>alert(1)</script>", message: "m", path: "/" }],
    ["a path that is not a path", { errorId: "abcdef12", message: "m", path: "https://elsewhere.example/" }],
    ["an empty message", { errorId: "abcdef12", message: "", path: "/" }],
    ["an oversized message", { errorId: "abcdef12", message: "m".repeat(1001), path: "/" }],
    ["an unknown field", { errorId: "abcdef12", message: "m", path: "/", cookie: "secret" }],
    ["an array", [1, 2, 3]],
  ])("answers 400 JSON for %s, and logs nothing", async (_name, body) => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    const json = await res.json<{ error: string; issues: Array<{ path: string; message: string }> }>();
    expect(json.error).toBe("Invalid error report");
    expect(json.issues.length).toBeGreaterThan(0);
    expect(loggedLines(spy).filter((l) => l.source === "browser")).toEqual([]);
  });

  it("answers 400 JSON for a body that is not JSON", async () => {
    const res = await post("this is not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid error report: the body must be JSON" });
  });

  it("answers 413 JSON for a body over 8 KB", async () => {
    const res = await post(JSON.stringify({ errorId: "abcdef12", message: "m", path: "/", stack: "s".repeat(9000) }));
    expect(res.status).toBe(413);
    expect((await res.json<{ error: string }>()).error).toMatch(/too large/);
  });

  it("only takes POST", async () => {
    const res = await SELF.fetch(url);
    expect(res.status).toBe(404);
  });
});
