import { Hono } from "hono";
import type { ApiEnv } from "./env";

type Part = { ok: boolean; ms: number; error?: string };

async function check(fn: () => Promise<unknown>): Promise<Part> {
  const t0 = Date.now();
  try {
    await fn();
    return { ok: true, ms: Date.now() - t0 };
  } catch (e) {
    return { ok: false, ms: Date.now() - t0, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * GET /api/health: the connection check (select book_id from storybooks limit 1) plus a
 * read from KV, R2 and the Nino Durable Object (nothing is written). 200 when every part answers, else 503.
 */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  const env = c.env;
  // Reads only: the connection button calls this on every page load, so it must stay cheap.
  const [database, kv, r2, durableObject] = await Promise.all([
    check(() => env.DB.prepare("select book_id from storybooks limit 1").all()),
    check(() => env.CACHE.get("health:probe")),
    check(() => env.BOOK_IMAGES.head("_health/probe")),
    check(async () => {
      const stub = env.NINO_SESSION.get(env.NINO_SESSION.idFromName("_health"));
      const pong = await stub.ping();
      if (pong !== "pong") throw new Error("Durable Object did not answer");
    }),
  ]);
  const parts = { database, kv, r2, durableObject };
  const ok = Object.values(parts).every((p) => p.ok);
  return c.json({ status: ok ? "ok" : "degraded", parts, time: new Date().toISOString() }, ok ? 200 : 503);
});
