/**
 * drawPage: one 1024×1024 SVG picture for one page of a book. Pure and deterministic: the same input
 * always gives the same picture, in the browser or in the Worker.
 */
import type { CharacterSheet, PageType } from "../book";
import { isHex, lighten, normalizeHex } from "./color";
import { planPage, type PagePlan } from "./plan";
import { createRng, hashString } from "./random";
import { layoutAndDraw } from "./stage";
import { resolveArtStyle, STYLES, type ArtStyleId, type StyleSpec } from "./styles";
import { esc, FONT, n, prefixIds, silhouette, SIZE } from "./svg";
import type { Thing } from "./things";

export interface DrawPageInput {
  sheet: CharacterSheet;
  pageNumber: number;
  pageType: PageType;
  scene: string;
  /** the words printed on the page: what the picture shows is read from them and the scene */
  text?: string;
  theme: string;
  artStyle: string;
  bookTitle?: string;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where everything went: used to keep things apart and by the tests. */
export interface Layout {
  plan: PagePlan;
  style: ArtStyleId;
  character: Box;
  things: { thing: Thing; box: Box; placement: "ground" | "air" | "held" | "backdrop" }[];
  title?: Box;
}

const W = SIZE;

const DEFAULT_SHEET: CharacterSheet = {
  name: "Friend",
  age: 6,
  gender: "child",
  skinTone: "#e8b48f",
  hairColor: "#5a3825",
  hairStyle: "short",
  eyeColor: "#5b3a29",
  outfitColor: "#ff7a59",
  outfitAccent: "#ffd166",
  outfit: "t-shirt and shorts",
  accessory: "none",
  description: "",
};

const HAIR = new Set(["short", "curly", "long", "ponytail", "bun", "buzz"]);
const OUTFITS = new Set(["t-shirt and shorts", "dress", "overalls", "hoodie and trousers"]);
const ACCESSORIES = new Set(["none", "glasses", "cap", "scarf", "star hairclip", "backpack"]);

/** Keeps only what is safe to put in an SVG attribute: hex colours and the known styles. */
export function safeSheet(sheet: CharacterSheet): CharacterSheet {
  const colour = (v: unknown, d: string) => (typeof v === "string" && isHex(v) ? normalizeHex(v) : d);
  return {
    ...DEFAULT_SHEET,
    ...sheet,
    skinTone: colour(sheet.skinTone, DEFAULT_SHEET.skinTone),
    hairColor: colour(sheet.hairColor, DEFAULT_SHEET.hairColor),
    eyeColor: colour(sheet.eyeColor, DEFAULT_SHEET.eyeColor),
    outfitColor: colour(sheet.outfitColor, DEFAULT_SHEET.outfitColor),
    outfitAccent: colour(sheet.outfitAccent, DEFAULT_SHEET.outfitAccent),
    hairStyle: HAIR.has(sheet.hairStyle) ? sheet.hairStyle : DEFAULT_SHEET.hairStyle,
    outfit: OUTFITS.has(sheet.outfit) ? sheet.outfit : DEFAULT_SHEET.outfit,
    accessory: ACCESSORIES.has(sheet.accessory) ? sheet.accessory : DEFAULT_SHEET.accessory,
  };
}

/** Splits a title into at most three balanced lines of about `max` characters. */
export function wrapTitle(title: string, max = 18): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const total = words.join(" ").length;
  const lineCount = Math.min(3, Math.max(1, Math.ceil(total / max)), words.length);
  // greedy with a target of total / lineCount, which balances the lines
  const target = total / lineCount;
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && lines.length < lineCount - 1 && next.length > target + 2 && Math.abs(next.length - target) > Math.abs(line.length - target)) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

