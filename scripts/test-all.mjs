// `npm test`: every test, in order: types, lint, build, unit + Workers pool, then Playwright.
import { run } from "./lib.mjs";

const step = (name) => console.log(`\n━━ ${name} ━━`);
step("typecheck");
run("npx", ["wrangler", "types", "--strict-vars=false", "--include-runtime=false", "--check"]);
run("npx", ["tsc", "--noEmit"]);
step("lint");
run("npx", ["eslint", ".", "--max-warnings=0"]);
step("build");
run("npx", ["remix", "vite:build"]);
step("unit and Workers pool (vitest)");
run("npx", ["vitest", "run"]);
step("end-to-end (Playwright, Debian's Chromium)");
run("bash", ["scripts/ensure-chromium.sh"]);
run("npx", ["playwright", "test"], { env: { E2E_SKIP_BUILD: "1" } });
console.log("\n✓ every test passed");
