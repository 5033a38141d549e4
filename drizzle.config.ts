import { defineConfig } from "drizzle-kit";

// drizzle-kit writes migrations/; only `wrangler d1 migrations apply` runs them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/services/db/schema/index.ts",
  out: "./migrations",
});
