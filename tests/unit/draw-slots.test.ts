import { describe, expect, it } from "vitest";
import type { IllustrationRequest, Illustrator } from "~/services/ai/image";
import { limitDrawing } from "~/services/books/draw-slots.server";

const request = (pageNumber: number) => ({ pageNumber }) as unknown as IllustrationRequest;
const tick = () => new Promise((r) => setTimeout(r, 1));

/** A provider that answers each picture after a few ms and counts the pictures in its hands at once. */
function countingProvider(failOn = new Set<number>()) {
  let inHand = 0;
  let most = 0;
  const calls: number[] = [];
  const illustrator: Illustrator = {
    name: "generic",
    async draw(req) {
      calls.push(req.pageNumber);
      inHand++;
      most = Math.max(most, inHand);
      try {
        await new Promise((r) => setTimeout(r, 2 + (req.pageNumber % 3)));
        if (failOn.has(req.pageNumber)) throw new Error(`page ${req.pageNumber} failed`);
        return new Uint8Array([req.pageNumber]);
      } finally {
        inHand--;
      }
    },
  };
  return { illustrator, most: () => most, inHand: () => inHand, calls };
}

describe("limitDrawing", () => {
  it("never has more than the limit of pictures with the provider, however many pages ask at once", async () => {
    const provider = countingProvider();
    const limited = limitDrawing(provider.illustrator, 4);
    const pictures = await Promise.all(Array.from({ length: 24 }, (_, i) => limited.draw(request(i + 1))));
    expect(pictures.map((p) => p[0])).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(provider.most()).toBe(4);
    expect(provider.calls).toHaveLength(24);
  });

  it("hands the slot on when a picture fails, so the others still get drawn", async () => {
    const provider = countingProvider(new Set([2, 3, 5]));
    const limited = limitDrawing(provider.illustrator, 2);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => limited.draw(request(i + 1))));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(3);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    expect(provider.most()).toBe(2);
    // every slot came back: a new wave runs at the full limit again
    await Promise.all(Array.from({ length: 4 }, (_, i) => limited.draw(request(20 + i))));
    expect(provider.most()).toBe(2);
    await tick();
    expect(provider.inHand()).toBe(0);
  });

  it("keeps the illustrator's name and its SVG drawing", () => {
    const svg = { svg: "<svg></svg>", width: 16, height: 16 };
    const offline: Illustrator = { name: "offline", draw: async () => new Uint8Array(), drawSvg: () => svg };
    const limited = limitDrawing(offline, 1);
    expect(limited.name).toBe("offline");
    expect(limited.drawSvg?.(request(1))).toBe(svg);
    expect(limitDrawing(countingProvider().illustrator, 1).drawSvg).toBeUndefined();
  });
});
