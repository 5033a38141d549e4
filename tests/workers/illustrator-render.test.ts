import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { pageType, type CharacterSheet } from "~/domain/story/book";
import { drawPage } from "~/domain/story/illustrator";
import { illustratePage, renderPng } from "~/services/ai/illustrator/index.server";

const sheet: CharacterSheet = {
  name: "Mia",
  age: 6,
  gender: "girl",
  skinTone: "#f1c7a5",
  hairColor: "#6b3e26",
  hairStyle: "ponytail",
  eyeColor: "#3b7a57",
  outfitColor: "#e0218a",
  outfitAccent: "#ffd166",
  outfit: "hoodie and trousers",
  accessory: "star hairclip",
  description: "Mia, a six-year-old girl with a brown ponytail, in a pink hoodie",
};

const page = (n: number, scene: string, artStyle = "cartoon") => ({
  sheet,
  pageNumber: n,
  pageType: pageType(n),
  scene,
  theme: "Adventure",
  artStyle,
  bookTitle: "Mia and the Glowing Map",
});

function rgba(png: Uint8Array) {
  const img = decode(png);
  expect(img.channels).toBe(4);
  expect(img.depth).toBe(8);
  return img;
}

function countNear(data: ArrayLike<number>, hex: string, tolerance: number, region?: (x: number, y: number) => boolean, width = 1024) {
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const p = i / 4;
    if (region && !region(p % width, Math.floor(p / width))) continue;
    if (Math.abs(data[i] - r) <= tolerance && Math.abs(data[i + 1] - g) <= tolerance && Math.abs(data[i + 2] - b) <= tolerance) count++;
  }
  return count;
}

