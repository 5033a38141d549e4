import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { afterAll } from "vitest";
import { workflowInstanceId } from "~/services/books/books.server";

// The same migration files wrangler applies, applied to this test run's D1 (see vitest.config.ts).
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);

// Files share one Miniflare (isolate: false in vitest.config.ts): a book a file started and left in
// the making would go on drawing, and retrying, during the next files. Its Workflow is ended when the
// file ends. The books already looked at are remembered for the rest of the run, not looked at again.
const settled: Set<string> = ((globalThis as { settledBooks?: Set<string> }).settledBooks ??= new Set());

afterAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT book_id AS bookId, generation_attempt AS attempt FROM storybooks WHERE status IN ('draft', 'writing', 'illustrating')",
  ).all<{ bookId: string; attempt: number }>();
  const ids = results.flatMap(({ bookId, attempt }) => Array.from({ length: attempt }, (_, i) => workflowInstanceId(bookId, i + 1)));
  await Promise.all(
    ids
      .filter((id) => !settled.has(id))
      .map(async (id) => {
        settled.add(id);
        try {
          const instance = await env.STORY_WORKFLOW.get(id);
          const { status } = await instance.status();
          if (!["complete", "errored", "terminated"].includes(status)) await instance.terminate();
        } catch {
          // no such instance (a book made as a row only), or it ended meanwhile
        }
      }),
  );
});
