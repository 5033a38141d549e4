import { parseEnv } from "../app/services/env.server";
import { resumeInterrupted } from "../app/services/books/restart.server";
import { createServices } from "../app/services/services.server";
import { log } from "../app/services/log.server";

/** When this isolate served its first request (null before). */
let startedAt: number | null = null;

/**
 * Books in the making are resumed when the local runtime starts, not 45 s later by the watchdog: the
 * first request an isolate serves (in local development, the start scripts' first health check)
 * resumes every book in the making that has not moved since (app/services/books/restart.server.ts).
 * Only in development, where the Workflow engine lives and dies with the runtime. In production,
 * isolates start often while Cloudflare's Workflows engine keeps running and resuming instances on
 * its own, so a new isolate says nothing about a book's runner; there the watchdog (a reader's
 * request, the live stream, the cron sweep) resumes a lost book.
 */
export function resumeAtStart(env: Env, ctx: ExecutionContext): void {
  if (startedAt !== null) return;
  startedAt = Date.now();
  const appEnv = parseEnv(env);
  if (appEnv.secrets.ENVIRONMENT !== "development") return;
  const { db, books } = createServices(appEnv, ctx);
  ctx.waitUntil(
    resumeInterrupted(db, books, startedAt)
      .then((r) => (r.found > 0 ? log.info("books in the making resumed at start", r) : undefined))
      .catch((error: unknown) => log.error("books in the making could not be resumed at start", { error })),
  );
}
