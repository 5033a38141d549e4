import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { encodePng } from "~/services/ai/illustrator/png-encode.server";

describe("encodePng", () => {
  it("writes a PNG that decodes to the same RGBA pixels, translucent ones included", async () => {
    const [w, h] = [37, 19];
    const px = new Uint8Array(w * h * 4);
    let seed = 7;
    for (let i = 0; i < px.length; i++) px[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const png = await encodePng(px, w, h);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const img = decode(png);
    expect([img.width, img.height, img.channels, img.depth]).toEqual([w, h, 4, 8]);
    expect([...img.data]).toEqual([...px]);
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(encodePng(new Uint8Array(10), 2, 2)).rejects.toThrow(RangeError);
  });
});
