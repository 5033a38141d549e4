// The server Playwright tests against: the built Worker under `wrangler dev`, with its own fresh
// local state (D1 migrated and seeded), on port 8799 (or E2E_PORT) so it never meets a developer's `npm start`.
import { rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { prepare, QUIET_WRANGLER } from "./lib.mjs";
import { seedSampleBooks } from "./samples.mjs";

const port = process.env.E2E_PORT ?? "8799";
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.env.E2E_SKIP_BUILD === "1", persistTo });
const args = ["wrangler", "dev", "--port", port, "--inspector-port", String(Number(port) + 1000), "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--log-level", "info", "--var", `WEBSITE_URL:http://127.0.0.1:${port}`];
// The /real-stories sample books, drawn by the Worker one at a time in the background.
void seedSampleBooks(`http://127.0.0.1:${port}`);

// A supervisor: on a loaded machine the local runtime has (rarely) died mid-suite; the state lives in
// `persistTo`, so starting wrangler again loses nothing and the rest of the suite carries on.
const MAX_RESTARTS = 3;
let restarts = 0;
let stopping = false;
let child = start();
function start() {
  const c = spawn("npx", args, { stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } });
  c.on("exit", (code, signal) => {
    if (stopping || restarts >= MAX_RESTARTS) process.exit(code ?? 0);
    restarts += 1;
    console.error(`e2e-server: wrangler dev exited (${signal ?? code}); starting it again (${restarts} of ${MAX_RESTARTS})`);
    child = start();
  });
  return c;
}
const stop = () => {
  stopping = true;
  child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
