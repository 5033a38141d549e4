// `npm test`: every test, in order: types, lint, build, unit + Workers pool, then Playwright.
// Ends with one line `tests: N passed, N failed` summing vitest and Playwright.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { run } from "./lib.mjs";

const step = (name) => console.log(`\n━━ ${name} ━━`);
mkdirSync("test-reports", { recursive: true });

step("typecheck");
run("npx", ["wrangler", "types", "--strict-vars=false", "--include-runtime=false", "--check"]);
run("npx", ["tsc", "--noEmit"]);
step("lint");
run("npx", ["eslint", ".", "--max-warnings=0"]);
step("build");
run("npx", ["remix", "vite:build"]);
step("unit and Workers pool (vitest)");
run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-reports/vitest.json"]);
step("end-to-end (Playwright, Debian's Chromium)");
run("bash", ["scripts/ensure-chromium.sh"]);
run("npx", ["playwright", "test", "--reporter=list,json"], {
  env: { E2E_SKIP_BUILD: "1", PLAYWRIGHT_JSON_OUTPUT_NAME: "test-reports/playwright.json" },
  onFail: () => printServerLog(`.wrangler/e2e-server-${process.env.E2E_PORT ?? "8799"}.log`),
});

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
  if (existsSync("test-reports/vitest.json")) {
    const v = JSON.parse(readFileSync("test-reports/vitest.json", "utf8"));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (existsSync("test-reports/playwright.json")) {
    const p = JSON.parse(readFileSync("test-reports/playwright.json", "utf8"));
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
  }
  return { passed, failed };
}
const { passed, failed } = counts();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
