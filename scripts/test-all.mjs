// `npm test`: every test, in order: types, lint, unused code (knip), format (prettier), build, the deploy dry run, unit + Workers pool, then Playwright.
// Ends with one line `tests: N passed, N failed` summing vitest and Playwright.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { QUIET_WRANGLER, run } from "./lib.mjs";

const step = (name) => console.log(`\n━━ ${name} ━━`);
mkdirSync("test-reports", { recursive: true });

step("typecheck");
run("npx", ["wrangler", "types", "--strict-vars=false", "--include-runtime=false", "--check"]);
run("npx", ["tsc", "--noEmit"]);
step("lint");
run("npx", ["eslint", ".", "--max-warnings=0"]);
step("unused files, exports and dependencies (knip)");
run("npx", ["knip"]);
step("format (prettier; `npm run format` fixes it)");
run("npx", ["prettier", "--check", "."]);
step("build");
run("npx", ["remix", "vite:build"]);
step("deploy dry run (production's settings; the Worker bundle within 3 MiB gzip)");
run("node", ["scripts/deploy.mjs", "--dry-run", "--skip-build"]);
step("unit and Workers pool (vitest)");
run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-reports/vitest.json"]);
step("end-to-end (Playwright, Debian's Chromium)");
run("bash", ["scripts/ensure-chromium.sh"]);
// Not `run`: the summary below is printed whether or not a test failed.
const e2e = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], {
  stdio: "inherit",
  env: { ...process.env, ...QUIET_WRANGLER, E2E_SKIP_BUILD: "1", PLAYWRIGHT_JSON_OUTPUT_NAME: "test-reports/playwright.json" },
});
if (e2e.status !== 0) printServerLog(`.wrangler/e2e-server-${process.env.E2E_PORT ?? "8799"}.log`);

/** The end of the e2e server's log (the runtime's own errors and restarts), for a failed run. */
function printServerLog(path) {
  if (!existsSync(path)) return;
  const lines = readFileSync(path, "utf8").split("\n");
  const notable = lines.filter((l) => /supervisor:|error|fatal|abort|exited|uncaught/i.test(l) && !/ (2|3)\d\d |on purpose|Crash test|Broken pipe/.test(l));
  console.log(`\n━━ e2e server log (${path}): notable lines, last 40 ━━`);
  console.log(notable.slice(-40).join("\n"));
}

/** Every Playwright test that failed at first and passed on its retry: "[project] file:line › title". */
function neededRetry(report) {
  const found = [];
  const walk = (suite, outer) => {
    // a file's own suite is titled with its file name: the describes inside it make the title
    const titles = suite.title && suite.title !== suite.file && !/\.(spec|test)\.[jt]s$/.test(suite.title) ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "flaky") continue;
        const first = t.results?.find((r) => r.status !== "passed");
        // eslint-disable-next-line no-control-regex -- the error text carries terminal colours
        const text = (first?.error?.message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
        const why =
          text
            .split("\n")
            .find((l) => l.trim())
            ?.trim() ??
          first?.status ??
          "";
        found.push(
          `[${t.projectName}] e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}${why ? `\n      first try: ${why.slice(0, 200)}` : ""}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync("test-reports/vitest.json")) {
    const v = JSON.parse(readFileSync("test-reports/vitest.json", "utf8"));
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
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0 || e2e.status !== 0) process.exit(1);
