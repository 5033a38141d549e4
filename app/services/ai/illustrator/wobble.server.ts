/**
 * The illustrator's wobble (a displacement map over the whole scene, `feImage` + `feDisplacementMap`)
 * done outside resvg's filter pipeline. resvg runs such a filter by rendering the scene into a layer,
 * rendering the map (a noise pattern over the whole filter region) again for every picture, copying
 * both, displacing and compositing the layer back: about half of a page's time. The map is the same
 * on every page of a book, and the displacement is a plain lookup (each pixel takes the scene's pixel
 * at a whole-pixel offset read from the map), so here:
 *  - the map's offsets are worked out once per isolate and book style (a table of source indices);
 *  - the scene is rendered alone over the filter region, displaced through the table, laid on the
 *    page's paper colour, and everything drawn above the scene (grain, vignette, title, watermark) is
 *    rendered alone on a transparent canvas and composited on top.
 * The offsets follow resvg's own arithmetic (f32, rounding half away from zero), and compositing uses
 * its 8-bit source-over, so the picture is the same (a level or so of rounding where translucent
 * layers meet). Only for the shape the illustrator writes (see `splitWobble`); anything else is left
 * to resvg whole.
 */

/** A page split around its wobble filter. */
export interface WobbleSplit {
  /** the page's own size in user units (= pixels: the fast path renders at scale 1 only) */
  size: number;
  /** the filter region, in user units (= pixels) */
  region: { x: number; y: number; w: number; h: number };
  /** the opaque paper colour under the scene, as [r, g, b] */
  paper: [number, number, number];
  /** the displacement's scale */
  scale: number;
  /** the scene alone, over the filter region, on a transparent canvas */
  sceneSvg: string;
  /** what is drawn above the scene (overlay, title, watermark) on a transparent canvas */
  aboveSvg: string;
  /** the map as the filter's feImage sees it, over the filter region (its pixels key the offsets) */
  mapSvg: string;
}

const FILTER =
  /<filter id="([\w-]+)" filterUnits="userSpaceOnUse" x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" color-interpolation-filters="sRGB"><feImage href="#([\w-]+)" result="map"\/><feDisplacementMap in="SourceGraphic" in2="map" scale="(\d+(?:\.\d+)?)" xChannelSelector="R" yChannelSelector="G"\/><\/filter>/;

/** Where the `<g …>` opened at `from` closes (the index of its `</g>`), counting nested groups. */
function groupEnd(svg: string, from: number): number {
  const tags = /<g[\s>]|<\/g>/g;
  tags.lastIndex = from;
  let depth = 0;
  for (let m = tags.exec(svg); m; m = tags.exec(svg)) {
    depth += m[0] === "</g>" ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

/**
 * Recognises `<svg … viewBox="0 0 S S"><title/>?<defs>…</defs><rect width="S" height="S" fill="#rrggbb"/>
 * <g filter="url(#wobble)">scene</g>…above…</svg>` with the wobble filter in the defs, rendered at
 * `width` = S pixels. Anything else (another shape, a clip around the scene, another scale) gives
 * undefined.
 */
export function splitWobble(svg: string, width: number): WobbleSplit | undefined {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0];
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(root ?? "")?.[1]);
  if (!root || !(size > 0) || size !== width) return undefined;
  const filter = FILTER.exec(svg);
  if (!filter) return undefined;
  const [, id, fx, fy, fw, fh, mapId, scale] = filter;
  const defsStart = svg.indexOf("<defs>");
  const defsEnd = svg.indexOf("</defs>");
  if (defsStart < 0 || defsEnd < defsStart || filter.index < defsStart || filter.index > defsEnd) return undefined;
  const defs = svg.slice(defsStart, defsEnd + "</defs>".length);
  const head = `<rect width="${size}" height="${size}" fill="#`;
  const at = defsEnd + "</defs>".length;
  if (!svg.startsWith(head, at)) return undefined;
  const paperHex = /^([0-9a-f]{6})"\/>/i.exec(svg.slice(at + head.length, at + head.length + 10))?.[1];
  if (!paperHex) return undefined;
  const open = `<g filter="url(#${id})">`;
  const groupAt = at + head.length + paperHex.length + 3;
  if (!svg.startsWith(open, groupAt)) return undefined;
  const close = groupEnd(svg, groupAt);
  const end = svg.lastIndexOf("</svg>");
  if (close < 0 || end < close) return undefined;
  // only what the illustrator and the watermark draw above the scene: no second use of the filter
  const above = svg.slice(close + "</g>".length, end);
  if (above.includes(`url(#${id})`)) return undefined;
  const region = { x: Number(fx), y: Number(fy), w: Number(fw), h: Number(fh) };
  if (region.x > 0 || region.y > 0 || region.x + region.w < size || region.y + region.h < size) return undefined;
  const paper = [0, 2, 4].map((i) => parseInt(paperHex.slice(i, i + 2), 16)) as [number, number, number];
  const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`;
  const over = `width="${region.w}" height="${region.h}" viewBox="${region.x} ${region.y} ${region.w} ${region.h}"`;
  return {
    size,
    region,
    paper,
    scale: Number(scale),
    sceneSvg: `<svg ${ns} ${over}>${defs}${svg.slice(groupAt + open.length, close)}</svg>`,
    aboveSvg: `<svg ${ns} width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${defs}${above}</svg>`,
    // the filter's own map, alone: an feImage-only filter over the same region, on a transparent canvas
    mapSvg:
      `<svg ${ns} ${over}>${defs.slice(0, -"</defs>".length)}` +
      `<filter id="${id}-probe" filterUnits="userSpaceOnUse" x="${fx}" y="${fy}" width="${fw}" height="${fh}" color-interpolation-filters="sRGB"><feImage href="#${mapId}"/></filter></defs>` +
      `<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" filter="url(#${id}-probe)"/></svg>`,
  };
}

