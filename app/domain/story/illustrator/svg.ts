/** Small helpers for writing SVG text. */
import { darken } from "./color";
import type { StyleSpec } from "./styles";

export const SIZE = 1024;

/** The pictures' lettering: the book's rounded face, then fallbacks. */
export const FONT = `Fredoka, 'Fredoka Variable', Nunito, 'Nunito Variable', sans-serif`;

export function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Rounds for compact output (two decimals at most). */
export const n = (v: number) => String(Math.round(v * 100) / 100);

export function pt(x: number, y: number): string {
  return `${n(x)} ${n(y)}`;
}

/** A closed smooth blob through the given points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(points: [number, number][], closed = true): string {
  const p = points;
  const len = p.length;
  if (len < 3) return `M${p.map(([x, y]) => pt(x, y)).join("L")}`;
  const get = (i: number) => (closed ? p[(i + len) % len] : p[Math.max(0, Math.min(len - 1, i))]);
  let d = `M${pt(p[0][0], p[0][1])}`;
  const last = closed ? len : len - 1;
  for (let i = 0; i < last; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${pt(c1x, c1y)} ${pt(c2x, c2y)} ${pt(p2[0], p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/**
 * A pen knows the art style's outline and the current drawing scale, so a line looks equally
 * thick on a small far-away fox and on a close-up face.
 */
export class Pen {
  constructor(
    readonly style: StyleSpec,
    readonly scale = 1,
  ) {}

  at(scale: number): Pen {
    return new Pen(this.style, this.scale * scale);
  }

  /** The outline colour for a fill. */
  ink(fill: string): string {
    const o = this.style.outline;
    return o.color ?? darken(fill, o.darken);
  }

  /** fill + stroke attributes for a shape. weight scales the outline (0 = none). */
  paint(fill: string, weight = 1): string {
    // a wash lets the paper and what lies beneath show through (watercolour, crayon)
    const wash = this.style.fillOpacity !== undefined && fill !== "none" ? ` fill-opacity="${this.style.fillOpacity}"` : "";
    if (this.style.outline.width * weight <= 0 || fill === "none") return `fill="${fill}"${wash}`;
    return `fill="${fill}"${wash} ${this.stroke(fill, weight)}`;
  }

  private stroke(fill: string, weight: number): string {
    const o = this.style.outline;
    const soft = o.opacity !== undefined ? ` stroke-opacity="${o.opacity}"` : "";
    const dash = o.dash ? ` stroke-dasharray="${o.dash.map((d) => n(d / this.scale)).join(" ")}"` : "";
    return `stroke="${this.ink(fill)}" stroke-width="${n((o.width * weight) / this.scale)}"${soft} stroke-linejoin="round" stroke-linecap="round"${dash}`;
  }

  /**
   * A shape with the style's shading: the shape in its shadow tone (ink hatching over it for the
   * storybook), then its lit fill shrunk towards a point up and left of its middle, which keeps the
   * lit part inside the shape and leaves a hard crescent of shadow on the lower right, then the
   * outline. `box` is the shape's middle and half-size; without one (a path it cannot read) the
   * shape is drawn flat. The extra attributes go on the group, so a transform moves all of it.
   */
  private shape(tag: string, geometry: string, fill: string, weight: number, extra: string, box?: [number, number, number, number]): string {
    const shade = this.style.shade;
    if (!shade || !box || fill === "none" || weight <= 0 || fill.startsWith("url("))
      return `<${tag} ${geometry} ${this.paint(fill, weight)}${extra ? " " + extra : ""}/>`;
    const [cx, cy, rx, ry] = box;
    const [px, py] = [n(cx - 0.45 * rx), n(cy - 0.45 * ry)];
    const hatch = shade.hatch ? `<${tag} ${geometry} fill="url(#${shade.hatch})"/>` : "";
    return (
      `<g${extra ? " " + extra : ""}><${tag} ${geometry} fill="${darken(fill, shade.darken)}"/>${hatch}` +
      `<${tag} ${geometry} fill="${fill}" transform="translate(${px} ${py}) scale(${shade.lit}) translate(${n(-px)} ${n(-py)})"/>` +
      (this.style.outline.width * weight > 0 ? `<${tag} ${geometry} fill="none" ${this.stroke(fill, weight)}/>` : "") +
      `</g>`
    );
  }

  /** A line (no fill) in a colour, width given in drawing units. */
  line(color: string, width: number): string {
    return `fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"`;
  }

  /** The outline's width in drawing units at this scale. */
  get outlineWidth(): number {
    return this.style.outline.width / this.scale;
  }

  circle(cx: number, cy: number, r: number, fill: string, weight = 1, extra = ""): string {
    return this.shape("circle", `cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"`, fill, weight, extra, [cx, cy, r, r]);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, weight = 1, extra = ""): string {
    return this.shape("ellipse", `cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"`, fill, weight, extra, [cx, cy, rx, ry]);
  }

  rect(x: number, y: number, w: number, h: number, rx: number, fill: string, weight = 1, extra = ""): string {
    return this.shape("rect", `x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}"`, fill, weight, extra, [
      x + w / 2,
      y + h / 2,
      w / 2,
      h / 2,
    ]);
  }

  path(d: string, fill: string, weight = 1, extra = ""): string {
    return this.shape("path", `d="${d}"`, fill, weight, extra, pathBox(d));
  }

  blob(points: [number, number][], fill: string, weight = 1, extra = ""): string {
    return this.path(smoothPath(points), fill, weight, extra);
  }

