// The server Playwright tests against: the built Worker with its own fresh local state (D1 migrated
// and seeded), on port 8799 (or E2E_PORT) so it never meets a developer's `npm start`. It is ready
// for the suite when http://127.0.0.1:{port + 2000}/ answers 200 (the server answers and the sample
// books are in the making).
// Its output goes to `.wrangler/e2e-server-{port}.log`; `npm test` prints the end of it when a test fails.
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { spawn } from "node:child_process";
import { prepare, QUIET_WRANGLER } from "./lib.mjs";
import { seedSampleBooks } from "./samples.mjs";
import { superviseServer } from "./supervise.mjs";

const port = process.env.E2E_PORT ?? "8799";
const origin = `http://127.0.0.1:${port}`;
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
mkdirSync(".wrangler", { recursive: true });
const log = createWriteStream(`.wrangler/e2e-server-${port}.log`);
prepare({ skipBuild: process.env.E2E_SKIP_BUILD === "1", persistTo });

// Google sign-in against a local fake Google (tests/fake-servers/google-server.ts) on port + 3000.
const googlePort = String(Number(port) + 3000);
const google = { id: "storynest-e2e.apps.googleusercontent.com", secret: "fake-google-client-secret" };
const fakeGoogle = spawn(
  "node",
  ["--import", "tsx", "tests/fake-servers/google-main.ts", "--port", googlePort, "--client-id", google.id, "--client-secret", google.secret],
  { stdio: ["ignore", "pipe", "pipe"] },
);
fakeGoogle.stdout.pipe(log, { end: false });
fakeGoogle.stderr.pipe(log, { end: false });

const args = ["scripts/dev-worker.mjs", "--port", port, "--persist-to", persistTo, "--var", `WEBSITE_URL:${origin}`];
// Prices from the exchange rates kept in the repository, so every run sees the same amounts.
args.push("--var", "EXCHANGE_RATES_URL:");
// The dashboard's administrator (e2e/admin.spec.ts signs up with this address).
args.push("--var", "ADMIN_EMAILS:admin-e2e@example.com");
for (const v of [`GOOGLE_CLIENT_ID:${google.id}`, `GOOGLE_CLIENT_SECRET:${google.secret}`, `GOOGLE_OAUTH_URL:http://127.0.0.1:${googlePort}`])
  args.push("--var", v);
const supervisor = superviseServer({
  origin,
  log,
  spawnServer: () => spawn("node", args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...QUIET_WRANGLER } }),
});
// The /real-stories sample books, drawn by the Worker one at a time. The suite needs one finished
// sample (a visit to /real-stories keeps the others moving), so only the first is driven to the end,
// and the suite starts as soon as the sample rows exist: drawing it overlaps the first tests instead
// of holding the whole suite up (all six took about 1m45s before the first test on two cores).
let ready = false;
void seedSampleBooks(origin, { giveUpMs: 8 * 60_000, enough: 1, onStarted: () => (ready = true) });
const readyPort = Number(port) + 2000;
createServer((_req, res) => {
  res.writeHead(ready ? 200 : 503, { "Content-Type": "text/plain" });
  res.end(ready ? "ready" : "starting");
}).listen(readyPort, "127.0.0.1");

const stop = () => {
  fakeGoogle.kill("SIGTERM");
  return supervisor.stop().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
