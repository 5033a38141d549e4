import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two tiers: pure code in Node (tests/unit), and the Worker in workerd with real local D1, KV, R2,
// Durable Objects and Workflows (tests/workers). Playwright (e2e/) is the third, run separately.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    test: {
      // One test file per core (vitest's default leaves one core free, which on this project's
      // 2-core machine ran the 80 files one at a time: 5m30s instead of 3m15s).
      maxWorkers: availableParallelism(),
      projects: [
        {
          plugins: [tsconfigPaths()],
          test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"], environment: "node" },
        },
        {
          plugins: [
            tsconfigPaths(),
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // No outside exchange-rate service: the rate tests give the service a local fake themselves.
                // The explicit test flag (wrangler.toml says production) and the site in links, as a deploy sets it;
                // the dashboard's administrators (tests/workers/admin-*.test.ts).
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: "test",
                  WEBSITE_URL: "http://localhost:8787",
                  EXCHANGE_RATES_URL: "",
                  ADMIN_EMAILS: "Admin@Example.com, ops@example.com",
                },
              },
            }),
          ],
          // As in vite.config.ts: the Worker's React Email renderer without React 18's missing
          // server.edge and without prettier (only used to pretty-print, which is never asked for).
          resolve: {
            alias: {
              "react-dom/server.edge": "react-dom/server.browser",
              "prettier/standalone": path.join(__dirname, "workers/shims/prettier.ts"),
              "prettier/plugins/html": path.join(__dirname, "workers/shims/prettier.ts"),
            },
          },
          test: {
            name: "workers",
            include: ["tests/workers/**/*.test.ts"],
            setupFiles: ["./tests/workers/setup.ts"],
            globalSetup: ["./tests/workers/email-fake-resend.ts", "./tests/fake-servers/global-setup.ts"],
          },
        },
      ],
    },
  };
});
