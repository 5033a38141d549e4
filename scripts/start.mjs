// `npm start`: build, migrate, seed, then serve the whole product at http://localhost:8787 offline.
import { spawn } from "node:child_process";
import { prepare, QUIET_WRANGLER } from "./lib.mjs";
import { seedSampleBooks } from "./samples.mjs";

const watch = process.argv.includes("--watch");
prepare();
console.log("\n✓ Ready: StoryNest is starting at http://localhost:8787\n");
const args = ["wrangler", "dev", "--port", "8787", "--show-interactive-dev-session=false"];
const dev = spawn("npx", args, { stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } });
// The sample books of /real-stories are drawn by the Worker once it is up (idempotent).
void seedSampleBooks("http://127.0.0.1:8787");
let builder;
if (watch) {
  // Rebuild on change; wrangler dev notices the new build and reloads.
  builder = spawn("npx", ["remix", "vite:build", "--watch"], { stdio: "inherit" });
}
const stop = () => {
  dev.kill("SIGINT");
  builder?.kill("SIGINT");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
dev.on("exit", (code) => process.exit(code ?? 0));
