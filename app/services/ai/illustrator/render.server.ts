/**
 * SVG → PNG in the Worker, with resvg compiled to WebAssembly. The .wasm is imported as a module
 * (wrangler bundles it; the Workers test pool loads it with the same rules) and initialised once per
 * isolate. Text uses Fredoka (the app's display face), bundled as a TTF because resvg cannot read
 * woff2.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import fredoka from "@expo-google-fonts/fredoka/600SemiBold/Fredoka_600SemiBold.ttf";
import { z } from "zod";
import { encodeBase64 } from "../openai/bytes";
import { flattenOpacity } from "~/domain/story/illustrator/svg";
import { encodePng } from "./png-encode.server";
import { composeWobble, splitWobble, wobbleOffsets, type WobbleSplit } from "./wobble.server";

let ready: Promise<void> | undefined;
let fontBytes: Uint8Array | undefined;

/** Initialises the rasteriser once for this isolate; later calls reuse it. */
export function initRenderer(): Promise<void> {
  if (!ready) {
    ready = initWasm(resvgWasm).catch((error: unknown) => {
      // "Already initialized" means another module of this isolate did it first: fine.
      if (error instanceof Error && /already initiali[sz]ed/i.test(error.message)) return;
      ready = undefined;
      throw new Error(`Could not start the PNG renderer: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return ready;
}

function font(): Uint8Array {
  if (!fontBytes) fontBytes = new Uint8Array(fredoka);
  return fontBytes;
}

export const renderOptionsSchema = z.object({
  width: z.number().int().min(16).max(4096),
});
export type RenderOptions = z.infer<typeof renderOptionsSchema>;

/** The largest SVG we agree to rasterise (the illustrator's pages are about 100 KB). */
export const MAX_SVG_BYTES = 8 * 1024 * 1024;

/** Extra images an SVG refers to by URL, handed to resvg as bytes (no fetching). */
export type ImageSources = Record<string, Uint8Array>;

/** Lets the isolate's other work (requests, I/O callbacks) run between two long synchronous stages. */
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Rasterises and PNG-encodes, yielding between the two so one page blocks the isolate for less. */
async function rasterise(svg: string, width: number, images: ImageSources): Promise<Uint8Array<ArrayBuffer>> {
  return withRendered(svg, width, images, async (rendered) => {
    await yieldToOthers();
    // wasm-bindgen copies the bytes out of the wasm memory into a fresh ArrayBuffer
    return rendered.asPng() as Uint8Array<ArrayBuffer>;
  });
}

/** Rasterises: the pixels, premultiplied RGBA (copied out of the wasm memory). */
function draw(svg: string, width: number, images: ImageSources): Promise<Uint8Array<ArrayBuffer>> {
  return withRendered(svg, width, images, (rendered) => Promise.resolve(rendered.pixels as Uint8Array<ArrayBuffer>));
}

async function withRendered<T>(
  svg: string,
  width: number,
  images: ImageSources,
  take: (rendered: ReturnType<InstanceType<typeof Resvg>["render"]>) => Promise<T>,
): Promise<T> {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { fontBuffers: [font()], defaultFontFamily: "Fredoka", sansSerifFamily: "Fredoka" },
    shapeRendering: 2,
    textRendering: 1,
  });
  try {
    for (const href of resvg.imagesToResolve() as string[]) {
      const bytes = images[href];
      if (!bytes) throw new Error(`The SVG refers to an image that was not supplied: ${href}`);
      resvg.resolveImage(href, bytes);
    }
    const rendered = resvg.render();
    try {
      return await take(rendered);
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * Texture tiles drawn once per isolate. A texture is a pattern whose one tile is a rectangle drawn
 * through a filter (the illustrator's paper grain and wobble noise: feTurbulence). resvg computes
 * such a tile's filter again in every picture that uses it; here the tile is rendered once, at the
 * picture's scale, and the pattern holds the result as a PNG, which resvg composites: the same
 * pixels, without the noise. Keyed by the tile's SVG (filter, seed, size), so a book's 24 pages
 * share their tiles.
 */
const TILE_CACHE_SIZE = 24;
const tiles = new Map<string, string>();
const TEXTURE_PATTERN =
  /<pattern id="([^"]+)" width="(\d+)" height="(\d+)" patternUnits="userSpaceOnUse"><rect width="\2" height="\3" filter="url\(#([^")]+)\)"\/><\/pattern>/g;

async function bakeTextures(svg: string, scale: number): Promise<string> {
  const found = [...svg.matchAll(TEXTURE_PATTERN)];
  if (found.length === 0) return svg;
  let baked = svg;
  for (const [whole, id, w, h, filterId] of found) {
    const [pw, ph] = [Number(w) * scale, Number(h) * scale];
    // only where the tile lands on whole pixels, so compositing the PNG is a plain copy
    if (!Number.isInteger(pw) || !Number.isInteger(ph) || pw < 1 || ph < 1) continue;
    const start = svg.indexOf(`<filter id="${filterId}"`);
    const end = svg.indexOf("</filter>", start);
    if (start < 0 || end < 0) continue;
    const filter = svg.slice(start, end + "</filter>".length);
    const tileSvg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${filter}</defs><rect width="${w}" height="${h}" filter="url(#${filterId})"/></svg>`;
    const key = `${pw}|${tileSvg}`;
    let href = tiles.get(key);
    if (href === undefined) {
      href = `data:image/png;base64,${encodeBase64(await rasterise(tileSvg, pw, {}))}`;
      await yieldToOthers();
    }
    remember(key, href); // most recently used last
    baked = baked.replace(
      whole,
      () => `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"><image href="${href}" width="${w}" height="${h}"/></pattern>`,
    );
  }
  return baked;
}

/** Keeps a baked image (a tile or an overlay, as a data URL) per isolate, least recently used dropped first. */
function remember(key: string, href: string): void {
  tiles.delete(key);
  if (tiles.size >= TILE_CACHE_SIZE) tiles.delete(tiles.keys().next().value as string);
  tiles.set(key, href);
}

/**
 * Overlays drawn once per isolate: a run of rectangles over the whole picture, each filled with a
 * paint of its own (a style's paper grain, then its vignette), is the same on every page of a book.
 * It is rendered alone once, transparent elsewhere, and the page draws that image instead: one copy
 * of finished pixels rather than a pattern and a gradient over every pixel. The same picture
 * (blending the two onto each other first differs only by rounding, at most a level or two). Only
 * where the overlay's paints stand alone in the SVG (no reference to anything else).
 */
async function bakeOverlay(svg: string, size: { width: number; height: number }, pixels: number): Promise<string> {
  const { width: w, height: h } = size;
  if (!Number.isInteger((h * pixels) / w)) return svg;
  const rect = `<rect x="0" y="0" width="${w}" height="${h}" fill="url\\(#([\\w-]+)\\)"/>`;
  const run = new RegExp(`(?:${rect})+`).exec(svg)?.[0];
  if (!run) return svg;
  const defs: string[] = [];
  for (const [, id] of run.matchAll(new RegExp(rect, "g"))) {
    const def = new RegExp(`<(pattern|linearGradient|radialGradient) id="${id}"[^>]*>.*?</\\1>`, "s").exec(svg)?.[0];
    if (!def || def.includes("url(") || def.includes('href="#')) return svg;
    defs.push(def);
  }
  // a lone gradient is cheaper to draw than an image is to decode and copy
  if (defs.length === 1 && !defs[0].startsWith("<pattern")) return svg;
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join("")}</defs>${run}</svg>`;
  const key = `${pixels}|${overlay}`;
  let href = tiles.get(key);
  if (href === undefined) {
    href = `data:image/png;base64,${encodeBase64(await rasterise(overlay, pixels, {}))}`;
    await yieldToOthers();
  }
  remember(key, href);
  // drawn pixel for pixel: the nearest pixel is the exact one, and cheaper to find than a bicubic blend
  return svg.replace(run, () => `<image href="${href}" width="${w}" height="${h}" image-rendering="optimizeSpeed"/>`);
}

/** The SVG's own size in user units, from its root element (for the baked images' scale). */
function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(root);
  const width = Number(viewBox?.[1] ?? /\swidth="([\d.]+)"/.exec(root)?.[1]);
  const height = Number(viewBox?.[2] ?? /\sheight="([\d.]+)"/.exec(root)?.[1]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Renders an SVG to a PNG of the given width (the height follows the SVG's aspect ratio). */
export async function renderPng(svg: string, options: RenderOptions, images: ImageSources = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width } = renderOptionsSchema.parse(options);
  if (typeof svg !== "string" || !svg.includes("<svg")) throw new TypeError("renderPng needs SVG text");
  if (svg.length > MAX_SVG_BYTES) throw new RangeError(`SVG is too large to render (${svg.length} bytes, at most ${MAX_SVG_BYTES})`);
  await initRenderer();
  const own = svgSize(svg);
  // no layer per lone translucent shape (flattenOpacity), textures and overlays composited rather than computed
  const flat = flattenOpacity(svg);
  if (!own) return rasterise(flat, width, images);
  const wobble = splitWobble(flat, width);
  if (wobble) return renderWobble(wobble, own, images);
  return rasterise(await bakeOverlay(await bakeTextures(flat, width / own.width), own, width), width, images);
}

/** Renders an SVG (as is: no baking) to its pixels, premultiplied RGBA, `width` pixels wide. */
export async function renderPixels(svg: string, width: number): Promise<Uint8Array<ArrayBuffer>> {
  await initRenderer();
  return draw(svg, width, {});
}

/** The map's offsets per isolate, by the map's SVG (a book's style and seed); at most 4 (4.5 MB each). */
const offsetCache = new Map<string, Int32Array>();

async function offsetsFor(split: WobbleSplit): Promise<Int32Array> {
  const key = split.mapSvg;
  let offsets = offsetCache.get(key);
  if (!offsets) {
    const { w, h } = split.region;
    offsets = wobbleOffsets(await draw(await bakeTextures(split.mapSvg, 1), w, {}), w, h, split.scale);
    if (offsetCache.size >= 4) offsetCache.delete(offsetCache.keys().next().value as string);
    await yieldToOthers();
  }
  offsetCache.delete(key);
  offsetCache.set(key, offsets); // most recently used last
  return offsets;
}

/**
 * A page with the wobble (see wobble.server.ts): the scene rendered alone and displaced through the
 * book's offsets, what lies above it rendered alone, composited, and encoded; yielding between stages.
 */
async function renderWobble(split: WobbleSplit, own: { width: number; height: number }, images: ImageSources): Promise<Uint8Array<ArrayBuffer>> {
  const offsets = await offsetsFor(split);
  const scene = await draw(split.sceneSvg, split.region.w, images);
  await yieldToOthers();
  const above = await draw(await bakeOverlay(await bakeTextures(split.aboveSvg, 1), own, split.size), split.size, images);
  await yieldToOthers();
  const picture = composeWobble(split, scene, offsets, above);
  await yieldToOthers();
  return encodePng(picture, split.size, split.size);
}