describe("renderPng in workerd", () => {
  it("renders a page to a valid 1024×1024 PNG", async () => {
    const png = await illustratePage(page(5, "Mia walks through the forest with a friendly fox"));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const img = rgba(png);
    expect(img.width).toBe(1024);
    expect(img.height).toBe(1024);
    expect(png.length).toBeGreaterThan(20_000);
  });

  it("renders at the width asked for", async () => {
    const img = rgba(await renderPng(drawPage(page(7, "Mia looks at the map")), { width: 512 }));
    expect([img.width, img.height]).toEqual([512, 512]);
  });

  it("gives different pages different pixels", async () => {
    const a = rgba(await illustratePage(page(6, "Mia meets a fox in the forest"))).data;
    const b = rgba(await illustratePage(page(7, "Mia swims with a turtle under the sea"))).data;
    let differing = 0;
    for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 30) differing++;
    expect(differing / (a.length / 4)).toBeGreaterThan(0.3);
  });

  // one test per style: each is a full-size picture, and six in one test outgrew the time of one
  it.each(["cartoon", "paper cut-out", "watercolor", "storybook", "fairy tale", "crayon"])(
    "draws the character's outfit colour in the %s style",
    async (style) => {
      const { data } = rgba(await illustratePage(page(9, "Mia looks at the flowers in the garden on a sunny afternoon", style)));
      // the hoodie covers thousands of pixels; textures may shift a colour a little
      expect(countNear(data, sheet.outfitColor, 26), style).toBeGreaterThan(1500);
    },
  );

  // A texture tile (a pattern whose tile is a rectangle drawn through a noise filter) is rendered once
  // and composited as a PNG; an extra x="0" on the tile's rectangle keeps the renderer from
  // recognising it, so the same picture is drawn the slow way for comparison.
  // (the grain and vignette overlay, baked as one image, is kept out of this comparison: see below)
  const noOverlay = (svg: string) => svg.replace(/<rect x="0" y="0" (width="1024" height="1024" fill="url\(#vig\)")/, '<rect y="0" x="0" $1');
  it.each([1024, 512])(
    "draws a page's textures with the same pixels as the noise filters would, at %i px",
    async (width) => {
      const svg = noOverlay(drawPage(page(8, "Mia walks through the forest with a friendly fox", "watercolor")));
      const slow = svg.replace(/(<pattern [^>]+><rect) (width="256" height="256" filter=)/g, '$1 x="0" $2');
      expect(slow).not.toBe(svg);
      const [a, b] = [rgba(await renderPng(svg, { width })), rgba(await renderPng(slow, { width }))];
      expect(a.width).toBe(width);
      let worst = 0;
      for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i] - b.data[i]));
      expect(worst).toBe(0);
    },
    20_000,
  ); // two full pages, the slow one computing the noise

  // A style's overlay (paper grain, then vignette, each over the whole picture) is rendered once and
  // drawn as one image; the rectangles made unrecognisable draw it the slow way. On the title page
  // (drawn whole by resvg) blending the two onto each other first changes only the rounding: at most
  // two levels on any channel. On a story page the overlay is drawn on a transparent layer above the
  // wobbled scene (see the wobble test below), where the baked image and the two paints agree.
  it.each([
    ["storybook", 2],
    ["watercolor", 2],
    ["storybook", 10],
    ["watercolor", 10],
  ] as const)(
    "draws the %s overlay baked as one image like its two paints (page %i)",
    async (style, n) => {
      const svg = drawPage(page(n, "Mia thinks hard about which way to go", style));
      const slow = noOverlay(svg);
      expect(slow).not.toBe(svg);
      const [a, b] = [rgba(await renderPng(svg, { width: 1024 })), rgba(await renderPng(slow, { width: 1024 }))];
      let worst = 0;
      let total = 0;
      for (let i = 0; i < a.data.length; i++) {
        const d = Math.abs(a.data[i] - b.data[i]);
        worst = Math.max(worst, d);
        total += d;
      }
      expect(worst).toBeLessThanOrEqual(2);
      // three paints (grain, wash, vignette) round a little more often than two
      expect(total / a.data.length).toBeLessThan(0.2);
      // and on the title page the two ways were both taken: the rounding shows somewhere
      if (n === 2) expect(total).toBeGreaterThan(0);
    },
    20_000,
  ); // two full pages, the slow one with every paint over every pixel

  // The wobble (a displacement map over the scene) is done outside resvg's filter pipeline: the scene
  // rendered alone, displaced through offsets worked out once per book, then what lies above it
  // composited on top. A space inside the group's tag keeps the renderer from recognising the page,
  // so resvg's own filter draws the same page for comparison: the same picture, with at most a few
  // levels of rounding where translucent layers meet.
  it.each(["storybook", "watercolor", "crayon"])(
    "draws the %s wobble like resvg's displacement filter",
    async (style) => {
      const svg = drawPage(page(12, "Mia discovers a secret waterfall in the mountain", style));
      const slow = svg.replace('<g filter="url(#wob)">', '<g filter="url(#wob)" >');
      expect(slow).not.toBe(svg);
      const [a, b] = [rgba(await renderPng(svg, { width: 1024 })), rgba(await renderPng(slow, { width: 1024 }))];
      let worst = 0;
      let total = 0;
      for (let i = 0; i < a.data.length; i++) {
        const d = Math.abs(a.data[i] - b.data[i]);
        worst = Math.max(worst, d);
        total += d;
      }
      expect(worst).toBeLessThanOrEqual(3);
      expect(total / a.data.length).toBeLessThan(0.15);
      // both ways were taken (rounding shows somewhere), and the picture is not blank
      expect(total).toBeGreaterThan(0);
      expect(countNear(a.data, sheet.outfitColor, 26)).toBeGreaterThan(1500);
    },
    20_000,
  ); // two full pages, the slow one through the filter

  it("draws text with the bundled font (the cover's title)", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#ffffff"/><text x="10" y="70" font-family="Fredoka" font-size="60" fill="#000000">StoryNest</text></svg>`;
    const { data } = rgba(await renderPng(svg, { width: 400 }));
    expect(countNear(data, "#000000", 40, undefined, 400)).toBeGreaterThan(1000);
  });

  it("refuses a bad width or something that is not SVG", async () => {
    await expect(renderPng("<svg xmlns='http://www.w3.org/2000/svg'/>", { width: 0 })).rejects.toThrow();
    await expect(renderPng("<svg xmlns='http://www.w3.org/2000/svg'/>", { width: 1.5 })).rejects.toThrow();
    await expect(renderPng("hello", { width: 100 })).rejects.toThrow(/SVG/);
  });
});
