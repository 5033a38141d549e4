/**
 * drawPage: one 1024×1024 SVG picture for one page of a book. Pure and deterministic: the same input
 * always gives the same picture, in the browser or in the Worker.
 */
import type { CharacterSheet, PageType } from "../book";
import { isHex, lighten, normalizeHex } from "./color";
import { planPage, type PagePlan } from "./plan";
import { createRng, hashString } from "./random";
import { layoutAndDraw } from "./stage";
import { resolveArtStyle, STYLES, type ArtStyleId } from "./styles";
import { esc, n, prefixIds, silhouette, SIZE } from "./svg";
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

/**
 * Where a cover's title goes: the reader lays the book's current title over the top of the cover
 * picture (so a rename shows at once), and the picture keeps that band calm: nothing is drawn there.
 */
export const COVER_TITLE_BAND: Box = { x0: 40, y0: 24, x1: SIZE - 40, y1: 300 };

/** Everything a page needs, including where things went (for tests and callers that care). */
export function composePage(input: DrawPageInput): { svg: string; layout: Layout } {
  const sheet = safeSheet(input.sheet ?? DEFAULT_SHEET);
  const styleId = resolveArtStyle(input.artStyle);
  const style = STYLES[styleId];
  // the title is not part of the key: a renamed book keeps its pictures
  const bookKey = `${sheet.name}|${sheet.description}|${input.theme}`;
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

  // no lettering in a picture: the title is laid over it where it is shown, so it is always the current one
  const reserved = cover ? [COVER_TITLE_BAND] : [];
  const { layers, actors, backdrop, layout } = layoutAndDraw(sheetInput, plan, style, rng, book, reserved);
  if (cover) layout.title = COVER_TITLE_BAND;

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
    `</svg>`;
  return { svg, layout };
}

/** A short text alternative for the picture. */
function describe(sheet: CharacterSheet, plan: PagePlan, input: DrawPageInput): string {
  if (input.pageType === "Front Cover") return `Cover: ${sheet.name}`;
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
