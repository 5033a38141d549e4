/**
 * The pieces every backdrop is made of: the sky for the time of day, the sun, moon and stars,
 * clouds, hills, trees, flowers, a path and the light over the scene.
 */
import type { Setting, TimeOfDay } from "../scene-vocabulary";
import { darken, lighten } from "./color";
import type { Rng } from "./random";
import { cloud, n, Pen, pt, smoothPath, starPath, SIZE } from "./svg";

export interface Layers {
  sky: string;
  far: string;
  mid: string;
  ground: string;
  fore: string;
  /** drawn over the scenery but under the characters: the time of day's light */
  light: string;
}

export interface BackdropInput {
  setting: Setting;
  time: TimeOfDay;
  pen: Pen;
  tint: (hex: string) => string;
  /** this page's randomness */
  rng: Rng;
  /** the book's randomness: the same bedroom, town and castle on every page */
  book: Rng;
  /** y of the horizon */
  horizon: number;
  /** x ranges the foreground must leave free (where the child and friends stand) */
  keepClear: [number, number][];
  /** extra features the scene names */
  features: Set<string>;
  /** whether to leave the top free for a title */
  titleSpace: boolean;
  /** a colour from the child's sheet, for a blanket or a kite */
  favourite: string;
}

export const W = SIZE;

export const SKY: Record<TimeOfDay, { top: string; mid: string; bottom: string }> = {
  morning: { top: "#8fd3f4", mid: "#cdeaf7", bottom: "#ffe1b3" },
  day: { top: "#5cb8ef", mid: "#94d3f6", bottom: "#dcf2ff" },
  evening: { top: "#5a5aa8", mid: "#c27ba6", bottom: "#ffb57a" },
  night: { top: "#17204f", mid: "#283377", bottom: "#4a4f96" },
};

const LIGHT: Record<TimeOfDay, { color: string; opacity: number }> = {
  morning: { color: "#ffd6a5", opacity: 0.08 },
  day: { color: "#ffffff", opacity: 0 },
  evening: { color: "#ff8a5c", opacity: 0.14 },
  night: { color: "#1a1f5c", opacity: 0.34 },
};

export const clearOf = (x: number, w: number, keep: [number, number][]) => keep.every(([a, b]) => x + w / 2 < a || x - w / 2 > b);

export function spots(rng: Rng, count: number, w: number, keep: [number, number][], x0 = 20, x1 = W - 20): number[] {
  const xs: number[] = [];
  for (let tries = 0; tries < count * 8 && xs.length < count; tries++) {
    const x = rng.range(x0, x1);
    if (clearOf(x, w, keep) && xs.every((o) => Math.abs(o - x) > w * 0.9)) xs.push(x);
  }
  return xs;
}

/** A rolling silhouette from the left edge to the right, closed at the bottom. */
export function hillPath(rng: Rng, y: number, amp: number, bumps: number, bottom = W + 40): string {
  const pts: [number, number][] = [];
  for (let i = 0; i <= bumps; i++) pts.push([-40 + ((W + 80) * i) / bumps, y - rng.range(0, amp) * (i % 2 ? 1 : 0.45)]);
  return `${smoothPath(pts, false)}L${pt(W + 40, bottom)}L${pt(-40, bottom)}Z`;
}

export function skyRect(id: string, time: TimeOfDay, tint: (h: string) => string, to = W): string {
  const s = SKY[time];
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(s.top)}"/><stop offset="0.55" stop-color="${tint(s.mid)}"/><stop offset="1" stop-color="${tint(s.bottom)}"/></linearGradient></defs>` +
    `<rect x="-40" y="-40" width="${W + 80}" height="${to + 40}" fill="url(#${id})"/>`
  );
}

export function stars(rng: Rng, count: number, yMax: number, color = "#fff8d6"): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const x = rng.range(10, W - 10);
    const y = rng.range(10, yMax);
    if (rng.chance(0.18)) s += `<path d="${starPath(x, y, rng.range(7, 12), rng.range(3, 5))}" fill="${color}" opacity="0.95"/>`;
    else s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(1.5, 3.5))}" fill="${color}" opacity="${n(rng.range(0.6, 1))}"/>`;
  }
  return s;
}