  /** A limb: a thick round line with the outline drawn as a wider line beneath it. */
  limb(points: [number, number][], color: string, width: number): string {
    const d = `M${points.map(([x, y]) => pt(x, y)).join("L")}`;
    const ow = this.style.outline.width / this.scale;
    const under = ow > 0 ? `<path d="${d}" ${this.line(this.ink(color), width + 2 * ow)}/>` : "";
    return `${under}<path d="${d}" ${this.line(color, width)}/>`;
  }
}

/**
 * The middle and half-size of a path written in absolute commands without arcs (what smoothPath,
 * starPath and most drawings write), from its points; undefined for any other path.
 */
function pathBox(d: string): [number, number, number, number] | undefined {
  if (/[^MLCQSTZ\d\s.,-]/.test(d)) return undefined;
  const v = d.match(/-?\d*\.?\d+/g)?.map(Number) ?? [];
  if (v.length < 4) return undefined;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < v.length; i += 2) {
    [x0, x1, y0, y1] = [Math.min(x0, v[i]), Math.max(x1, v[i]), Math.min(y0, v[i + 1]), Math.max(y1, v[i + 1])];
  }
  return [(x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2];
}

/** A star polygon's path. */
export function starPath(cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    pts.push(pt(cx + r * Math.cos(a), cy + r * Math.sin(a)));
  }
  return `M${pts.join("L")}Z`;
}

/** A soft rounded star (for friendly star characters). */
export function roundStarPath(cx: number, cy: number, outer: number, inner: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((-90 + i * 36) * Math.PI) / 180;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return smoothPath(pts);
}

/** A cloud of overlapping circles with one outline round the whole: outlined circles first, then
 * the same circles without outline on top. */
export function cloud(pen: Pen, cx: number, cy: number, w: number, fill: string, rng: () => number, extra = ""): string {
  const h = w * 0.42;
  const bumps: [number, number, number][] = [
    [-0.36, 0.1, 0.26],
    [-0.14, -0.12, 0.34],
    [0.12, -0.2, 0.38],
    [0.34, 0.02, 0.28],
    [0.0, 0.14, 0.3],
  ].map(([x, y, r]) => [cx + x * w + (rng() - 0.5) * w * 0.06, cy + y * h + (rng() - 0.5) * h * 0.1, r * w * (0.9 + rng() * 0.2)]);
  const base = `<rect x="${n(cx - w * 0.4)}" y="${n(cy)}" width="${n(w * 0.8)}" height="${n(h * 0.32)}" rx="${n(h * 0.16)}"`;
  const outlined = bumps.map(([x, y, r]) => pen.circle(x, y, r, fill)).join("") + `${base} ${pen.paint(fill)}/>`;
  const plain = bumps.map(([x, y, r]) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`).join("") + `${base} fill="${fill}"/>`;
  return `<g ${extra}>${outlined}${plain}</g>`;
}

/**
 * Gives every id in an SVG a prefix (and every reference to it), so several pictures can be inlined
 * in one HTML page without their filters and gradients getting mixed up.
 */
export function prefixIds(svg: string, prefix: string): string {
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  return svg.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) => (ids.has(id) ? `${lead}${prefix}${id}` : whole));
}

const SINGLE_SHAPE = /<(circle|ellipse|rect|path|polygon)\s([^<>]*)\/>/g;

/**
 * A lone shape's `opacity` as `fill-opacity` (a shape with no outline) or `stroke-opacity` (a line
 * with no fill) instead. The picture looks the same, since such a shape has nothing for its opacity
 * to blend together, but a renderer draws an element with `opacity` in a layer of its own and
 * blends the layer back, which on a large shape costs more than the shape. Shapes with both a fill
 * and an outline, a filter, a clip or a mask keep their opacity. Applied by the Worker's renderer
 * (app/services/ai/illustrator/render.server.ts) to every SVG it rasterises.
 */
export function flattenOpacity(svg: string): string {
  return svg.replace(SINGLE_SHAPE, (whole, tag: string, spaced: string) => {
    if (!spaced.includes('opacity="')) return whole;
    const attrs = spaced.trimEnd();
    const opacity = /(^|\s)opacity="([\d.]+)"/.exec(attrs);
    if (!opacity || /(^|\s)(filter|clip-path|mask|fill-opacity|stroke-opacity|style)="/.test(attrs)) return whole;
    const stroked = /(^|\s)stroke="(?!none")/.test(attrs);
    const filled = !/(^|\s)fill="none"/.test(attrs);
    if (stroked === filled) return whole;
    return `<${tag} ${attrs.replace(opacity[0], `${opacity[1]}${filled ? "fill" : "stroke"}-opacity="${opacity[2]}"`)}/>`;
  });
}

/**
 * A group's silhouette in one colour: every fill and outline painted `color` (what has none keeps
 * none; what names no fill inherits `color`), its own opacities kept, definitions left out (the
 * originals serve both). Drawn under the group with an offset and a group opacity, it is the
 * group's shadow; the same pixels as an offset-and-recolour filter, without rendering the group
 * into a layer of its own and running three filter passes over it.
 */
export function silhouette(body: string, color: string): string {
  const shapes = body
    .replace(/<defs>.*?<\/defs>/gs, "")
    .replace(/<(clipPath|linearGradient|radialGradient|pattern|filter)\b[^>]*>.*?<\/\1>/gs, "")
    .replace(/(\s)(fill|stroke)="(?!none")[^"]*"/g, (_whole, space: string, paint: string) => `${space}${paint}="${color}"`);
  return `<g fill="${color}">${shapes}</g>`;
}
