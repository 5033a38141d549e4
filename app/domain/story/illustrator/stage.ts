import type { CharacterSheet } from "../book";
import type { Mood } from "../scene-vocabulary";
import { drawBackdrop } from "./backdrop";
import { castleBackdrop } from "./backdrop-places";
import type { Layers } from "./backdrop-parts";
import { drawCharacter, type Pose } from "./character";
import { lighten } from "./color";
import type { Box, DrawPageInput, Layout } from "./draw";
import type { Camera, PagePlan } from "./plan";
import type { Rng } from "./random";
import type { StyleSpec } from "./styles";
import { FONT, n, Pen, SIZE } from "./svg";
import { drawThing, THING_DEFS, type Thing } from "./things";

/**
 * The stage of a picture: where the child stands, how big, facing which way, in which pose; the
 * things the scene names placed on the ground, in the air, in a hand or far off, never on top of
 * each other or of the title; and the backdrop drawn behind them.
 */
const W = SIZE;

const CAMERA: Record<Camera, { scale: number; feet: number; horizon: number; xs: [number, number, number] }> = {
  wide: { scale: 0.8, feet: 860, horizon: 560, xs: [270, 512, 754] },
  medium: { scale: 1.15, feet: 930, horizon: 600, xs: [300, 512, 724] },
  close: { scale: 1.75, feet: 1050, horizon: 640, xs: [330, 512, 694] },
};

const overlaps = (a: Box, b: Box, gap = 0) => a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;

interface Actor {
  y: number;
  svg: string;
}

