/**
 * The art styles a parent can choose. Each changes the palette, the outline, the texture and the
 * finishing touches, so the same scene looks clearly different in each.
 */
import { adjust, lighten, mix } from "./color";
import { n, SIZE } from "./svg";

export const ART_STYLE_IDS = ["watercolor", "cartoon", "storybook", "fairy tale", "paper cut-out", "crayon"] as const;
export type ArtStyleId = (typeof ART_STYLE_IDS)[number];

export interface ArtStyleInfo {
  id: ArtStyleId;
  label: string;
  description: string;
}

/** The styles with the words the creation form shows. */
export const ART_STYLES: readonly ArtStyleInfo[] = [
  { id: "watercolor", label: "Watercolour", description: "Soft washes of colour on textured paper: gentle and dreamy." },
  { id: "cartoon", label: "Cartoon", description: "Bold outlines and bright, cheerful colours, full of bounce." },
  { id: "storybook", label: "Classic storybook", description: "Warm, cosy colours and fine ink lines, like a treasured bedtime book." },
  { id: "fairy tale", label: "Fairy tale", description: "Pastel pinks and golds, sparkles and a golden frame." },
  { id: "paper cut-out", label: "Paper cut-out", description: "Layers of coloured paper with soft shadows, like a handmade collage." },
  { id: "crayon", label: "Crayon & pastel", description: "Waxy crayon lines and chalky pastel colours, like a drawing from the fridge door." },
];

const SYNONYMS: [RegExp, ArtStyleId][] = [
  [/water\s*colou?r|aquarel|painted|painting/, "watercolor"],
  [/cartoon|comic|anime|pixar|3d|disney/, "cartoon"],
  [/fairy|fairytale|princess|magic/, "fairy tale"],
  [/paper|cut-?out|collage|craft/, "paper cut-out"],
  [/crayon|pastel|chalk|pencil|kid|child/, "crayon"],
  [/story\s*book|classic|vintage|illustrat|ink/, "storybook"],
];

/** Turns whatever the form or a template says into one of the styles (storybook when unsure). */
export function resolveArtStyle(name: string | undefined): ArtStyleId {
  const v = (name ?? "").trim().toLowerCase();
  const exact = ART_STYLE_IDS.find((id) => id === v);
  if (exact) return exact;
  for (const [re, id] of SYNONYMS) if (re.test(v)) return id;
  return "storybook";
}

export interface StyleSpec {
  id: ArtStyleId;
  /** outline: a fixed ink colour, or null for a darker shade of each fill; opacity softens it */
  outline: { width: number; color: string | null; darken: number; dash?: number[]; opacity?: number };
  /** fills' opacity when they are washes the paper shows through */
  fillOpacity?: number;
  /** how scenery colours are shifted (the child's own colours are never changed) */
  tint(hex: string): string;
  /** paper colour behind everything (shows at frames and edges) */
  paper: string;
  /** defs: filters and patterns this style uses */
  defs(seed: number): string;
  /** filter applied to the whole picture, if any */
  pictureFilter?: string;
  /** a shadow under each layer (paper cut-out): the layer's silhouette, offset and translucent */
  layerShadow?: { dx: number; dy: number; color: string; opacity: number };
  /** drawn over the picture: texture, sparkles, vignette, frame */
  overlay(seed: number, rng: () => number): string;
  /**
   * shading of each shape (see Pen): a hard shadow crescent `darken` darker, the lit part `lit` of
   * the shape's size, and a pattern (by id in defs) over the shadow, for ink hatching; none = flat
   */
  shade?: { darken: number; lit: number; hatch?: string };
}

/**
 * A wobble filter: noise rendered once into a 256 px tile and used as a displacement map. Its region
 * is the picture and a margin wider than the largest shift, in picture units: a region from the
 * filtered group's bounding box spans whatever the scenery draws off the picture's edges, and every
 * pixel of it costs time.
 */
