/**
 * The main character, drawn from the CharacterSheet: the same child on every page (skin, hair colour
 * and style, eye colour, outfit and its colours, accessory), posed for the action, with a face for
 * the mood. Local coordinates: feet at (0, 0), about 400 units tall, facing +x.
 */
import type { CharacterSheet } from "../book";
import type { Action, Mood } from "../scene-vocabulary";
import { darken, lighten, mix } from "./color";
import { n, Pen, pt, starPath } from "./svg";

export type Pose = Action | "hero" | "wave" | "stand" | "wading";

type Seg = [number, number]; // absolute angles in degrees: 0 = straight down, 90 = towards +x, 180 = up
interface PoseSpec {
  armBack: Seg;
  armFront: Seg;
  legBack: Seg;
  legFront: Seg;
  /** whole body lean in degrees (positive leans forward, towards +x) */
  lean: number;
  /** lift off the ground */
  lift: number;
  /** rotation of the whole figure (swimming, sleeping) */
  rotate: number;
  headTilt: number;
}

const P = (armBack: Seg, armFront: Seg, legBack: Seg, legFront: Seg, lean = 0, lift = 0, rotate = 0, headTilt = 0): PoseSpec => ({
  armBack,
  armFront,
  legBack,
  legFront,
  lean,
  lift,
  rotate,
  headTilt,
});

const POSES: Record<Pose, PoseSpec> = {
  stand: P([-14, -8], [14, 8], [-4, -2], [4, 2]),
  wading: P([-120, -150], [115, 150], [-6, -2], [8, 3], 0, 0, 0, -4),
  wave: P([-14, -8], [112, 140], [-4, -2], [4, 2], 0, 0, 0, -4),
  hero: P([-40, 40], [118, 150], [-10, -4], [12, 4], 0, 0, 0, -3),
  walking: P([-24, -10], [26, 44], [-22, -40], [24, 8], 3, 0, 0, 2),
  running: P([-55, -10], [70, 150], [-50, -90], [55, 10], 10, 18, 0, 3),
  looking: P([-20, 30], [96, 100], [-8, -4], [10, 4], 2, 0, 0, -6),
  thinking: P([-20, 40], [30, -145], [-6, -2], [8, 3], 0, 0, 0, 10),
  helping: P([50, 85], [62, 95], [-10, -6], [14, 4], 5, 0, 0, 4),
  talking: P([-16, -6], [70, 135], [-6, -3], [8, 4], 2, 0, 0, -4),
  flying: P([-105, -95], [100, 92], [-35, -60], [-20, -45], 12, 150, 0, -2),
  swimming: P([-150, -170], [125, 150], [-8, -30], [10, -10], 0, 320, 75, -40),
  celebrating: P([-115, -140], [115, 140], [-22, -10], [22, 10], 0, 36, 0, -4),
  sleeping: P([-10, -5], [10, 40], [-3, 0], [3, 0], 0, -64, -90, 0),
  trying: P([-40, -20], [148, 162], [-14, -8], [10, 20], 8, 10, 0, -12),
};

const rad = (deg: number) => (deg * Math.PI) / 180;
const dir = (deg: number): [number, number] => [Math.sin(rad(deg)), Math.cos(rad(deg))];

function chain(from: [number, number], seg: Seg, l1: number, l2: number): [number, number][] {
  const [ax, ay] = dir(seg[0]);
  const e: [number, number] = [from[0] + ax * l1, from[1] + ay * l1];
  const [bx, by] = dir(seg[1]);
  return [from, e, [e[0] + bx * l2, e[1] + by * l2]];
}

export interface DrawnCharacter {
  svg: string;
  /** where the front hand is, in local coordinates (before the transform) */
  hand: [number, number];
  /** where the head's centre is, in local coordinates */
  head: [number, number];
  /** rough box in local coordinates */
  box: { x0: number; y0: number; x1: number; y1: number };
}

const HEAD_Y = -292;
const HEAD_R = 80;

/** Shoe colour and trouser colour derived from the sheet, so they too stay the same on every page. */
export function characterColors(sheet: CharacterSheet) {
  return {
    skin: sheet.skinTone,
    skinShade: mix(sheet.skinTone, "#a0522d", 0.25),
    hair: sheet.hairColor,
    hairShade: darken(sheet.hairColor, 0.25),
    eyes: sheet.eyeColor,
    outfit: sheet.outfitColor,
    accent: sheet.outfitAccent,
    shoes: darken(sheet.outfitAccent, 0.35),
    blush: mix(sheet.skinTone, "#ff6f91", 0.45),
  };
}