/** Lays out the child and the things of the page and draws them over the backdrop. */
export function layoutAndDraw(
  input: DrawPageInput,
  plan: PagePlan,
  style: StyleSpec,
  rng: Rng,
  book: Rng,
  reserved: Box[],
): { layers: Layers; actors: string; backdrop: string; layout: Layout } {
  const sheet = input.sheet;
  const cam = CAMERA[plan.camera];
  const pen = new Pen(style);
  const cover = input.pageType === "Front Cover";
  const titlePage = input.pageType === "Title Page";
  const wading = plan.action === "swimming" && plan.setting === "beach";
  const pose: Pose = cover ? "hero" : titlePage ? "wave" : wading ? "wading" : plan.action;
  const mood: Mood = cover || titlePage ? "happy" : plan.mood;
  // a little zoom of its own for every page, so two medium shots are not the same
  const zoom = cover || titlePage ? 1 : rng.range(0.92, 1.08);
  const scale = cover ? 1.2 : titlePage ? 0.95 : wading ? Math.min(cam.scale, 0.9) : cam.scale * zoom;
  const horizon = cover ? 640 : titlePage ? 540 : cam.horizon;
  // at the beach a swimmer stands in the shallow sea
  const feet = cover ? 975 : titlePage ? 770 : wading ? horizon + 170 : pose === "sleeping" ? horizon + 250 : cam.feet;
  const sideIndex = plan.side === "left" ? 0 : plan.side === "center" ? 1 : 2;
  let charX = cam.xs[sideIndex];

  const ground = plan.things.filter((t) => THING_DEFS[t].placement === "ground");
  const held = plan.things.filter((t) => THING_DEFS[t].placement === "held");
  const air = plan.things.filter(
    (t) => THING_DEFS[t].placement === "air" || (t === "rocket" && plan.setting === "space") || (t === "dragon" && plan.setting === "sky"),
  );
  const backdrops = plan.things.filter((t) => THING_DEFS[t].placement === "backdrop");
  const onGround = ground.filter((t) => !air.includes(t));
  // the child faces the first friend; with nobody, towards the middle
  const facing: 1 | -1 = plan.side === "right" ? -1 : plan.side === "left" ? 1 : rng.chance(0.5) ? 1 : -1;
  if (plan.side === "center" && onGround.length === 0 && held.length === 0 && !cover && !titlePage) charX += rng.range(-60, 60);
  const heldThing = held[0];
  const extraHeld = held.slice(1);

  const ch = drawCharacter(pen.at(scale), sheet, pose, mood);
  const charBox: Box =
    facing === 1
      ? { x0: charX + ch.box.x0 * scale, x1: charX + ch.box.x1 * scale, y0: feet + ch.box.y0 * scale, y1: feet + ch.box.y1 * scale }
      : { x0: charX - ch.box.x1 * scale, x1: charX - ch.box.x0 * scale, y0: feet + ch.box.y0 * scale, y1: feet + ch.box.y1 * scale };
  // the bed (or blanket) under a sleeping child belongs to the child's space
  if (pose === "sleeping") {
    if (facing === 1) charBox.x0 = Math.min(charBox.x0, charX - 340 * scale);
    else charBox.x1 = Math.max(charBox.x1, charX + 340 * scale);
  }
  // keep the child inside the picture
  const shiftX = charBox.x0 < 16 ? 16 - charBox.x0 : charBox.x1 > W - 16 ? W - 16 - charBox.x1 : 0;
  charX += shiftX;
  charBox.x0 += shiftX;
  charBox.x1 += shiftX;
  const boxes: Box[] = [...reserved, charBox];
  const layoutThings: Layout["things"] = [];
  const actors: Actor[] = [];
  const tint = style.tint;
  const sleepy = plan.action === "sleeping" && !cover && !titlePage;

  const drawAt = (thing: Thing, x: number, base: number, s: number, flip: boolean) =>
    `<g transform="translate(${n(x)} ${n(base)}) scale(${n(flip ? -s : s)} ${n(s)})">${drawThing(pen.at(s), thing, tint, { sleepy, seed: Math.floor(book.next() * 1000) })}</g>`;

  // friends and props standing on the ground, beside the child, never on top of anyone
  const groundItems = [...onGround, ...extraHeld.filter((t) => t !== "balloon")];
  groundItems.forEach((thing, index) => {
    const spec = THING_DEFS[thing];
    const s = scale * (spec.companion ? 1 : 0.9) * (thing === "rocket" ? 0.9 : 1);
    const preferRight = (facing === 1) === (index % 2 === 0) || plan.side === "left";
    const order = plan.side === "center" ? (index % 2 === 0 ? [facing, -facing] : [-facing, facing]) : preferRight ? [1, -1] : [-1, 1];
    for (let attempt = 0; attempt < 6; attempt++) {
      const rowBase = attempt < 3 ? feet + (spec.companion ? 0 : 10 * s) : feet - 70 * scale;
      const ss = attempt < 3 ? s * [1, 0.85, 0.7][attempt] : s * [0.7, 0.55, 0.45][attempt - 3];
      const w = spec.w * ss;
      const h = spec.h * ss;
      let placed: Box | undefined;
      for (const dirn of order) {
        const start = dirn === 1 ? charBox.x1 + 24 + w / 2 : charBox.x0 - 24 - w / 2;
        for (let k = 0; k < 60 && !placed; k++) {
          const x = start + dirn * k * 12;
          if (x - w / 2 < 10 || x + w / 2 > W - 10) break;
          const box: Box = { x0: x - w / 2, x1: x + w / 2, y0: rowBase - h, y1: rowBase };
          if (boxes.every((b) => !overlaps(b, box, 12))) placed = box;
        }
        if (placed) break;
      }
      if (!placed && attempt === 5) {
        // last resort: anywhere along the back row where nothing stands
        for (const k of [1, 0.75, 0.55]) {
          const ww = w * k;
          for (let x = 10 + ww / 2; x <= W - 10 - ww / 2 && !placed; x += 8) {
            const box: Box = { x0: x - ww / 2, x1: x + ww / 2, y0: rowBase - h * k, y1: rowBase };
            if (boxes.every((b) => !overlaps(b, box, 6))) placed = box;
          }
          if (placed) break;
        }
      }
      if (placed) {
        const x = (placed.x0 + placed.x1) / 2;
        boxes.push(placed);
        layoutThings.push({ thing, box: placed, placement: "ground" });
        const flip = x > charX; // friends face the child
        const drawScale = (placed.x1 - placed.x0) / spec.w;
        actors.push({ y: rowBase, svg: shadow(x, rowBase, (spec.w * drawScale) / 2.4) + drawAt(thing, x, rowBase, drawScale, flip) });
        return;
      }
    }
  });

  // things in the air (a star, a bird, a kite; a rocket in space, a dragon in the sky) and extra balloons
  const airItems = [...air, ...extraHeld.filter((t) => t === "balloon")];
  for (const thing of airItems) {
    const spec = THING_DEFS[thing];
    for (const s0 of [scale * 0.9, scale * 0.7, scale * 0.5, scale * 0.35]) {
      const w = spec.w * s0;
      const h = spec.h * s0;
      let best: Box | undefined;
      for (let k = 0; k < 80 && !best; k++) {
        const x = rng.range(30 + w / 2, W - 30 - w / 2);
        const base = rng.range(60 + h, Math.max(80 + h, charBox.y0 + h * 0.6));
        const box: Box = { x0: x - w / 2, x1: x + w / 2, y0: base - h, y1: base };
        if (box.y1 > feet) continue;
        if (boxes.every((b) => !overlaps(b, box, 16))) best = box;
      }
      if (best) {
        boxes.push(best);
        layoutThings.push({ thing, box: best, placement: "air" });
        const x = (best.x0 + best.x1) / 2;
        const rot = thing === "rocket" ? ` rotate(${x < W / 2 ? 30 : -30} 0 ${n(-spec.h / 2)})` : "";
        actors.push({
          y: best.y1 - 2000,
          svg: `<g transform="translate(${n(x)} ${n(best.y1)}) scale(${n(s0)})${rot}">${drawThing(pen.at(s0), thing, tint, { sleepy, seed: 1 })}</g>`,
        });
        break;
      }
    }
  }

  // the held thing goes in the front hand
  let heldSvg = "";
  if (heldThing) {
    const hs = scale * (heldThing === "balloon" ? 0.9 : 1.1);
    const spec = THING_DEFS[heldThing];
    const headY = feet + ch.head[1] * scale;
    // a hand raised to the face holds its thing up and out, never over the face
    const raised = ch.hand[1] * scale + feet < headY + 80 * scale;
    const hx = charX + ch.hand[0] * scale * facing + (raised && heldThing !== "balloon" ? facing * spec.w * hs * 0.35 : 0);
    const hy = feet + ch.hand[1] * scale;
    const base = heldThing === "balloon" ? hy : raised ? hy + spec.h * hs * 0.1 : hy + spec.h * hs * 0.45;
    const box: Box = { x0: hx - (spec.w * hs) / 2, x1: hx + (spec.w * hs) / 2, y0: base - spec.h * hs, y1: base };
    let s = hs;
    if (heldThing === "balloon" && box.y0 < 20) s = Math.max(0.3, (hy - 20) / spec.h);
    heldSvg = `<g transform="translate(${n(hx)} ${n(base)}) scale(${n(s)})">${drawThing(pen.at(s), heldThing, tint, { sleepy, seed: 2 })}</g>`;
    layoutThings.push({ thing: heldThing, box: { ...box, y0: base - spec.h * s }, placement: "held" });
  }

  // big things in the distance: a castle on a hill, a whale, a ship
  let backdrop = "";
  for (const thing of backdrops) {
    const other = charX < W / 2 ? 1 : -1;
    if (thing === "castle") {
      const x = W / 2 + other * 260;
      const s = 0.45;
      backdrop += castleBackdrop(pen, tint, x, horizon + 10, s, 7);
      layoutThings.push({ thing, box: { x0: x - 280 * s, x1: x + 280 * s, y0: horizon + 10 - 560 * s, y1: horizon + 10 }, placement: "backdrop" });
    } else if (thing === "whale") {
      const s = plan.setting === "underwater" ? 0.6 : plan.setting === "beach" ? 0.32 : 0.42;
      const x = W / 2 + other * (plan.setting === "beach" ? 250 : 230);
      let base = plan.setting === "beach" ? horizon - 20 : Math.min(charBox.y0 - 20, plan.setting === "underwater" ? 420 : 380);
      // never under the cover's title
      for (const r of reserved) if (base - 330 * s < r.y1 + 10) base = r.y1 + 10 + 330 * s;
      backdrop += `<g transform="translate(${n(x)} ${n(base)}) scale(${n(other === 1 ? -s : s)} ${n(s)})">${drawThing(pen.at(s), "whale", tint, { sleepy, seed: 3 })}</g>`;
      layoutThings.push({ thing, box: { x0: x - 280 * s, x1: x + 280 * s, y0: base - 330 * s, y1: base }, placement: "backdrop" });
    } else if (thing === "ship") {
      const sunken = plan.setting === "underwater";
      const s = sunken ? 0.7 : plan.setting === "beach" ? 0.42 : 0.3;
      const x = W / 2 + other * 250;
      const base = sunken ? horizon + 120 : plan.setting === "beach" ? horizon + 10 : horizon + 6;
      backdrop += `<g transform="translate(${n(x)} ${n(base)}) scale(${n(s)})${sunken ? " rotate(-12)" : ""}">${drawThing(pen.at(s), "ship", tint, { sleepy, seed: 4 })}</g>`;
      layoutThings.push({ thing, box: { x0: x - 180 * s, x1: x + 180 * s, y0: base - 320 * s, y1: base }, placement: "backdrop" });
    }
  }

  // the child, with a soft shadow (and a warm glow at night)
  let childSvg = "";
  const lifted = pose === "flying" || pose === "swimming" || pose === "celebrating" || pose === "running";
  childSvg += shadow(charX, feet, (lifted ? 60 : 80) * scale, lifted ? 0.12 : 0.2);
  if (plan.time === "night" && plan.setting !== "space")
    childSvg += `<circle cx="${n(charX)}" cy="${n((charBox.y0 + charBox.y1) / 2)}" r="${n(Math.max(charBox.x1 - charBox.x0, charBox.y1 - charBox.y0) * 0.7)}" fill="url(#glow)"/>`;
  if (pose === "sleeping") childSvg += bedUnder(pen, plan.setting === "bedroom", charX, feet, scale, facing, sheet, tint);
  childSvg += `<g transform="translate(${n(charX)} ${n(feet)}) scale(${n(scale * facing)} ${n(scale)})">${ch.svg}</g>`;
  if (pose === "wading") {
    // a swim ring round the waist and the sea in front of the legs
    const ry = feet - 118 * scale;
    const ring = pen.at(scale);
    childSvg += `<g transform="translate(${n(charX)} ${n(ry)}) scale(${n(scale)})">${ring.ellipse(0, 0, 86, 30, "none", 0, `stroke="${pen.ink(sheet.outfitAccent)}" stroke-width="34"`)}<ellipse cx="0" cy="0" rx="86" ry="30" fill="none" stroke="${sheet.outfitAccent}" stroke-width="26"/><ellipse cx="0" cy="0" rx="86" ry="30" fill="none" stroke="#ffffff" stroke-width="26" stroke-dasharray="30 40"/></g>`;
    const top = feet - 86 * scale;
    let wave = `M-40 ${n(top)}`;
    for (let x = -40; x < W + 40; x += 64) wave += `q32 -14 64 0`;
    childSvg += `<path d="${wave}V${n(feet + 24)}H-40Z" fill="${tint("#6fd0ee")}" opacity="0.92"/>`;
    childSvg += `<path d="M${n(charX - 200 * scale)} ${n(top + 22)}q${n(40 * scale)} -12 ${n(80 * scale)} 0M${n(charX + 90 * scale)} ${n(top + 36)}q${n(40 * scale)} -12 ${n(80 * scale)} 0" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.85"/>`;
  }
  childSvg += effects(pose, charBox, facing, rng, [charX + facing * ch.head[0] * scale, feet + ch.head[1] * scale, 80 * scale]);
  childSvg += heldSvg;
  actors.push({ y: feet + 0.5, svg: childSvg });

  const keepClear = [charBox, ...layoutThings.filter((t) => t.placement === "ground").map((t) => t.box)].map((b) => [b.x0 - 10, b.x1 + 10] as [number, number]);
  const layers = drawBackdrop({
    setting: plan.setting,
    time: plan.time,
    pen,
    tint,
    rng: rng.fork("backdrop"),
    book: book.fork("world"),
    horizon,
    keepClear,
    features: pose === "sleeping" ? new Set([...plan.features, "asleep"]) : plan.features,
    titleSpace: cover,
    favourite: sheet.outfitColor,
  });
  actors.sort((a, b) => a.y - b.y);
  return {
    layers,
    actors: actors.map((a) => a.svg).join(""),
    backdrop,
    layout: { plan, style: style.id, character: charBox, things: layoutThings },
  };
}

