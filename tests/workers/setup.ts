import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// The same migration files wrangler applies, applied to this test run's D1 (see vitest.config.ts).
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
