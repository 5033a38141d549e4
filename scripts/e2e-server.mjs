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
const child = spawn("npx", args, { stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } });
// The /real-stories sample books, drawn by the Worker one at a time in the background.
void seedSampleBooks(`http://127.0.0.1:${port}`);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
