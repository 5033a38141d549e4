// `npm test`: every test. Tiers that need nothing from each other run side by side, two lanes for
// the machine's two cores:
//   checks: types, lint, unused code (knip), format (prettier), then the unit tests (vitest, Node)
//   build:  the build, the deploy dry run, then the Workers pool (vitest, workerd; needs the build)
// then the end-to-end suite (Playwright; needs the build, and both cores to itself).
// A lane's output is printed when it ends, so the two never interleave. The summary gives each
// tier's time, names every end-to-end test that needed its retry, and ends with one line
// `tests: N passed, N failed` summing vitest and Playwright.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { neededRetry } from "./retried.mjs";
import { QUIET_WRANGLER } from "./lib.mjs";

mkdirSync("test-reports", { recursive: true });
for (const report of ["vitest-unit.json", "vitest-workers.json", "playwright.json"]) rmSync(`test-reports/${report}`, { force: true });

const vitest = (projects, report) => [
  "npx",
  ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=test-reports/${report}`],
];

/** The tiers: a name, and the commands it runs one after another. */
const CHECKS = [
  {
    name: "typecheck",
    commands: [
      ["npx", ["wrangler", "types", "--strict-vars=false", "--include-runtime=false", "--check"]],
      ["npx", ["tsc", "--noEmit"]],
    ],
  },
  { name: "lint", commands: [["npx", ["eslint", ".", "--max-warnings=0"]]] },
  { name: "unused code (knip)", commands: [["npx", ["knip"]]] },
  { name: "format (prettier; `npm run format` fixes it)", commands: [["npx", ["prettier", "--check", "."]]] },
  { name: "unit tests (vitest, Node)", commands: [vitest(["unit"], "vitest-unit.json")] },
];
const BUILD = [
  { name: "build", commands: [["npx", ["remix", "vite:build"]]] },
  { name: "deploy dry run (production's settings; the Worker within 3 MiB gzip)", commands: [["node", ["scripts/deploy.mjs", "--dry-run", "--skip-build"]]] },
  { name: "Workers pool (vitest, workerd)", commands: [vitest(["workers", "pictures"], "vitest-workers.json")] },
];
const E2E = {
  name: "end-to-end (Playwright, Debian's Chromium)",
  commands: [
    ["bash", ["scripts/ensure-chromium.sh"]],
    ["npx", ["playwright", "test", "--reporter=list,json"], { E2E_SKIP_BUILD: "1", PLAYWRIGHT_JSON_OUTPUT_NAME: "test-reports/playwright.json" }],
  ],
};

/** Runs a command; its output is streamed (`live`) or kept and answered. */
function exec([cmd, args, env = {}], live) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...QUIET_WRANGLER, ...env } });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("close", (status) => resolve({ ok: status === 0, output: output + (status === 0 ? "" : `\n✗ ${cmd} ${args.join(" ")} exited with ${status}\n`) }));
  });
}

const times = [];

/** Runs tiers in order, stopping at the first that fails; answers whether all passed. */
async function lane(tiers, live = false) {
  for (const tier of tiers) {
    const started = Date.now();
    let output = "";
    let ok = true;
    for (const command of tier.commands) {
      const result = await exec(command, live);
      output += result.output;
      if (!(ok = result.ok)) break;
    }
    const seconds = (Date.now() - started) / 1000;
    times.push({ name: tier.name, seconds, ok });
    if (!live) console.log(`\n━━ ${tier.name} (${seconds.toFixed(0)} s) ━━\n${output.trimEnd()}`);
    else console.log(`━━ ${tier.name}: ${seconds.toFixed(0)} s ━━`);
    if (!ok) return false;
  }
  return true;
}

const started = Date.now();
const [checksOk, buildOk] = await Promise.all([lane(CHECKS), lane(BUILD)]);
let e2eOk = false;
if (buildOk) {
  console.log(`\n━━ ${E2E.name} ━━`);
  e2eOk = await lane([E2E], true);
  if (!e2eOk) printServerLog(`.wrangler/e2e-server-${process.env.E2E_PORT ?? "8799"}.log`);
}

/** The end of the e2e server's log (the runtime's own errors and restarts), for a failed run. */
function printServerLog(path) {
  if (!existsSync(path)) return;
  const lines = readFileSync(path, "utf8").split("\n");
  const notable = lines.filter((l) => /supervisor:|error|fatal|abort|exited|uncaught/i.test(l) && !/ (2|3)\d\d |on purpose|Crash test|Broken pipe/.test(l));
  console.log(`\n━━ e2e server log (${path}): notable lines, last 40 ━━`);
  console.log(notable.slice(-40).join("\n"));
}

function counts() {
  let passed = 0;
  let failed = 0;
  for (const report of ["vitest-unit.json", "vitest-workers.json"]) {
    if (!existsSync(`test-reports/${report}`)) continue;
    const v = JSON.parse(readFileSync(`test-reports/${report}`, "utf8"));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (existsSync("test-reports/playwright.json")) {
    const p = JSON.parse(readFileSync("test-reports/playwright.json", "utf8"));
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
    const retried = neededRetry(p);
    // A test that passed only on its retry is never hidden: the summary names it and its first error.
    if (retried.length > 0) console.log(`\n━━ ${retried.length} test(s) needed a retry to pass ━━\n${retried.map((t) => `  ${t}`).join("\n")}`);
    else console.log("\nNo test needed a retry.");
  }
  return { passed, failed };
}

const { passed, failed } = counts();
console.log("\n━━ time per tier (the two lanes run side by side, then the end-to-end suite) ━━");
for (const t of times) console.log(`  ${t.ok ? "✓" : "✗"} ${t.name}: ${t.seconds.toFixed(0)} s`);
console.log(`  whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (!checksOk || !buildOk || !e2eOk || failed > 0 || passed === 0) process.exit(1);
