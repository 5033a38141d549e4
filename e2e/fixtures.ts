// Every spec imports `test` and `expect` from here. Before each test the server must answer
// /api/health: if the local runtime was restarted mid-run (scripts/supervise.mjs), the next test waits
// for it instead of failing on a refused connection.
import { test as base, expect } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ serverUp: void }>({
  serverUp: [
    async ({ baseURL }, use) => {
      const deadline = Date.now() + 150_000;
      for (;;) {
        try {
          const r = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(30_000) });
          if (r.status === 200 || r.status === 503) break;
        } catch {
          /* restarting */
        }
        if (Date.now() > deadline) throw new Error("the test server did not answer /api/health for 150 s");
        await new Promise((r) => setTimeout(r, 1_000));
      }
      await use();
    },
    { auto: true, timeout: 160_000 },
  ],
});
export { expect };
