import { describe, expect, it } from "vitest";
import { paletteFromPixels } from "~/domain/story/illustrator";
import { hexToHsl, parseHex } from "~/domain/story/illustrator/color";

type Rgb = [number, number, number];

/** A simple synthetic portrait: background, hair on top, a face in the middle with two eyes. */
function portrait({ background, hair, skin, eyes }: { background: Rgb; hair: Rgb; skin: Rgb; eyes: Rgb }, w = 120, h = 160): Uint8Array {
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cx = x - w / 2;
      const faceY = y - h * 0.55;
      let c = background;
      if (y < h * 0.34 && Math.abs(cx) < w * 0.36) c = hair; // hair on top
      if ((cx / (w * 0.3)) ** 2 + (faceY / (h * 0.25)) ** 2 < 1) c = skin; // the face
      for (const ex of [-w * 0.1, w * 0.1]) if ((x - (w / 2 + ex)) ** 2 + (y - h * 0.43) ** 2 < (w * 0.035) ** 2) c = eyes;
      px.set([...c, 255], (y * w + x) * 4);
    }
  }
  return px;
}

const distance = (a: string, b: Rgb) => {
  const [r, g, bl] = parseHex(a);
  return Math.hypot(r - b[0], g - b[1], bl - b[2]);
};

describe("paletteFromPixels", () => {
  it("reads hair from the top, skin from the centre and eyes from the darker spots of the face", () => {
    const colours = { background: [180, 220, 245] as Rgb, hair: [92, 58, 33] as Rgb, skin: [224, 172, 105] as Rgb, eyes: [46, 92, 138] as Rgb };
    const p = paletteFromPixels(portrait(colours), 120, 160);
    expect(distance(p.skin!, colours.skin)).toBeLessThan(30);
    expect(distance(p.hair!, colours.hair)).toBeLessThan(30);
    const eyes = hexToHsl(p.eyes!);
    expect(eyes.h).toBeGreaterThan(180); // blue
    expect(eyes.h).toBeLessThan(250);
  });

  it("works for dark skin and black hair as well as for fair skin and blond hair", () => {
    const dark = paletteFromPixels(portrait({ background: [240, 240, 240], hair: [25, 20, 18], skin: [110, 70, 45], eyes: [40, 26, 18] }), 120, 160);
    expect(distance(dark.skin!, [110, 70, 45])).toBeLessThan(35);
    expect(hexToHsl(dark.hair!).l).toBeLessThan(0.2);
    const fair = paletteFromPixels(portrait({ background: [120, 200, 120], hair: [226, 190, 110], skin: [250, 220, 200], eyes: [70, 120, 90] }), 120, 160);
    expect(hexToHsl(fair.hair!).l).toBeGreaterThan(0.5);
    expect(hexToHsl(fair.skin!).l).toBeGreaterThan(0.75);
  });

  it("clamps impossible colours to realistic tones, and gives no skin when there is none", () => {
    // a face lit purple and green hair: the skin estimate is skipped, the hair is pulled to a natural hue
    const odd = paletteFromPixels(portrait({ background: [255, 255, 255], hair: [40, 220, 60], skin: [150, 60, 220], eyes: [255, 0, 255] }), 120, 160);
    expect(odd.skin).toBeUndefined();
    const hair = hexToHsl(odd.hair!);
    expect(hair.h).toBeGreaterThanOrEqual(5);
    expect(hair.h).toBeLessThanOrEqual(48.5);
  });

  it("refuses sizes that do not match the pixels", () => {
    expect(() => paletteFromPixels(new Uint8Array(16), 4, 4)).toThrow(RangeError);
    expect(() => paletteFromPixels(new Uint8Array(16), 0, 4)).toThrow(RangeError);
  });
});
