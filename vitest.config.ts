import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two tiers: pure code in Node (tests/unit), and the Worker in workerd with real local D1, KV, R2,
// Durable Objects and Workflows (tests/workers). Playwright (e2e/) is the third, run separately.
// Tests whose subject is the pictures themselves: they draw with the real offline illustrator.
// Every other Worker test uses the quick one (ILLUSTRATOR=quick: plain 256 px pictures in ms).
// samples.test.ts is here too: it needs a server on which no sample book was started yet, and
// only the workers project's files open /real-stories (which starts them).
const PICTURE_TESTS = [
  "tests/workers/samples.test.ts",
  "tests/workers/illustrator-render.test.ts",
  "tests/workers/watermark.test.ts",
  "tests/workers/watermark-fast.test.ts",
  "tests/workers/webp-pictures.test.ts",
  "tests/workers/library-thumbnails.test.ts",
  "tests/workers/reader-pictures.test.ts",
  "tests/workers/image-endpoints.test.ts",
  "tests/workers/pdf.test.ts",
];

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  // The Worker in workerd, as a deploy runs it, plus the given settings.
  const workerProject = (name: string, extra: { include: string[]; exclude?: string[]; bindings?: Record<string, string> }) => ({
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
            ...extra.bindings,
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
      name,
      include: extra.include,
      exclude: extra.exclude,
      // One Miniflare per vitest worker, shared by the files it runs (a fresh one per file cost
      // ~12 s each). Files therefore share storage: each test makes its own rows and ends what it
      // starts (tests/workers/setup.ts waits for the books a file left generating).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      setupFiles: ["./tests/workers/setup.ts"],
      globalSetup: ["./tests/workers/email-fake-resend.ts", "./tests/fake-servers/global-setup.ts"],
    },
  });
  return {
    test: {
      // Two test files per core: a Workers file spends much of its time waiting (timers, streams,
      // the runtime's I/O), and four local runtimes each run fewer files. On this project's 2-core
      // machine the Workers pool took 3m44s with four, 6m12s–7m with two (decision 044).
      maxWorkers: availableParallelism() * 2,
      projects: [
        {
          plugins: [tsconfigPaths()],
          test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"], environment: "node" },
        },
        workerProject("workers", { include: ["tests/workers/**/*.test.ts"], exclude: PICTURE_TESTS, bindings: { ILLUSTRATOR: "quick" } }),
        workerProject("pictures", { include: PICTURE_TESTS }),
      ],
    },
  };
});
