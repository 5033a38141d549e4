import type { Context, MiddlewareHandler } from "hono";
import { clientKey } from "../../app/services/auth/identity.server";
import { openStream, STREAM_RENEW_MS, TOO_MANY_STREAMS, type Holder, type Lease } from "../../app/services/limits/connections.server";
import type { ApiEnv } from "./env";
import { TOO_MANY_REQUESTS } from "./rate-limit";

/**
 * Limits on opening connections and on the sample books' drawing, per client address and per
 * visitor (locally there is no address and both are the visitor):
 * - CONNECT_LIMITER (60 a minute) counts opening a live-progress stream and a Nino WebSocket;
 * - COSTLY_LIMITER (20 a minute) counts POST /api/samples;
 * - the number open at once is capped by leases (app/services/limits/connections.server.ts).
 * Over a limit: 429 with Retry-After.
 */

/** How long a caller refused for too many open connections is asked to wait. */
export const CONNECTIONS_RETRY_AFTER_S = 15;

export function holderOf(c: Context<ApiEnv>): Holder {
  const { visitorId } = c.get("app").identity;
  return { visitor: visitorId, client: clientKey(c.req.raw, visitorId) };
}

/** True when the client address or the visitor has gone over `binding`'s limit for `group`. */
export async function overLimit(c: Context<ApiEnv>, binding: "CONNECT_LIMITER" | "COSTLY_LIMITER", group: string): Promise<boolean> {
  const holder = holderOf(c);
  const limiter = c.env[binding];
  const [byClient, byVisitor] = await Promise.all([
    limiter.limit({ key: `${group}:client:${holder.client}` }),
    limiter.limit({ key: `${group}:visitor:${holder.visitor}` }),
  ]);
  return !byClient.success || !byVisitor.success;
}

/** The 429 of a limit a minute. */
export function tooManyRequests(c: Context<ApiEnv>): Response {
  return c.json({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": "60", "Cache-Control": "no-store" });
}

/** POST /api/samples: 20 a minute per address and per visitor. */
export const samplesLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next();
  if (await overLimit(c, "COSTLY_LIMITER", "samples")) return tooManyRequests(c);
  return next();
};

/**
 * A stream learns that its reader has gone only when it next writes, and a book's stream writes only
 * when the book changes: every HEARTBEAT_MS it writes an SSE comment (which EventSource ignores), so a
 * closed tab's stream ends and frees its lease within that time.
 */
export const HEARTBEAT_MS = 10_000;
const HEARTBEAT = new TextEncoder().encode(": still here\n\n");

/** Passes the stream's bytes on with heartbeats, renewing its lease while it flows and releasing it when it ends. */
function holdLeaseWhileOpen(body: ReadableStream<Uint8Array>, lease: Lease, ctx: ExecutionContext): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(timer);
    ctx.waitUntil(lease.release().catch(() => undefined));
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let renewed = Date.now();
      timer = setInterval(() => {
        if (Date.now() - renewed >= STREAM_RENEW_MS) {
          renewed = Date.now();
          ctx.waitUntil(lease.renew().catch(() => undefined));
        }
        try {
          controller.enqueue(HEARTBEAT);
        } catch {
          finish();
        }
      }, HEARTBEAT_MS);
      const pump = async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            controller.enqueue(value);
          }
          controller.close();
        } catch (error) {
          try {
            controller.error(error);
          } catch {
            // already closed or cancelled
          }
        } finally {
          finish();
        }
      };
      ctx.waitUntil(pump());
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
}

/**
 * GET /api/books/{id}/events: 60 openings a minute per address and per visitor, and at most 6 open at
 * once per visitor (60 per address). The lease is held for as long as the stream is open.
 */
export const streamLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method !== "GET") return next();
  if (await overLimit(c, "CONNECT_LIMITER", "stream")) return tooManyRequests(c);
  const lease = await openStream(c.get("app").services.db, holderOf(c), c.req.param("bookId") ?? "");
  if (!lease) return c.json({ error: TOO_MANY_STREAMS }, 429, { "Retry-After": String(CONNECTIONS_RETRY_AFTER_S), "Cache-Control": "no-store" });
  await next();
  const res = c.res;
  if (!res.body || !(res.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) {
    await lease.release();
    return;
  }
  c.res = new Response(holdLeaseWhileOpen(res.body, lease, c.executionCtx as ExecutionContext), res);
};
