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

  describe("quiet", () => {
    /** A provider whose every picture takes `ms`. */
    const steady = (ms: number): Illustrator => ({
      name: "generic",
      draw: (req) => new Promise((r) => setTimeout(() => r(new Uint8Array([req.pageNumber])), ms)),
    });

    it("waits for a picture due within the window, then resolves as soon as it has come", async () => {
      const limited = limitDrawing(steady(60), 4);
      await limited.draw(request(1)); // one picture taken: pictures take about 60 ms
      const pending = limited.draw(request(2));
      await new Promise((r) => setTimeout(r, 20));
      let arrived = 0;
      void pending.then(() => (arrived = Date.now()));
      await limited.quiet?.(100, 1000);
      // it did not resolve before the due picture came back, nor long after
      expect(arrived).toBeGreaterThan(0);
      expect(Date.now() - arrived).toBeLessThan(30);
    });

    it("does not wait when nothing is due soon, and never longer than its limit", async () => {
      const limited = limitDrawing(steady(1000), 2);
      await limited.draw(request(1));
      const far = limited.draw(request(2)); // due in about a second
      let t0 = Date.now();
      await limited.quiet?.(100, 5000);
      expect(Date.now() - t0).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 700)); // now due within 400 ms: would wait about 300 ms
      t0 = Date.now();
      await limited.quiet?.(400, 40);
      expect(Date.now() - t0).toBeLessThan(200);
      await far;
    });

    it("does not wait before any picture has come back (nothing known about the provider's time)", async () => {
      const limited = limitDrawing(steady(100), 2);
      const first = limited.draw(request(1));
      const t0 = Date.now();
      await limited.quiet?.(1000, 1000);
      expect(Date.now() - t0).toBeLessThan(200);
      await first;
    });
  });
});
