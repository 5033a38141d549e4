// `npm start`: build, migrate, seed, then serve the whole product at http://localhost:8787 offline.
// The Worker runs under scripts/dev-worker.mjs (wrangler's dev environment without the debugging
// inspector, behind our own front door: decisions 016 and 019), kept answering by
// scripts/supervise.mjs: if the local runtime stops, it starts again on the same local state and
// interrupted books carry on.
import { spawn } from "node:child_process";
import { prepare, QUIET_WRANGLER } from "./lib.mjs";
import { seedSampleBooks } from "./samples.mjs";
import { superviseServer } from "./supervise.mjs";

const watch = process.argv.includes("--watch");
prepare();
console.log("\n✓ Ready: StoryNest is starting at http://localhost:8787\n");
// A development server (scripts/dev-worker.mjs sets the development flag) whose links name this address.
const args = [
  "scripts/dev-worker.mjs",
  "--port",
  "8787",
  "--persist-to",
  ".wrangler/state",
  "--var",
  "WEBSITE_URL:http://localhost:8787",
  // who may open /admin locally: `ADMIN_EMAILS=you@example.com npm start`
  ...(process.env.ADMIN_EMAILS ? ["--var", `ADMIN_EMAILS:${process.env.ADMIN_EMAILS}`] : []),
  ...(watch ? ["--watch"] : []),
];
const supervisor = superviseServer({
  origin: "http://127.0.0.1:8787",
  spawnServer: () => spawn("node", args, { detached: true, stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } }),
});
// The sample books of /real-stories are drawn by the Worker once it is up (idempotent).
void seedSampleBooks("http://127.0.0.1:8787");
let builder;
if (watch) {
  // Rebuild on change; the dev server notices the new build and reloads.
  builder = spawn("npx", ["remix", "vite:build", "--watch"], { stdio: "inherit" });
}
const stop = () => {
  builder?.kill("SIGINT");
  void supervisor.stop().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