function face(pen: Pen, sheet: CharacterSheet, mood: Mood, eyesClosed: boolean): string {
  const c = characterColors(sheet);
  const dx = 9; // features turned a little towards where the child faces
  const ink = "#2b1d2e";
  const ey = 6;
  const exs = [dx - 30, dx + 30];
  let s = "";
  // cheeks
  s += exs.map((x, i) => `<ellipse cx="${n(x + (i ? 14 : -14))}" cy="${n(ey + 30)}" rx="14" ry="9" fill="${c.blush}" opacity="0.55"/>`).join("");
  // eyes
  const closed = eyesClosed || mood === "sleepy";
  const happyClosed = mood === "proud";
  for (const x of exs) {
    if (closed) s += `<path d="M${pt(x - 11, ey)}Q${pt(x, ey + 9)} ${pt(x + 11, ey)}" ${pen.line(ink, 4)}/>`;
    else if (happyClosed) s += `<path d="M${pt(x - 11, ey + 4)}Q${pt(x, ey - 9)} ${pt(x + 11, ey + 4)}" ${pen.line(ink, 4.5)}/>`;
    else {
      const big = mood === "surprised" ? 1.2 : 1;
      s += `<ellipse cx="${n(x)}" cy="${n(ey)}" rx="${n(11 * big)}" ry="${n(14 * big)}" fill="${ink}"/>`;
      s += `<ellipse cx="${n(x + 1)}" cy="${n(ey + 2)}" rx="${n(8 * big)}" ry="${n(10.5 * big)}" fill="${c.eyes}"/>`;
      s += `<circle cx="${n(x + 1.5)}" cy="${n(ey + 3)}" r="${n(5 * big)}" fill="${ink}"/>`;
      s += `<circle cx="${n(x - 3)}" cy="${n(ey - 4)}" r="${n(4 * big)}" fill="#ffffff"/><circle cx="${n(x + 4)}" cy="${n(ey + 6)}" r="1.8" fill="#ffffff"/>`;
    }
  }
  // eyebrows
  const browY = ey - 26;
  const brow = (x: number, inner: number, outer: number, isLeft: boolean) => {
    const xi = isLeft ? x + 11 : x - 11;
    const xo = isLeft ? x - 11 : x + 11;
    return `<path d="M${pt(xo, browY + outer)}Q${pt(x, browY - 5 + (inner + outer) / 2)} ${pt(xi, browY + inner)}" ${pen.line(c.hairShade, 4.5)}/>`;
  };
  const browShape: Record<Mood, [number, number, number, number]> = {
    happy: [0, 0, 0, 0],
    curious: [0, 0, -8, -10],
    worried: [-6, 3, -6, 3],
    brave: [5, -3, 5, -3],
    proud: [-2, -2, -2, -2],
    sleepy: [3, 3, 3, 3],
    surprised: [-9, -9, -9, -9],
  };
  const [li, lo, ri, ro] = browShape[mood];
  s += brow(exs[0], li, lo, true) + brow(exs[1], ri, ro, false);
  // nose
  s += `<path d="M${pt(dx + 2, 20)}Q${pt(dx + 7, 24)} ${pt(dx + 2, 27)}" ${pen.line(c.skinShade, 3.5)}/>`;
  // mouth
  const my = 42;
  switch (mood) {
    case "happy":
    case "proud":
      s += `<path d="M${pt(dx - 17, my - 3)}Q${pt(dx, my + 22)} ${pt(dx + 17, my - 3)}Z" fill="#9b2f4a" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`;
      s += `<path d="M${pt(dx - 8, my + 9)}Q${pt(dx, my + 4)} ${pt(dx + 8, my + 9)}Q${pt(dx, my + 13)} ${pt(dx - 8, my + 9)}Z" fill="#ff8fa3"/>`;
      break;
    case "brave":
      s += `<path d="M${pt(dx - 15, my)}Q${pt(dx + 2, my + 12)} ${pt(dx + 16, my - 4)}" ${pen.line(ink, 4)}/>`;
      break;
    case "curious":
      s += `<ellipse cx="${n(dx + 2)}" cy="${n(my + 3)}" rx="6" ry="7" fill="#9b2f4a" stroke="${ink}" stroke-width="3"/>`;
      break;
    case "surprised":
      s += `<ellipse cx="${n(dx + 1)}" cy="${n(my + 4)}" rx="9" ry="12" fill="#9b2f4a" stroke="${ink}" stroke-width="3"/>`;
      break;
    case "worried":
      s += `<path d="M${pt(dx - 12, my + 5)}Q${pt(dx - 6, my)} ${pt(dx, my + 4)}Q${pt(dx + 6, my + 8)} ${pt(dx + 12, my + 3)}" ${pen.line(ink, 3.5)}/>`;
      break;
    case "sleepy":
      s += `<ellipse cx="${n(dx + 1)}" cy="${n(my + 2)}" rx="5" ry="4" fill="#9b2f4a" stroke="${ink}" stroke-width="2.5"/>`;
      break;
  }
  return s;
}

