/**
 * What every drawn thing shares: its entry (the words that name it, its size and where it goes in a
 * picture, how it is drawn) and the small marks that give a face its friendly look. A thing is drawn
 * in local coordinates with its base at (0, 0), facing +x, inside a box of `w` × `h` (x from -w/2 to
 * w/2, y from -h to 0). Everything is round and friendly: big eyes, pink cheeks, no teeth, no claws.
 */
import { n, Pen, pt } from "./svg";

/** Where a thing goes in a picture. */
export type Placement = "ground" | "air" | "held" | "backdrop";

export type Drawer = (pen: Pen, tint: (hex: string) => string, opts: { sleepy?: boolean; seed: number }) => string;

export interface ThingDef {
  /** the words that name it in a page's text, the thing's own name first (lower case, whole words) */
  words: readonly string[];
  w: number;
  h: number;
  placement: Placement;
  /** companions are characters (people and animals); props are objects */
  companion: boolean;
  draw: Drawer;
}

export const INK = "#2b1d2e";
export const eye = (x: number, y: number, r: number) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${INK}"/><circle cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.35)}" r="${n(r * 0.38)}" fill="#ffffff"/>`;
export const closedEye = (x: number, y: number, r: number, pen: Pen) =>
  `<path d="M${pt(x - r, y)}Q${pt(x, y + r)} ${pt(x + r, y)}" ${pen.line(INK, r * 0.5)}/>`;
export const blush = (x: number, y: number, r: number) => `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.62)}" fill="#ff8fab" opacity="0.6"/>`;
export const smile = (x: number, y: number, w: number, pen: Pen) =>
  `<path d="M${pt(x - w, y)}Q${pt(x, y + w * 0.9)} ${pt(x + w, y)}" ${pen.line(INK, Math.max(2.5, w * 0.28))}/>`;
