/**
 * The clock of sharing (share expiry) and of the dev/test drills: the real time, plus an offset that
 * development and test runs can move (POST /api/test/clock) so a 7-day share can be seen to expire.
 * The offset lives in KV (`CACHE`, key CLOCK_OFFSET_KEY) and is read once per request. Production
 * never reads it: there the clock is Date.now().
 */
export const CLOCK_OFFSET_KEY = "test:clock-offset";

/** The most the clock can be moved forward in one call or in all: a year. */
export const CLOCK_MAX_OFFSET_MS = 366 * 24 * 60 * 60_000;

export interface Clock {
  /** milliseconds since the epoch, moved by the offset outside production */
  now(): Promise<number>;
  /** the offset in force (0 in production) */
  offset(): Promise<number>;
  /** moves the clock forward by `ms` (dev/test only); returns the new offset */
  advance(ms: number): Promise<number>;
  reset(): Promise<void>;
}

export function createClock({ kv, movable }: { kv: KVNamespace; movable: boolean }): Clock {
  let cached: Promise<number> | null = null;
  const read = (): Promise<number> => {
    if (!movable) return Promise.resolve(0);
    cached ??= kv.get(CLOCK_OFFSET_KEY).then((v) => {
      const n = Number(v ?? 0);
      return Number.isFinite(n) ? n : 0;
    });
    return cached;
  };
  return {
    offset: read,
    async now() {
      return Date.now() + (await read());
    },
    async advance(ms) {
      if (!movable) throw new Error("The clock cannot be moved in production");
      const next = Math.min(CLOCK_MAX_OFFSET_MS, (await read()) + ms);
      await kv.put(CLOCK_OFFSET_KEY, String(next));
      cached = Promise.resolve(next);
      return next;
    },
    async reset() {
      if (!movable) throw new Error("The clock cannot be moved in production");
      await kv.delete(CLOCK_OFFSET_KEY);
      cached = Promise.resolve(0);
    },
  };
}