function hairBack(pen: Pen, sheet: CharacterSheet): string {
  const c = characterColors(sheet);
  const r = HEAD_R;
  switch (sheet.hairStyle) {
    case "long":
      return pen.path(`M${pt(-r - 8, -10)}Q${pt(-r - 18, 80)} ${pt(-r + 4, 128)}Q${pt(0, 142)} ${pt(r - 4, 128)}Q${pt(r + 18, 80)} ${pt(r + 8, -10)}Z`, c.hair);
    case "ponytail":
      return (
        pen.path(
          `M${pt(-r + 10, -40)}Q${pt(-r - 70, -30)} ${pt(-r - 56, 60)}Q${pt(-r - 40, 110)} ${pt(-r - 14, 96)}Q${pt(-r - 40, 40)} ${pt(-r + 14, 0)}Z`,
          c.hair,
        ) + pen.circle(-r + 2, -26, 11, c.accent)
      );
    case "bun":
      return pen.circle(0, -r - 18, 34, c.hair) + pen.rect(-22, -r + 4, 44, 12, 6, c.accent);
    case "curly":
      return [-1, 1].map((side) => pen.circle(side * (r + 2), 10, 30, c.hair) + pen.circle(side * (r - 6), 48, 24, c.hair)).join("");
    default:
      return "";
  }
}

function hairFront(pen: Pen, sheet: CharacterSheet): string {
  const c = characterColors(sheet);
  const r = HEAD_R;
  switch (sheet.hairStyle) {
    case "buzz":
      return pen.path(
        `M${pt(-r + 2, -12)}Q${pt(-r + 2, -r - 6)} ${pt(0, -r - 6)}Q${pt(r - 2, -r - 6)} ${pt(r - 2, -12)}Q${pt(0, -46)} ${pt(-r + 2, -12)}Z`,
        c.hair,
        0.8,
      );
    case "curly": {
      let s = "";
      const bumps: [number, number, number][] = [
        [-64, -30, 28],
        [-44, -62, 30],
        [-10, -78, 32],
        [26, -72, 30],
        [56, -50, 28],
        [72, -18, 22],
        [-76, 2, 20],
      ];
      for (const [x, y, rr] of bumps) s += pen.circle(x, y, rr, c.hair);
      s += bumps.map(([x, y, rr]) => `<circle cx="${x}" cy="${y}" r="${n(rr - pen.outlineWidth / 2)}" fill="${c.hair}"/>`).join("");
      s += `<path d="M-30 -64q8 -10 16 0M14 -66q8 -10 16 0M-60 -30q8 -10 16 0" ${pen.line(c.hairShade, 3)}/>`;
      return s;
    }
    case "long":
    case "ponytail":
    case "bun": {
      // a side parting with a soft fringe
      return (
        pen.path(
          `M${pt(-r - 4, 8)}Q${pt(-r - 8, -r - 14)} ${pt(4, -r - 10)}Q${pt(r + 10, -r - 6)} ${pt(r + 4, 10)}Q${pt(r - 10, -34)} ${pt(28, -42)}Q${pt(14, -30)} ${pt(-6, -44)}Q${pt(-30, -30)} ${pt(-54, -36)}Q${pt(-70, -20)} ${pt(-r - 4, 8)}Z`,
          c.hair,
        ) + `<path d="M-4 -70Q10 -56 22 -44M-40 -62Q-52 -48 -58 -36" ${pen.line(c.hairShade, 3)}/>`
      );
    }
    default: {
      // short: a tousled cap with a swoop of fringe
      return (
        pen.path(
          `M${pt(-r - 2, 4)}Q${pt(-r - 10, -r - 8)} ${pt(2, -r - 12)}Q${pt(r + 12, -r - 4)} ${pt(r + 2, 6)}Q${pt(r - 4, -28)} ${pt(r - 22, -38)}L${pt(r - 30, -26)}Q${pt(30, -52)} ${pt(-2, -42)}L${pt(-10, -30)}Q${pt(-36, -46)} ${pt(-56, -36)}Q${pt(-72, -22)} ${pt(-r - 2, 4)}Z`,
          c.hair,
        ) + `<path d="M-20 -74Q0 -64 18 -70" ${pen.line(c.hairShade, 3)}/>`
      );
    }
  }
}

