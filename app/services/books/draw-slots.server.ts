import type { Illustrator } from "../ai/image";

/**
 * At most `limit` of the wrapped illustrator's pictures are being drawn at once; the others wait
 * their turn. The Workflow (workers/story-workflow.ts) runs more page steps than this at once, so
 * a page's watermark and storing overlap the next picture's wait on the provider, and a slot is
 * handed on the moment the provider has answered, not after its page is stored.
 */
export function limitDrawing(illustrator: Illustrator, limit: number): Illustrator {
  let active = 0;
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
      try {
        return await illustrator.draw(request, signal);
      } finally {
        release();
      }
    },
  };
}
