import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { afterEach, describe, expect, it, vi } from "vitest";

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

describe("crash screen from the server", () => {
  it("/test/crash is a 500 whose x-request-id is the error id on screen and in one log line", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/test/crash");
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const html = await res.text();
    expect(html).toContain("Oops! Something went wrong...");
    expect(html).toContain("Our team has been notified.");
    expect(html).toMatch(new RegExp(`data-testid="error-id"[^>]*>${id}<`));
    for (const label of ["Try Again", "Go Back", "Home"]) expect(html).toContain(`>${label}<`);
    const lines = loggedLines(spy).filter((l) => l.errorId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", path: "/test/crash", message: expect.stringContaining("Crash test") });
  });

  it("logs a thrown 5xx response under the request id too", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/test/crash?where=response");
    expect(res.status).toBe(503);
    const id = res.headers.get("x-request-id");
    expect(await res.text()).toContain(`>${id}<`);
    const lines = loggedLines(spy).filter((l) => l.errorId === id);
    expect(lines).toEqual([expect.objectContaining({ status: 503, path: "/test/crash" })]);
  });

  it("logs a failing data request (client navigation) under that request's id", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/test/crash.data");
    const id = res.headers.get("x-request-id");
    expect(id).toBeTruthy();
    // The root loader's requestId travels in the payload the crash screen reads.
    expect(await res.text()).toContain(id);
    expect(loggedLines(spy).filter((l) => l.errorId === id)).toHaveLength(1);
  });

  it("does not log a healthy page", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await SELF.fetch("https://example.com/test/crash?where=client");
    expect(res.status).toBe(200);
    expect(loggedLines(spy)).toEqual([]);
  });

  it.each(["/test/crash", "/test/crash?where=client", "/test/flaky", "/test/slow", "/test/overlays"])("%s is a 404 in production", async (path) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`https://example.com${path}`), { ...env, ENVIRONMENT: "production" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("This page wandered off");
  });
});

describe("flaky test page", () => {
  it("fails its first loads, then succeeds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const key = crypto.randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await SELF.fetch(`https://example.com/test/flaky?key=${key}&failures=2`)).status);
    expect(statuses).toEqual([500, 500, 200]);
    const network = await SELF.fetch(`https://example.com/test/flaky?key=${key}-n&failures=1&kind=network`);
    expect(network.status).toBe(503);
    const html = await network.text();
    expect(html).toContain('data-kind="network"');
    expect(html).toContain("Unable to connect to the server. Please check your internet connection.");
    expect((await SELF.fetch("https://example.com/test/flaky?failures=99")).status).toBe(400);
  });
});

describe("Remix's old data protocol (?_data=)", () => {
  // Single fetch replaced it (vite.config.ts), so nothing of ours asks this way; each used to log an error with a stack.
  it.each(["/?_data=root", "/pricing?_data=routes%2Fpricing", "/library?_data=routes/library", "/nino-friendship?_data=nonsense"])(
    "%s is a plain 400 with one short info line",
    async (path) => {
      const spies = { error: vi.spyOn(console, "error"), warn: vi.spyOn(console, "warn"), log: vi.spyOn(console, "log") };
      const res = await SELF.fetch(`https://example.com${path}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toMatch(/^Bad request/);
      expect(spies.error).not.toHaveBeenCalled();
      expect(spies.warn).not.toHaveBeenCalled();
      const lines = loggedLines(spies.log).filter((l) => l.path === path.split("?")[0]);
      expect(lines).toEqual([expect.objectContaining({ level: "info", status: 400 })]);
      expect(lines[0]).not.toHaveProperty("stack");
    },
  );
});
