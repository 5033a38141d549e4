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

/** Renders an SVG to a PNG of the given width (the height follows the SVG's aspect ratio). */
export async function renderPng(svg: string, options: RenderOptions, images: ImageSources = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width } = renderOptionsSchema.parse(options);
  if (typeof svg !== "string" || !svg.includes("<svg")) throw new TypeError("renderPng needs SVG text");
  if (svg.length > MAX_SVG_BYTES) throw new RangeError(`SVG is too large to render (${svg.length} bytes, at most ${MAX_SVG_BYTES})`);
  await initRenderer();
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
      // wasm-bindgen copies the bytes out of the wasm memory into a fresh ArrayBuffer
      return rendered.asPng() as Uint8Array<ArrayBuffer>;
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}
