/**
 * The six art styles must look like six styles: rendered to pixels, every picture's nearest
 * neighbour in "style features" is a picture of its own style, even one of another page, and every
 * two styles of the same page are further apart than a fixed threshold.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageType, type CharacterSheet } from "~/domain/story/book";
import { drawPage, drawStylePreview } from "~/domain/story/illustrator";
import { ART_STYLE_IDS, type ArtStyleId } from "~/domain/story/illustrator/styles";

const require = createRequire(import.meta.url);
const PX = 256;

const BOOKS: { title: string; theme: string; sheet: CharacterSheet; pages: [number, string][] }[] = [
  {
    title: "Mia and the Glowing Map",
    theme: "Adventure",
    sheet: {
      name: "Mia",
      age: 6,
      gender: "girl",
      skinTone: "#f1c7a5",
      hairColor: "#6b3e26",
      hairStyle: "ponytail",
      eyeColor: "#3b7a57",
      outfitColor: "#ff7a59",
      outfitAccent: "#ffd166",
      outfit: "dress",
      accessory: "star hairclip",
      description: "Mia, a girl with a brown ponytail and a coral dress",
    },
    pages: [
      [1, "Mia holds a glowing map with a friendly fox beside her"],
      [6, "Mia meets a friendly fox at the edge of the forest"],
      [12, "Mia discovers a secret waterfall in the mountain"],
      [22, "Mia walks home under the starry night"],
    ],
  },
  {
    title: "Leo's Trip to the Stars",
    theme: "Space",
    sheet: {
      name: "Leo",
      age: 5,
      gender: "boy",
      skinTone: "#8d5524",
      hairColor: "#1f1a17",
      hairStyle: "curly",
      eyeColor: "#4b2e1e",
      outfitColor: "#3a86ff",
      outfitAccent: "#8ac926",
      outfit: "hoodie and trousers",
      accessory: "glasses",
      description: "Leo, a boy with curly black hair and a blue hoodie",
    },
    pages: [
      [3, "Leo builds a cardboard rocket in the garden"],
      [11, "Leo explores a moon made of bouncy cheese"],
      [19, "Leo swims at the beach with a turtle and a whale"],
      [21, "Leo reads a book with his cat in the garden"],
    ],
  },
];

function pixels(svg: string): Uint8Array {
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: PX } }).render();
  return rendered.pixels;
}

/** A histogram scaled to sum 1. */
const normalise = (h: number[]) => {
  const sum = h.reduce((a, b) => a + b, 0) || 1;
  return h.map((v) => v / sum);
};

/**
 * Style features, chosen to follow how a picture is painted rather than what it shows (hue and
 * brightness follow the scene: a night page, the sea): how saturated its colours are (washed,
 * saturated, sepia, pastel, chalky), how strong its edges are (hard outlines against soft washes
 * and grain) and which way the strong ones run (hatching at 45°, offset shadows).
 */
function features(px: Uint8Array): number[][] {
  const sat = new Array<number>(8).fill(0);
  const luma = new Float32Array(PX * PX);
  for (let i = 0; i < PX * PX; i++) {
    const [r, g, b] = [px[i * 4] / 255, px[i * 4 + 1] / 255, px[i * 4 + 2] / 255];
    const max = Math.max(r, g, b);
    sat[Math.min(7, Math.floor((max ? (max - Math.min(r, g, b)) / max : 0) * 8))]++;
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  const strength = new Array<number>(8).fill(0);
  const direction = new Array<number>(8).fill(0);
  for (let y = 1; y < PX - 1; y++) {
    for (let x = 1; x < PX - 1; x++) {
      const at = (dx: number, dy: number) => luma[(y + dy) * PX + x + dx];
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      const m = Math.hypot(gx, gy);
      // log bins: flat (< 0.02) up to hard ink edges (> 1.3)
      strength[Math.max(0, Math.min(7, Math.floor(Math.log2(m / 0.01 + 1))))]++;
      if (m > 0.1) direction[Math.floor(((Math.atan2(gy, gx) + Math.PI) / Math.PI) * 4) % 8] += m;
    }
  }
  return [sat, strength, direction].map(normalise);
}

/** Hellinger (Bhattacharyya-based) distance of two histograms, 0 (same) to 1, averaged over them. */
function distance(a: number[][], b: number[][]): number {
  const one = (p: number[], q: number[]) => Math.sqrt(Math.max(0, 1 - p.reduce((sum, v, i) => sum + Math.sqrt(v * q[i]), 0)));
  return a.reduce((sum, h, i) => sum + one(h, b[i]), 0) / a.length;
}

/**
 * Between two styles of the same page. The six styles before they were redrawn, which a parent
 * found almost identical, came as close as 0.068 in these features; now the closest are 0.12.
 */
const THRESHOLD = 0.1;

describe("the art styles", () => {
  const feats = new Map<string, number[][]>();
  const key = (book: number, page: number, style: ArtStyleId) => `${book}|${page}|${style}`;

  beforeAll(async () => {
    await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
    BOOKS.forEach((book, b) => {
      for (const [page, scene] of book.pages) {
        for (const style of ART_STYLE_IDS) {
          const svg = drawPage({
            sheet: book.sheet,
            pageNumber: page,
            pageType: pageType(page),
            scene,
            theme: book.theme,
            artStyle: style,
            bookTitle: book.title,
          });
          feats.set(key(b, page, style), features(pixels(svg)));
        }
      }
    });
  }, 60_000);

  it("differ on every page: every two styles of the same page are further apart than the threshold", () => {
    let smallest = { d: Infinity, pair: "" };
    BOOKS.forEach((book, b) => {
      for (const [page] of book.pages) {
        for (const [i, s] of ART_STYLE_IDS.entries()) {
          for (const t of ART_STYLE_IDS.slice(i + 1)) {
            const d = distance(feats.get(key(b, page, s))!, feats.get(key(b, page, t))!);
            if (d < smallest.d) smallest = { d, pair: `${s} / ${t} (${book.sheet.name} p${page})` };
          }
        }
      }
    });
    console.log(`smallest distance between two styles of one page: ${smallest.d.toFixed(3)}, ${smallest.pair}`);
    expect(smallest.d).toBeGreaterThan(THRESHOLD);
  });

  it("are each their own look: most pictures look most like another page in their style", () => {
    // the nearest other picture (of 47: both books, four pages, six styles) is mostly the same
    // scene in another style when the styles look alike (32 of 48 before they were redrawn)
    const pics = [...feats.entries()].map(([k, f]) => ({ style: k.split("|")[2], f }));
    const own = pics.filter((p) => {
      const others = pics.filter((q) => q !== p);
      const nearest = others.reduce((best, q) => (distance(p.f, q.f) < distance(p.f, best.f) ? q : best));
      return nearest.style === p.style;
    }).length;
    console.log(`pictures whose nearest other picture is of their own style: ${own} of ${pics.length}`);
    // 42 of 48 now: the misses are mostly storybook and paper cut-out taken for each other
    expect(own / pics.length).toBeGreaterThanOrEqual(0.85);
  });

  it("shows each style's own look in the creation form's preview", () => {
    for (const style of ART_STYLE_IDS) {
      const preview = features(pixels(drawStylePreview(style, PX)));
      const nearest = [...feats.entries()].reduce((best, entry) => (distance(preview, entry[1]) < distance(preview, best[1]) ? entry : best));
      expect(`${style}: ${nearest[0].split("|")[2]}`).toBe(`${style}: ${style}`);
    }
  });
});