function accessoryOnHead(pen: Pen, sheet: CharacterSheet, eyesClosed: boolean): string {
  const c = characterColors(sheet);
  switch (sheet.accessory) {
    case "glasses": {
      if (eyesClosed) return "";
      const frame = "#3b2f4a";
      return `<g ${pen.line(frame, 4)}><circle cx="-21" cy="6" r="19"/><circle cx="39" cy="6" r="19"/><path d="M-2 4Q9 -2 20 4M-40 2L-74 -6M58 2L76 -4"/></g>`;
    }
    case "cap":
      return (
        pen.path(`M${pt(-84, -18)}Q${pt(-84, -104)} ${pt(0, -104)}Q${pt(84, -104)} ${pt(84, -18)}Z`, c.accent) +
        pen.path(`M${pt(40, -26)}Q${pt(120, -30)} ${pt(132, -10)}Q${pt(100, -4)} ${pt(40, -14)}Z`, darken(c.accent, 0.15)) +
        pen.circle(0, -102, 7, c.outfit)
      );
    case "star hairclip":
      return `<path d="${starPath(-50, -58, 20, 9)}" ${pen.paint("#ffd23f")}/>`;
    default:
      return "";
  }
}

/** Draws the child. */
export function drawCharacter(pen: Pen, sheet: CharacterSheet, pose: Pose, mood: Mood): DrawnCharacter {
  const spec = POSES[pose];
  const c = characterColors(sheet);
  const sleeping = pose === "sleeping";
  const hip: [number, number] = [0, -112];
  const shoulderY = -200;
  const legW = 30;
  const armW = 24;
  // legs
  const legBack = chain([-20, hip[1]], spec.legBack, 58, 54);
  const legFront = chain([20, hip[1]], spec.legFront, 58, 54);
  const trousers = sheet.outfit === "hoodie and trousers" ? c.accent : sheet.outfit === "overalls" ? c.outfit : null;
  const shortsColor = sheet.outfit === "t-shirt and shorts" ? c.accent : null;
  const leg = (pts: [number, number][], back: boolean) => {
    const skin = back ? c.skinShade : c.skin;
    let s = pen.limb(pts, trousers ? (back ? darken(trousers, 0.12) : trousers) : skin, legW);
    if (shortsColor)
      s += pen.limb(
        [pts[0], [pts[0][0] + (pts[1][0] - pts[0][0]) * 0.5, pts[0][1] + (pts[1][1] - pts[0][1]) * 0.5]],
        back ? darken(shortsColor, 0.12) : shortsColor,
        legW + 8,
      );
    // shoe, pointing forward
    const [fx, fy] = pts[2];
    s += pen.path(
      `M${pt(fx - 16, fy - 10)}Q${pt(fx - 18, fy + 12)} ${pt(fx, fy + 12)}L${pt(fx + 22, fy + 12)}Q${pt(fx + 34, fy + 10)} ${pt(fx + 26, fy - 4)}Q${pt(fx + 14, fy - 14)} ${pt(fx - 16, fy - 10)}Z`,
      back ? darken(c.shoes, 0.1) : c.shoes,
    );
    s += `<path d="M${pt(fx - 12, fy + 8)}L${pt(fx + 26, fy + 8)}" ${pen.line(lighten(c.shoes, 0.6), 3)}/>`;
    return s;
  };
  // arms
  const armBack = chain([-40, shoulderY + 8], spec.armBack, 52, 48);
  const armFront = chain([40, shoulderY + 8], spec.armFront, 52, 48);
  const sleeve = sheet.outfit === "hoodie and trousers" ? 1 : sheet.outfit === "overalls" ? 0.5 : 0.42;
  const sleeveColor = sheet.outfit === "overalls" ? c.accent : c.outfit;
  const arm = (pts: [number, number][], back: boolean) => {
    const skin = back ? c.skinShade : c.skin;
    let s = pen.circle(pts[2][0], pts[2][1], 15, skin) + pen.limb(pts, skin, armW);
    const sl =
      sleeve >= 1
        ? pts.slice(0, 3)
        : [pts[0], [pts[0][0] + (pts[1][0] - pts[0][0]) * sleeve * 2, pts[0][1] + (pts[1][1] - pts[0][1]) * sleeve * 2] as [number, number]];
    if (sleeve >= 1) {
      // long sleeve stops just before the hand
      const [, e, h] = pts;
      const cuff: [number, number] = [e[0] + (h[0] - e[0]) * 0.78, e[1] + (h[1] - e[1]) * 0.78];
      s += pen.limb([pts[0], e, cuff], back ? darken(sleeveColor, 0.12) : sleeveColor, armW + 6);
      s += `<circle cx="${n(cuff[0])}" cy="${n(cuff[1])}" r="${n(armW / 2 + 2)}" fill="${c.accent}"/>`;
    } else s += pen.limb(sl, back ? darken(sleeveColor, 0.12) : sleeveColor, armW + 8);
    return s + `<circle cx="${n(pts[2][0])}" cy="${n(pts[2][1])}" r="15" fill="${skin}"/>`;
  };

  const back = hairBack(pen, sheet);
  let body = "";
  // backpack behind the body
  if (sheet.accessory === "backpack") body += pen.rect(-72, -206, 56, 96, 18, c.accent) + pen.rect(-70, -160, 40, 30, 10, darken(c.accent, 0.15));
  // torso
  const torso = (fill: string) =>
    pen.path(
      `M${pt(-44, -212)}Q${pt(0, -222)} ${pt(44, -212)}Q${pt(56, -150)} ${pt(50, -104)}Q${pt(0, -94)} ${pt(-50, -104)}Q${pt(-56, -150)} ${pt(-44, -212)}Z`,
      fill,
    );
  switch (sheet.outfit) {
    case "dress":
      body += pen.path(
        `M${pt(-42, -214)}Q${pt(0, -222)} ${pt(42, -214)}Q${pt(48, -160)} ${pt(50, -140)}Q${pt(82, -90)} ${pt(84, -62)}Q${pt(0, -46)} ${pt(-84, -62)}Q${pt(-82, -90)} ${pt(-50, -140)}Q${pt(-48, -160)} ${pt(-42, -214)}Z`,
        c.outfit,
      );
      body += `<path d="M${pt(-82, -70)}Q${pt(0, -54)} ${pt(82, -70)}" ${pen.line(c.accent, 10)}/>`;
      body += `<path d="M${pt(-48, -146)}Q${pt(0, -136)} ${pt(48, -146)}" ${pen.line(c.accent, 7)}/>`;
      body += pen.path(`M${pt(-20, -216)}Q${pt(0, -198)} ${pt(20, -216)}Z`, c.accent, 0.6);
      break;
    case "overalls":
      body += torso(c.accent);
      body += pen.path(`M${pt(-36, -176)}L${pt(36, -176)}L${pt(44, -104)}Q${pt(0, -96)} ${pt(-44, -104)}Z`, c.outfit);
      body += `<path d="M-36 -176L-40 -212M36 -176L40 -212" ${pen.line(c.outfit, 9)}/>`;
      body += `<circle cx="-28" cy="-170" r="5" fill="#ffd23f"/><circle cx="28" cy="-170" r="5" fill="#ffd23f"/>`;
      body += pen.rect(-16, -156, 32, 22, 6, darken(c.outfit, 0.1), 0.6);
      break;
    case "hoodie and trousers":
      body += pen.path(`M${pt(-46, -206)}Q${pt(0, -250)} ${pt(46, -206)}Z`, darken(c.outfit, 0.15));
      body += torso(c.outfit);
      body += pen.path(`M${pt(-26, -142)}L${pt(26, -142)}L${pt(32, -112)}L${pt(-32, -112)}Z`, darken(c.outfit, 0.1), 0.6);
      body += `<path d="M-8 -212L-10 -178M8 -212L10 -178" ${pen.line(c.accent, 4)}/>`;
      break;
    default:
      body += torso(c.outfit);
      body += `<path d="${starPath(2, -160, 20, 9)}" fill="${c.accent}"/>`;
      body += `<path d="M${pt(-20, -216)}Q${pt(0, -200)} ${pt(20, -216)}" ${pen.line(c.accent, 6)}/>`;
  }
  if (sheet.accessory === "backpack") body += `<path d="M-36 -208Q-30 -160 -40 -118M36 -208Q30 -160 40 -118" ${pen.line(darken(c.accent, 0.2), 8)}/>`;
  // neck and head
  const neck = pen.rect(-14, -226, 28, 24, 8, c.skinShade, 0.6);
  const head =
    `<g transform="translate(0 ${HEAD_Y}) rotate(${spec.headTilt})">` +
    back +
    pen.circle(-HEAD_R + 2, 10, 16, c.skin) +
    pen.circle(HEAD_R - 2, 10, 16, c.skin) +
    pen.circle(0, 0, HEAD_R, c.skin) +
    face(pen, sheet, mood, sleeping) +
    hairFront(pen, sheet) +
    accessoryOnHead(pen, sheet, sleeping) +
    `</g>`;
  const scarf =
    sheet.accessory === "scarf"
      ? pen.path(`M${pt(-34, -222)}Q${pt(0, -204)} ${pt(34, -222)}L${pt(36, -206)}Q${pt(0, -188)} ${pt(-36, -206)}Z`, c.accent) +
        pen.path(`M${pt(-30, -210)}Q${pt(-64, -196)} ${pt(-86, -208)}L${pt(-84, -190)}Q${pt(-60, -178)} ${pt(-28, -196)}Z`, c.accent)
      : "";

  const pillow = sleeping ? pen.rect(-112, -420, 84, 250, 40, "#ffffff") + `<path d="M-70 -400L-70 -190" ${pen.line("#e6e0f0", 5)}/>` : "";
  const blanket = sleeping
    ? pen.path(
        `M${pt(-84, -214)}Q${pt(-96, -100)} ${pt(-80, 24)}L${pt(80, 24)}Q${pt(96, -100)} ${pt(84, -214)}Q${pt(0, -196)} ${pt(-84, -214)}Z`,
        lighten(c.outfit, 0.35),
      ) +
      `<path d="M${pt(-70, -190)}Q${pt(0, -176)} ${pt(70, -190)}" ${pen.line("#ffffff", 12)}/>` +
      [-120, -60, 0].map((y) => `<path d="${starPath(0, y, 12, 5)}" fill="${lighten(c.accent, 0.2)}"/>`).join("")
    : "";
  const inner = sleeping
    ? pillow + leg(legBack, true) + leg(legFront, false) + body + arm(armBack, true) + arm(armFront, false) + blanket + neck + head
    : leg(legBack, true) + leg(legFront, false) + body + arm(armBack, true) + neck + scarf + head + arm(armFront, false);

  const transform = `translate(0 ${n(-spec.lift)}) rotate(${spec.rotate + spec.lean} 0 ${hip[1]})`;
  const svg = `<g transform="${transform}">${inner}</g>`;
  // where things end up after the lean, rotation and lift
  const a = rad(spec.rotate + spec.lean);
  const place = ([x, y]: [number, number]): [number, number] => {
    const ry = y - hip[1];
    return [x * Math.cos(a) - ry * Math.sin(a), hip[1] + x * Math.sin(a) + ry * Math.cos(a) - spec.lift];
  };
  const hand = place(armFront[2]);
  const headAt = place([0, HEAD_Y]);
  const keyPoints: [number, number][] = [
    [0, HEAD_Y - HEAD_R - 24],
    [-HEAD_R - 20, HEAD_Y],
    [HEAD_R + 20, HEAD_Y],
    [0, HEAD_Y + HEAD_R],
    ...armBack,
    ...armFront,
    ...legBack,
    ...legFront,
    [-60, -110],
    [60, -110],
  ];
  if (sheet.hairStyle === "long") keyPoints.push([-HEAD_R - 20, HEAD_Y + 130], [HEAD_R + 20, HEAD_Y + 130]);
  if (sheet.hairStyle === "ponytail") keyPoints.push([-HEAD_R - 70, HEAD_Y + 60]);
  if (sheet.accessory === "cap") keyPoints.push([HEAD_R + 54, HEAD_Y - 20]);
  const placed = keyPoints.map(place);
  const xs = placed.map((p) => p[0]);
  const ys = placed.map((p) => p[1]);
  const box = { x0: Math.min(...xs) - 22, y0: Math.min(...ys) - 16, x1: Math.max(...xs) + 30, y1: Math.max(...ys) + 16 };
  return { svg, hand, head: headAt, box };
}
