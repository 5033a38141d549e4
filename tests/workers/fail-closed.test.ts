import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

/** The Worker as a careless deploy runs it: ENVIRONMENT missing, or set to something it does not know. */
async function fetchWith(environment: string | undefined, path: string, init?: RequestInit) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const ctx = createExecutionContext();
  const deployed = { ...env, ENVIRONMENT: environment } as unknown as Env;
  const res = await worker.fetch(new Request(`https://storynest.example${path}`, init), deployed, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("development pages and APIs fail closed", () => {
  const pages = ["/dev/outbox", "/debug-library", "/test/custom-story-data", "/test/timing", "/test/crash", "/test/overlays"];

  it.each([undefined, "", "staging", "Development"])("with ENVIRONMENT=%s every development page is a 404", async (environment) => {
    for (const path of pages) {
      const res = await fetchWith(environment, path);
      expect(res.status, path).toBe(404);
    }
  });

  it.each([undefined, "staging"])(
    "with ENVIRONMENT=%s the development APIs are 404: nobody can grant credits, sign in by address or make a book",
    async (environment) => {
      expect((await fetchWith(environment, "/api/test/error")).status).toBe(404);
      const grant = await fetchWith(environment, "/api/test/credits", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://storynest.example" },
        body: JSON.stringify({ credits: 5 }),
      });
      expect(grant.status).toBe(404);
      // the test fixtures: nobody signs in without a password, nor gets a book without the Workflow
      for (const [path, body] of [
        ["/api/test/sign-in", { email: "someone@example.com" }],
        ["/api/test/books", { childName: "Mia" }],
      ] as const) {
        const res = await fetchWith(environment, path, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "https://storynest.example" },
          body: JSON.stringify(body),
        });
        expect(res.status, path).toBe(404);
        expect(res.headers.get("Set-Cookie") ?? "", path).not.toMatch(/sn_session=[^;]/);
      }
    },
  );

  it("with the explicit development flag (the tests set it) the same pages answer", async () => {
    expect((await fetchWith("test", "/dev/outbox")).status).toBe(200);
    expect((await fetchWith("development", "/test/timing")).status).toBe(200);
  });
});