export function celestial(input: BackdropInput, yTop: number): string {
  const { time, rng, pen, tint } = input;
  const left = rng.chance(0.5);
  const x = left ? rng.range(120, 260) : rng.range(W - 260, W - 120);
  const y = input.titleSpace ? yTop + 330 : yTop + (time === "day" ? rng.range(110, 170) : rng.range(170, 240));
  if (time === "night") {
    const moon = "#fff3c4";
    return (
      stars(rng, 60, input.horizon - 60) +
      `<circle cx="${n(x)}" cy="${n(y)}" r="92" fill="${moon}" opacity="0.16"/>` +
      pen.path(`M${pt(x + 10, y - 56)}A58 58 0 1 0 ${pt(x + 40, y + 42)}A46 46 0 1 1 ${pt(x + 10, y - 56)}Z`, moon) +
      `<circle cx="${n(x - 20)}" cy="${n(y - 4)}" r="4" fill="#3d3160"/><path d="M${pt(x - 26, y + 18)}Q${pt(x - 16, y + 26)} ${pt(x - 6, y + 16)}" ${pen.line("#3d3160", 3)}/>`
    );
  }
  const sun = tint(time === "evening" ? "#ff9d5c" : "#ffd23f");
  let rays = "";
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    rays += `M${pt(x + Math.cos(a) * 72, y + Math.sin(a) * 72)}L${pt(x + Math.cos(a) * 96, y + Math.sin(a) * 96)}`;
  }
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="120" fill="${lighten(sun, 0.5)}" opacity="0.35"/>` +
    (time === "evening" ? "" : `<path d="${rays}" ${pen.line(sun, 10)}/>`) +
    pen.circle(x, y, 58, sun)
  );
}

export function clouds(input: BackdropInput, count: number, yMin: number, yMax: number, opacity = 0.95): string {
  const { rng, pen, time } = input;
  const color = time === "night" ? "#8f93c9" : time === "evening" ? "#ffe0e6" : "#ffffff";
  let s = "";
  for (let i = 0; i < count; i++) {
    const w = rng.range(140, 260);
    s += cloud(pen, rng.range(40, W - 40), rng.range(yMin, yMax), w, color, rng.next, `opacity="${n(opacity)}"`);
  }
  return s;
}

export function roundTree(pen: Pen, x: number, base: number, h: number, leaf: string, trunk: string, rng: Rng): string {
  const r = h * 0.32;
  let s = pen.path(`M${pt(x - h * 0.06, base)}L${pt(x - h * 0.04, base - h * 0.55)}L${pt(x + h * 0.04, base - h * 0.55)}L${pt(x + h * 0.06, base)}Z`, trunk);
  const cy = base - h * 0.68;
  const bumps: [number, number, number][] = [
    [x - r * 0.7, cy + r * 0.2, r * 0.75],
    [x + r * 0.7, cy + r * 0.25, r * 0.72],
    [x, cy - r * 0.35, r * 0.9],
    [x, cy + r * 0.25, r * 0.85],
  ];
  s += bumps.map(([bx, by, br]) => pen.circle(bx, by, br, leaf)).join("");
  s += bumps.map(([bx, by, br]) => `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(Math.max(0, br - pen.outlineWidth / 2))}" fill="${leaf}"/>`).join("");
  s += `<circle cx="${n(x - r * 0.3)}" cy="${n(cy - r * 0.5)}" r="${n(r * 0.35)}" fill="${lighten(leaf, 0.25)}" opacity="0.6"/>`;
  if (rng.chance(0.4))
    for (let i = 0; i < 3; i++) s += `<circle cx="${n(x + rng.range(-r, r))}" cy="${n(cy + rng.range(-r * 0.6, r * 0.6))}" r="${n(r * 0.09)}" fill="#ff6b6b"/>`;
  return s;
}

export function pineTree(pen: Pen, x: number, base: number, h: number, leaf: string, trunk: string): string {
  let s = pen.rect(x - h * 0.05, base - h * 0.2, h * 0.1, h * 0.2, 3, trunk);
  for (let i = 0; i < 3; i++) {
    const w = h * (0.42 - i * 0.09);
    const yb = base - h * (0.16 + i * 0.24);
    const yt = yb - h * 0.38;
    s += pen.path(
      `M${pt(x - w, yb)}Q${pt(x, yb + h * 0.05)} ${pt(x + w, yb)}L${pt(x + w * 0.1, yt + 6)}Q${pt(x, yt - 4)} ${pt(x - w * 0.1, yt + 6)}Z`,
      i ? lighten(leaf, i * 0.06) : leaf,
    );
  }
  return s;
}

export function flower(x: number, y: number, r: number, petal: string, pen: Pen): string {
  let s = `<path d="M${pt(x, y + r * 3)}L${pt(x, y)}" ${pen.line("#4f9d69", r * 0.5)}/>`;
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5;
    s += `<circle cx="${n(x + Math.cos(a) * r)}" cy="${n(y + Math.sin(a) * r)}" r="${n(r * 0.75)}" fill="${petal}"/>`;
  }
  return s + `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.55)}" fill="#ffd23f"/>`;
}

function tuft(x: number, y: number, s: number, color: string, pen: Pen): string {
  return `<path d="M${pt(x - 14 * s, y)}Q${pt(x - 12 * s, y - 20 * s)} ${pt(x - 20 * s, y - 34 * s)}M${pt(x, y)}Q${pt(x, y - 26 * s)} ${pt(x + 4 * s, y - 42 * s)}M${pt(x + 12 * s, y)}Q${pt(x + 14 * s, y - 18 * s)} ${pt(x + 24 * s, y - 30 * s)}" ${pen.line(color, 6 * s)}/>`;
}

export const FLOWER_COLOURS = ["#ff6b8b", "#ffd166", "#b79cff", "#ff9f43", "#ffffff", "#7bd3ff"];

export function foreFlowers(input: BackdropInput, count: number, grass: string): string {
  const { rng, pen, tint } = input;
  let s = "";
  for (const x of spots(rng, count, 60, input.keepClear)) {
    const y = rng.range(W - 70, W - 20);
    s += tuft(x, y + 20, 1.4, darken(grass, 0.15), pen);
    if (rng.chance(0.7)) s += flower(x + rng.range(-16, 16), y - rng.range(20, 40), rng.range(9, 14), tint(rng.pick(FLOWER_COLOURS)), pen);
  }
  return s;
}

export function path(input: BackdropInput, color: string): string {
  const { rng, horizon } = input;
  const vx = rng.range(360, 660);
  const bottomX = rng.range(300, 720);
  const top = horizon + 10;
  return `<path d="M${pt(bottomX - 220, W + 20)}Q${pt(vx - 120, (top + W) / 2)} ${pt(vx - 14, top)}L${pt(vx + 14, top)}Q${pt(vx + 140, (top + W) / 2)} ${pt(bottomX + 220, W + 20)}Z" fill="${color}"/>`;
}

export function lightLayer(time: TimeOfDay): string {
  const l = LIGHT[time];
  return l.opacity > 0 ? `<rect x="-40" y="-40" width="${W + 80}" height="${W + 80}" fill="${l.color}" opacity="${l.opacity}"/>` : "";
}