/** A bed in the bedroom, a picnic blanket anywhere else: somewhere soft to sleep. */
function bedUnder(
  pen: Pen,
  bedroom: boolean,
  x: number,
  feet: number,
  scale: number,
  facing: 1 | -1,
  sheet: CharacterSheet,
  tint: (h: string) => string,
): string {
  const p = pen.at(scale);
  let s = "";
  if (bedroom) {
    const wood = tint("#b07a50");
    s += p.rect(-330, -150, 60, 220, 22, wood) + p.rect(170, -90, 50, 160, 20, wood);
    s += p.rect(-300, -40, 500, 70, 24, "#fffdf6") + p.rect(-300, 20, 500, 56, 18, wood);
  } else {
    s += `<ellipse cx="-40" cy="10" rx="300" ry="46" fill="${lighten(sheet.outfitAccent, 0.35)}" stroke="${pen.ink(sheet.outfitAccent)}" stroke-width="${n(p.outlineWidth)}"/>`;
    s += `<ellipse cx="-40" cy="10" rx="260" ry="34" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="20 16"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(feet)}) scale(${n(scale * facing)} ${n(scale)})">${s}</g>`;
}

function shadow(x: number, y: number, rx: number, opacity = 0.18): string {
  return `<ellipse cx="${n(x)}" cy="${n(y + 4)}" rx="${n(rx)}" ry="${n(rx * 0.22)}" fill="#2b1d4e" opacity="${opacity}"/>`;
}

/** Little marks that make a pose read at a glance: speed lines, confetti, bubbles, zzz. */
function effects(pose: Pose, box: Box, facing: 1 | -1, rng: Rng, head: [number, number, number]): string {
  const back = facing === 1 ? box.x0 : box.x1;
  const cy = (box.y0 + box.y1) / 2;
  const h = box.y1 - box.y0;
  let s = "";
  if (pose === "running" || pose === "flying") {
    for (let i = 0; i < 3; i++) {
      const y = cy - h * 0.2 + i * h * 0.18;
      s += `<path d="M${n(back - facing * 20)} ${n(y)}l${n(-facing * (60 + i * 20))} 0" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.85"/>`;
    }
  }
  if (pose === "celebrating" || pose === "hero") {
    const colours = ["#ff6b8b", "#ffd166", "#4cc9f0", "#9b5de5", "#80ed99"];
    for (let i = 0; i < 16; i++) {
      const x = rng.range(box.x0 - 80, box.x1 + 80);
      const y = rng.range(box.y0 - 80, box.y0 + h * 0.5);
      if (x > box.x0 && x < box.x1 && y > box.y0) continue;
      s += `<rect x="${n(x)}" y="${n(y)}" width="12" height="7" rx="3" fill="${rng.pick(colours)}" transform="rotate(${n(rng.range(0, 180))} ${n(x)} ${n(y)})"/>`;
    }
  }
  if (pose === "swimming") {
    for (let i = 0; i < 6; i++)
      s += `<circle cx="${n(box.x0 + rng.range(0, box.x1 - box.x0))}" cy="${n(box.y0 - rng.range(10, 90))}" r="${n(rng.range(6, 14))}" fill="#ffffff" fill-opacity="0.3" stroke="#ffffff" stroke-width="3"/>`;
  }
  if (pose === "sleeping") {
    const x = facing === 1 ? box.x0 + 40 : box.x1 - 40;
    [0, 1, 2].forEach(
      (i) =>
        (s += `<text x="${n(x + facing * i * 30)}" y="${n(box.y0 - 20 - i * 40)}" font-family="${FONT}" font-weight="600" font-size="${34 + i * 10}" fill="#7b6fd6" stroke="#ffffff" stroke-width="5" paint-order="stroke">z</text>`),
    );
  }
  if (pose === "thinking") {
    const x = facing === 1 ? box.x1 - 10 : box.x0 + 10;
    s += `<circle cx="${n(x)}" cy="${n(box.y0 + 10)}" r="8" fill="#ffffff" opacity="0.9"/><circle cx="${n(x + facing * 24)}" cy="${n(box.y0 - 20)}" r="13" fill="#ffffff" opacity="0.9"/>`;
    s += `<ellipse cx="${n(x + facing * 70)}" cy="${n(box.y0 - 70)}" rx="52" ry="40" fill="#ffffff" opacity="0.95"/><text x="${n(x + facing * 70)}" y="${n(box.y0 - 52)}" font-family="${FONT}" font-weight="600" font-size="52" text-anchor="middle" fill="#ff7a59">?</text>`;
  }
  if (pose === "talking") {
    const [hx, hy, hr] = head;
    const x = hx + facing * hr * 1.1;
    const y = hy - hr * 1.2;
    const bw = 120;
    const bx = facing === 1 ? x : x - bw;
    s += `<path d="M${n(hx + facing * hr * 0.8)} ${n(hy - hr * 0.5)}L${n(x + facing * 26)} ${n(y + 20)}L${n(x + facing * 56)} ${n(y + 20)}Z" fill="#ffffff"/>`;
    s += `<rect x="${n(bx)}" y="${n(y - 44)}" width="${bw}" height="68" rx="34" fill="#ffffff" stroke="#f2b880" stroke-width="3"/>`;
    s += [0, 1, 2].map((i) => `<circle cx="${n(bx + 34 + i * 26)}" cy="${n(y - 10)}" r="7" fill="#ff7a59"/>`).join("");
  }
  return s;
}
