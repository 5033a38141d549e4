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
                bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "test" },
              },
            }),
          ],
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
