import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium (installed by scripts/ensure-chromium.sh); Playwright never downloads a browser.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = process.env.E2E_PORT ?? "8799";

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // The same settings on a developer's machine and in CI (two cores): two workers, one retry. A
  // retry keeps one stray hiccup of the local runtime from failing the run, but never hides it:
  // `npm test` names every test that needed its retry in the run's summary (scripts/test-all.mjs).
  workers: 2,
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only for a retry: recording one (a DOM snapshot and a screenshot for every step) made
    // every test about twice as slow with Debian's software-rendered Chromium 156, and a test that
    // fails fails again on its retry, with the trace to read.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Every test runs once, at a desktop's width; the tests about a phone's own behaviour (layout,
    // menus, the phone header, touch, swipe, tap targets) are tagged @phone and run on the phone too.
    { name: "phone", use: { ...devices["Pixel 5"], browserName: "chromium" }, grep: /@phone/ },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 }, browserName: "chromium" } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    // answers 200 once the server is up and the sample books are in the making (scripts/e2e-server.mjs)
    url: `http://127.0.0.1:${Number(port) + 2000}/`,
    reuseExistingServer: false,
    // migrations, the seed and the sample rows take well under a minute; a start that hangs fails in three
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