function titleBlock(title: string, y: number, style: StyleSpec, calm: boolean): { svg: string; box: Box } {
  const lines = wrapTitle(title.slice(0, 90), calm ? 24 : 18);
  const longest = Math.max(...lines.map((l) => l.length));
  // shrink the type until the longest line fits the ribbon
  const size = Math.min(calm ? (lines.length > 2 ? 46 : 54) : lines.length === 1 ? 92 : lines.length === 2 ? 80 : 62, (W - 180) / (longest * 0.56));
  const lineH = size * 1.1;
  const width = Math.min(W - 80, Math.max(420, longest * size * 0.56 + 100));
  const height = lines.length * lineH + (calm ? 44 : 60);
  const x0 = (W - width) / 2;
  const ribbon = calm ? "#fffaf0" : "#fff7ea";
  const edge = style.id === "fairy tale" ? "#e3a83b" : calm ? "#f2b880" : "#ff7a59";
  let svg = `<g>`;
  if (!calm) {
    // ribbon tails
    svg += `<path d="M${n(x0 + 20)} ${n(y + height * 0.3)}L${n(x0 - 40)} ${n(y + height * 0.45)}L${n(x0 - 10)} ${n(y + height * 0.7)}L${n(x0 - 40)} ${n(y + height * 0.95)}L${n(x0 + 40)} ${n(y + height * 0.9)}Z" fill="${edge}"/>`;
    svg += `<path d="M${n(x0 + width - 20)} ${n(y + height * 0.3)}L${n(x0 + width + 40)} ${n(y + height * 0.45)}L${n(x0 + width + 10)} ${n(y + height * 0.7)}L${n(x0 + width + 40)} ${n(y + height * 0.95)}L${n(x0 + width - 40)} ${n(y + height * 0.9)}Z" fill="${edge}"/>`;
  }
  svg += `<rect x="${n(x0)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${calm ? 28 : 40}" fill="${ribbon}" fill-opacity="0.94" stroke="${edge}" stroke-width="${calm ? 4 : 8}"/>`;
  const ink = "#3d2a4d";
  lines.forEach((line, i) => {
    const ty = y + (calm ? 22 : 30) + lineH * (i + 0.8);
    svg += `<text x="${W / 2}" y="${n(ty)}" font-family="${FONT}" font-weight="600" font-size="${size}" text-anchor="middle" fill="${ink}" stroke="#ffffff" stroke-width="${calm ? 0 : 6}" stroke-linejoin="round" paint-order="stroke">${esc(line)}</text>`;
  });
  svg += `</g>`;
  return { svg, box: { x0: x0 - 40, y0: y, x1: x0 + width + 40, y1: y + height } };
}

