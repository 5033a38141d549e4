import { spawnSync } from "node:child_process";

/**
 * Runs SQL in the test server's local D1 (the server's own state for this port). The server may be
 * writing at that moment (another test's sign-up): a busy database is tried again, a few times.
 */
export async function runSql(baseURL: string | undefined, statements: string[]): Promise<void> {
  const port = new URL(baseURL ?? "http://127.0.0.1:8799").port;
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", `.wrangler/e2e-state-${port}`, "--command", statements.join("; ")],
      {
        encoding: "utf8",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" },
      },
    );
    if (run.status === 0) return;
    if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(run.stderr)) throw new Error(`the SQL failed: ${run.stderr}`);
    await new Promise((done) => setTimeout(done, 500 * attempt));
  }
}