function wobbleDefs(id: string, seed: number, freq: number, scale: number): string {
  const m = 16;
  return (
    `<filter id="${id}-noise" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed % 1000}" stitchTiles="stitch"/></filter>` +
    `<pattern id="${id}-tile" width="256" height="256" patternUnits="userSpaceOnUse"><rect width="256" height="256" filter="url(#${id}-noise)"/></pattern>` +
    `<rect id="${id}-map" x="-40" y="-40" width="${SIZE + 80}" height="${SIZE + 80}" fill="url(#${id}-tile)"/>` +
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="${-m}" y="${-m}" width="${SIZE + 2 * m}" height="${SIZE + 2 * m}" color-interpolation-filters="sRGB"><feImage href="#${id}-map" result="map"/><feDisplacementMap in="SourceGraphic" in2="map" scale="${scale}" xChannelSelector="R" yChannelSelector="G"/></filter>`
  );
}

/**
 * A paper texture: smooth noise in a tile, cut into a few flat levels (so it stays light in a PNG),
 * drawn over the picture with low opacity: pigment pooling for watercolour, grain for paper.
 */
function grainDefs(id: string, seed: number, freq: number, color: [number, number, number], alpha: number): string {
  const [r, g, b] = color.map((c) => c / 255);
  return (
    `<filter id="${id}-f" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${(seed + 7) % 1000}" stitchTiles="stitch"/>` +
    `<feColorMatrix type="matrix" values="0 0 0 0 ${n(r)} 0 0 0 0 ${n(g)} 0 0 0 0 ${n(b)} 1.4 0 0 0 -0.5"/>` +
    `<feComponentTransfer><feFuncA type="discrete" tableValues="0 0 ${n(alpha * 0.5)} ${n(alpha)}"/></feComponentTransfer></filter>` +
    `<pattern id="${id}" width="256" height="256" patternUnits="userSpaceOnUse"><rect width="256" height="256" filter="url(#${id}-f)"/></pattern>`
  );
}

/**
 * Diagonal strokes like a crayon's at 45°, `gap` px apart. Drawn as lines rather than a rotated
 * pattern: a rotated pattern is resampled at every pixel of the picture, which costs more than the
 * rest of the page.
 */
function hatch(gap: number, width: number, color: string, opacity: number, angle = 45): string {
  const half = Math.ceil(SIZE * Math.SQRT2) + 4;
  let d = "";
  for (let x = -half; x <= half; x += gap) d += `M${n(x)} ${-half}V${half}`;
  return `<path d="${d}" transform="translate(${SIZE / 2} ${SIZE / 2}) rotate(${angle})" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${opacity}"/>`;
}

/** Ink cross-hatching as a small tile (unrotated, so cheap), laid over the shadow side of shapes. */
const crossHatch = (id: string, ink: string) =>
  `<pattern id="${id}" width="11" height="11" patternUnits="userSpaceOnUse"><path d="M-1 1L1 -1M0 11L11 0M10 12L12 10M0 0L11 11" stroke="${ink}" stroke-width="1.4" stroke-opacity="0.6"/></pattern>`;

const vignette = (id: string, color: string, opacity: number) =>
  `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.72"><stop offset="0.62" stop-color="${color}" stop-opacity="0"/><stop offset="1" stop-color="${color}" stop-opacity="${opacity}"/></radialGradient>`;

const fullRect = (fill: string, extra = "") => `<rect x="0" y="0" width="${SIZE}" height="${SIZE}" fill="${fill}"${extra ? " " + extra : ""}/>`;

function sparkle(x: number, y: number, r: number, color: string, opacity: number): string {
  const d = `M${n(x)} ${n(y - r)}Q${n(x + r * 0.18)} ${n(y - r * 0.18)} ${n(x + r)} ${n(y)}Q${n(x + r * 0.18)} ${n(y + r * 0.18)} ${n(x)} ${n(y + r)}Q${n(x - r * 0.18)} ${n(y + r * 0.18)} ${n(x - r)} ${n(y)}Q${n(x - r * 0.18)} ${n(y - r * 0.18)} ${n(x)} ${n(y - r)}Z`;
  return `<path d="${d}" fill="${color}" opacity="${n(opacity)}"/>`;
}