/** Everything a page needs, including where things went (for tests and callers that care). */
export function composePage(input: DrawPageInput): { svg: string; layout: Layout } {
  const sheet = safeSheet(input.sheet ?? DEFAULT_SHEET);
  const styleId = resolveArtStyle(input.artStyle);
  const style = STYLES[styleId];
  const bookKey = `${sheet.name}|${sheet.description}|${input.theme}|${input.bookTitle ?? ""}`;
  const bookSeed = hashString(bookKey);
  // the style is not part of the key: the same page keeps its composition in every style
  const pageKey = `${bookKey}|${input.pageNumber}|${input.pageType}|${input.scene}`;
  const seed = hashString(pageKey);
  const rng = createRng(seed);
  const book = createRng(bookSeed);
  const plan = planPage({ pageNumber: input.pageNumber, pageType: input.pageType, scene: input.scene, text: input.text, theme: input.theme, bookSeed });
  const cover = input.pageType === "Front Cover";
  const titlePage = input.pageType === "Title Page";
  const sheetInput = { ...input, sheet };

  let title: { svg: string; box: Box } | undefined;
  if (cover) title = titleBlock(input.bookTitle?.trim() || `${sheet.name}'s Story`, 46, style, false);
  else if (titlePage && input.bookTitle?.trim()) title = titleBlock(input.bookTitle.trim(), 850, style, true);
  const reserved = cover && title ? [title.box] : [];
  const { layers, actors, backdrop, layout } = layoutAndDraw(sheetInput, plan, style, rng, book, reserved);
  if (title) layout.title = title.box;

  // layer shadows (paper cut-out) only where there are shapes to cast them (the sky and the ground
  // cover the whole picture anyway); a shadow is the layer's silhouette drawn first, offset and
  // translucent: the same pixels as an offset-and-recolour filter on the layer, at a fraction of the
  // cost (a filter renders the layer into a layer of its own and makes three passes over it)
  const shadow = style.layerShadow;
  const layer = (body: string, shadowed = true) =>
    shadow && body && shadowed
      ? `<g opacity="${shadow.opacity}" transform="translate(${shadow.dx} ${shadow.dy})">${silhouette(body, shadow.color)}</g>${body}`
      : body;
  const defs =
    // the textures' noise is the book's, not the page's: the same few texture tiles serve every page
    // of a book, so the renderer draws each once (app/services/ai/illustrator/render.server.ts)
    `<defs>${style.defs(bookSeed)}` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffe9a8" stop-opacity="0.55"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>` +
    (titlePage ? `<clipPath id="vignette"><circle cx="512" cy="440" r="360"/></clipPath>` : "") +
    `</defs>`;
  const scene = layers.sky + layer(layers.far) + layer(layers.mid + backdrop) + layers.ground + layers.light + layer(actors) + layer(layers.fore);
  let picture: string;
  if (titlePage) {
    // a calm round vignette on paper, with a little garland of stars
    let garland = "";
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      garland += `<circle cx="${n(512 + Math.cos(a) * 392)}" cy="${n(440 + Math.sin(a) * 392)}" r="${i % 2 ? 6 : 9}" fill="${i % 2 ? "#ffd166" : "#ff9fb2"}"/>`;
    }
    picture =
      `<rect width="${W}" height="${W}" fill="${style.paper}"/>` +
      `<circle cx="512" cy="440" r="372" fill="${lighten(sheet.outfitColor, 0.7)}"/>` +
      `<g clip-path="url(#vignette)">${style.pictureFilter ? `<g filter="url(#${style.pictureFilter})">${scene}</g>` : scene}</g>` +
      `<circle cx="512" cy="440" r="362" fill="none" stroke="#ffffff" stroke-width="10"/>` +
      garland;
  } else {
    picture =
      `<rect width="${W}" height="${W}" fill="${style.paper}"/>` + (style.pictureFilter ? `<g filter="url(#${style.pictureFilter})">${scene}</g>` : scene);
  }
  const overlay = style.overlay(seed, createRng(seed ^ 0x5bd1e995).next);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${W}" viewBox="0 0 ${W} ${W}">` +
    `<title>${esc(describe(sheet, plan, input))}</title>` +
    defs +
    picture +
    overlay +
    (title ? title.svg : "") +
    `</svg>`;
  return { svg, layout };
}

/** A short text alternative for the picture. */
function describe(sheet: CharacterSheet, plan: PagePlan, input: DrawPageInput): string {
  if (input.pageType === "Front Cover") return `Cover: ${sheet.name}${input.bookTitle ? ` in “${input.bookTitle}”` : ""}`;
  const where =
    plan.setting === "sky" ? "in the sky" : plan.setting === "space" ? "in space" : plan.setting === "underwater" ? "under the sea" : `in the ${plan.setting}`;
  const friends = plan.things.length ? ` with ${plan.things.map((t) => (t === "basket" ? "a picnic basket" : `a ${t}`)).join(", ")}` : "";
  return `${sheet.name} ${plan.action} ${where}${friends}, ${plan.time === "day" ? "in the daytime" : `in the ${plan.time}`}`;
}

/** One 1024×1024 SVG picture for a page. */
export function drawPage(input: DrawPageInput): string {
  return composePage(input).svg;
}

/** A small picture of a style for the creation form's picker. */
export function drawStylePreview(style: string, size = 256): string {
  const { svg } = composePage({
    sheet: { ...DEFAULT_SHEET, name: "Preview", hairStyle: "curly", outfit: "overalls", outfitColor: "#4d96ff", outfitAccent: "#ffd166", accessory: "scarf" },
    pageNumber: 4,
    pageType: "Story Page",
    scene: "A happy child talks to a friendly fox in a sunny garden.",
    theme: "Animals",
    artStyle: style,
  });
  const id = resolveArtStyle(style).replace(/\W+/g, "-");
  return prefixIds(svg, `preview-${id}-`).replace(`width="${W}" height="${W}"`, `width="${size}" height="${size}"`);
}
