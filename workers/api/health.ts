import { Hono } from "hono";
import type { ApiEnv } from "./index";

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
 * GET /api/health: the spec's connection check (select book_id from storybooks limit 1) plus a
 * round trip through KV, R2 and the Nino Durable Object. 200 when every part answers, else 503.
 */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  const env = c.env;
  const probe = `health:${crypto.randomUUID()}`;
  const [database, kv, r2, durableObject] = await Promise.all([
    check(() => env.DB.prepare("select book_id from storybooks limit 1").all()),
    check(async () => {
      await env.CACHE.put(probe, "1", { expirationTtl: 60 });
      if ((await env.CACHE.get(probe)) !== "1") throw new Error("KV read back a different value");
      await env.CACHE.delete(probe);
    }),
    check(async () => {
      await env.BOOK_IMAGES.put(`_health/${probe}`, "1");
      const obj = await env.BOOK_IMAGES.get(`_health/${probe}`);
      if ((await obj?.text()) !== "1") throw new Error("R2 read back a different value");
      await env.BOOK_IMAGES.delete(`_health/${probe}`);
    }),
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