export const STYLES: Record<ArtStyleId, StyleSpec> = {
  // no hard lines: translucent washes whose edges pool darker, bleeding (wobbled) and fading to
  // white paper at the edges, pigment grain over all
  watercolor: {
    id: "watercolor",
    outline: { width: 7, color: null, darken: 0.22, opacity: 0.38 },
    fillOpacity: 0.72,
    tint: (hex) => adjust(lighten(hex, 0.26), { sMul: 0.75 }),
    paper: "#fdfaf2",
    defs: (seed) => wobbleDefs("wob", seed, 0.018, 14) + grainDefs("grain", seed, 0.04, [120, 95, 80], 0.13) + vignette("vig", "#fdfaf2", 0.95),
    pictureFilter: "wob",
    overlay: () => fullRect("url(#grain)") + fullRect("url(#vig)"),
  },
  // bold even ink lines, flat saturated colour and one hard shadow tone per shape
  cartoon: {
    id: "cartoon",
    outline: { width: 7, color: "#17122a", darken: 0 },
    tint: (hex) => adjust(hex, { sMul: 1.4 }),
    paper: "#ffffff",
    shade: { darken: 0.22, lit: 0.84 },
    defs: () => "",
    overlay: () => "",
  },
  // fine brown ink, cross-hatched shadows, muted warm sepia colours and an aged-paper vignette
  storybook: {
    id: "storybook",
    outline: { width: 3, color: "#3b2417", darken: 0 },
    tint: (hex) => adjust(mix(hex, "#c9a36a", 0.34), { sMul: 0.6 }),
    paper: "#f1e2c4",
    shade: { darken: 0.08, lit: 0.87, hatch: "xhatch" },
    defs: (seed) =>
      wobbleDefs("wob", seed, 0.05, 3) +
      grainDefs("grain", seed, 0.03, [120, 85, 45], 0.08) +
      vignette("vig", "#5a3a1f", 0.5) +
      crossHatch("xhatch", "#3b2417"),
    pictureFilter: "wob",
    overlay: () => fullRect("#9a6a35", 'opacity="0.16"') + fullRect("url(#grain)") + fullRect("url(#vig)"),
  },
  // pastels and gold: soft lines, a warm glow, sparkles and a golden frame
  "fairy tale": {
    id: "fairy tale",
    outline: { width: 3, color: "#b0628f", darken: 0 },
    tint: (hex) => mix(lighten(hex, 0.3), "#ffc7e3", 0.22),
    paper: "#fff4e0",
    defs: () =>
      `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7d774"/><stop offset="0.5" stop-color="#e3a83b"/><stop offset="1" stop-color="#f9e29c"/></linearGradient>` +
      `<radialGradient id="halo" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="#fffbe6" stop-opacity="0.3"/><stop offset="0.6" stop-color="#ffe9f4" stop-opacity="0.12"/><stop offset="1" stop-color="#ffd6ec" stop-opacity="0"/></radialGradient>` +
      vignette("vig", "#ffc6e6", 0.8),
    overlay: (_seed, rng) => {
      let s = fullRect("url(#halo)") + fullRect("url(#vig)");
      for (let i = 0; i < 44; i++) {
        const x = 40 + rng() * (SIZE - 80);
        const y = 40 + rng() * (SIZE - 80);
        if (Math.abs(x - SIZE / 2) < 250 && y > 250) continue; // keep sparkles off the middle
        s += sparkle(x, y, 6 + rng() * 14, rng() < 0.5 ? "#ffe27a" : "#ffffff", 0.8 + rng() * 0.2);
      }
      // a golden frame with rounded corners and little hearts at the corners
      s += `<rect x="18" y="18" width="${SIZE - 36}" height="${SIZE - 36}" rx="34" fill="none" stroke="url(#gold)" stroke-width="22"/>`;
      s += `<rect x="38" y="38" width="${SIZE - 76}" height="${SIZE - 76}" rx="24" fill="none" stroke="#fff3c4" stroke-width="4" opacity="0.9"/>`;
      for (const [x, y] of [
        [40, 40],
        [SIZE - 40, 40],
        [40, SIZE - 40],
        [SIZE - 40, SIZE - 40],
      ]) {
        s += `<circle cx="${x}" cy="${y}" r="20" fill="url(#gold)" stroke="#c98a2b" stroke-width="2"/>`;
        s += `<path d="M${x} ${y + 6}c-9-6-12-10-8-14c3-3 6-2 8 1c2-3 5-4 8-1c4 4 1 8-8 14z" fill="#ff8fb8"/>`;
      }
      return s;
    },
  },
  // flat matte card with no outlines, each layer casting a crisp offset shadow, paper fibres over all
  "paper cut-out": {
    id: "paper cut-out",
    outline: { width: 0, color: null, darken: 0 },
    tint: (hex) => adjust(mix(hex, "#efe4d2", 0.12), { sMul: 0.9 }),
    paper: "#efe4d2",
    defs: (seed) => grainDefs("grain", seed, 0.11, [80, 60, 40], 0.18),
    // a crisp offset shadow, no blur, drawn as the layer's silhouette (see drawPage)
    layerShadow: { dx: 7, dy: 10, color: "#2e1f17", opacity: 0.42 },
    overlay: () => fullRect("url(#grain)"),
  },
  // waxy broken strokes, chalky light colours and white hatching where the paper shows through
  crayon: {
    id: "crayon",
    outline: { width: 6, color: null, darken: 0.5, dash: [26, 5, 9, 4] },
    fillOpacity: 0.85,
    tint: (hex) => adjust(lighten(hex, 0.24), { sMul: 0.85 }),
    paper: "#fffdf6",
    defs: (seed) => wobbleDefs("wob", seed, 0.08, 9) + grainDefs("grain", seed, 0.09, [255, 255, 250], 0.32),
    pictureFilter: "wob",
    overlay: () => hatch(10, 3, "#ffffff", 0.5) + hatch(21, 1.5, "#ffffff", 0.35, -40) + fullRect("url(#grain)"),
  },
};
