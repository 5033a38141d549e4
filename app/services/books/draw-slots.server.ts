import type { Illustrator } from "../ai/image";

/**
 * At most `limit` of the wrapped illustrator's pictures are being drawn at once; the others wait
 * their turn. The Workflow (workers/story-workflow.ts) runs more page steps than this at once, so
 * a page's watermark and storing overlap the next picture's wait on the provider, and a slot is
 * handed on the moment the provider has answered, not after its page is stored.
 */
export function limitDrawing(illustrator: Illustrator, limit: number): Illustrator {
  let active = 0;
  // when each picture in hand was asked for, how long the last ones took, and who waits for quiet
  const inHand = new Set<{ since: number }>();
  const took: number[] = [];
  let listeners: (() => void)[] = [];
  const typical = () => (took.length ? [...took].sort((a, b) => a - b)[took.length >> 1] : Infinity);
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active < limit) {
      active++;
      return;
    }
    // the slot is handed over directly by release(): `active` stays counted
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    name: illustrator.name,
    ...(illustrator.drawSvg ? { drawSvg: illustrator.drawSvg.bind(illustrator) } : {}),
    async draw(request, signal) {
      await acquire();
      const mine = { since: Date.now() };
      inHand.add(mine);
      try {
        const picture = await illustrator.draw(request, signal);
        took.push(Date.now() - mine.since);
        if (took.length > 8) took.shift();
        return picture;
      } finally {
        inHand.delete(mine);
        release();
        const waiting = listeners;
        listeners = [];
        for (const wake of waiting) wake();
      }
    },
    /**
     * CPU work (a watermark) blocks this isolate, and a provider's answer that comes meanwhile waits
     * for it before its slot can be handed on, so the next picture is asked for late and the delays
     * add up round after round. This resolves once no picture in hand is due within `withinMs` (its
     * start plus the median time of the last pictures), or after `atMostMs`.
     */
    async quiet(withinMs, atMostMs) {
      const deadline = Date.now() + atMostMs;
      for (;;) {
        const now = Date.now();
        const t = typical();
        const soon = [...inHand].some((d) => d.since + t - now <= withinMs && now - d.since < 2 * t);
        if (!soon || now >= deadline) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, Math.min(deadline - now, 25)));
          listeners.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