const f32 = Math.fround;
/** Rust's `f32::round`: half away from zero. */
const roundAway = (v: number) => (v < 0 ? -Math.round(-v) : Math.round(v));

/**
 * For every pixel of the region, the index of the scene pixel it shows (or -1: transparent), from
 * the map's premultiplied pixels (as resvg reads them), with resvg's arithmetic in f32: offset =
 * round(x + (channel / 255 − 0.5) × scale), rounded half away from zero.
 */
export function wobbleOffsets(map: Uint8Array, w: number, h: number, scale: number): Int32Array {
  const out = new Int32Array(w * h);
  const s = f32(scale);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const dx = f32(f32(map[i * 4] / 255) - 0.5);
      const dy = f32(f32(map[i * 4 + 1] / 255) - 0.5);
      const ox = roundAway(f32(x + f32(dx * s)));
      const oy = roundAway(f32(y + f32(dy * s)));
      out[i] = ox >= 0 && ox < w && oy >= 0 && oy < h ? oy * w + ox : -1;
    }
  }
  return out;
}

/** tiny-skia's 8-bit source-over of premultiplied `s` onto `d`: s + (d × (255 − sa) + 255) >> 8. */
const over = (s: number, d: number, inv: number) => s + ((d * inv + 255) >> 8);

/**
 * The finished picture: the scene displaced through `offsets`, laid on the paper, with `above`
 * (premultiplied RGBA, size × size) composited on top. Opaque RGBA, size × size.
 */
export function composeWobble(split: WobbleSplit, scene: Uint8Array, offsets: Int32Array, above: Uint8Array): Uint8Array {
  const { size, region, paper } = split;
  const out = new Uint8Array(size * size * 4);
  // one pixel a 32-bit word (a copy only if the bytes are not word-aligned)
  const aligned = scene.byteOffset % 4 === 0 ? scene : scene.slice();
  const src = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  const [pr, pg, pb] = paper;
  for (let y = 0; y < size; y++) {
    const row = (y - region.y) * region.w - region.x;
    for (let x = 0; x < size; x++) {
      const k = offsets[row + x];
      const p = k < 0 ? 0 : src[k];
      // r in the low byte: typed arrays use the platform's byte order, little-endian wherever Workers run
      const sa = p >>> 24;
      const inv = 255 - sa;
      let r = over(p & 255, pr, inv);
      let g = over((p >>> 8) & 255, pg, inv);
      let b = over((p >>> 16) & 255, pb, inv);
      const o = (y * size + x) * 4;
      const ainv = 255 - above[o + 3];
      if (ainv !== 255) {
        r = over(above[o], r, ainv);
        g = over(above[o + 1], g, ainv);
        b = over(above[o + 2], b, ainv);
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = 255;
    }
  }
  return out;
}
