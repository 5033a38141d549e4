/**
 * Backgrounds for each setting, with depth: sky, far, mid, ground and foreground layers. The time
 * of day sets the sky, the light and the sun, moon or stars.
 */
import type { Setting } from "../scene-vocabulary";
import {
  celestial,
  clearOf,
  clouds,
  flower,
  FLOWER_COLOURS,
  foreFlowers,
  hillPath,
  lightLayer,
  path,
  pineTree,
  roundTree,
  skyRect,
  spots,
  stars,
  W,
  type BackdropInput,
  type Layers,
} from "./backdrop-parts";
import { darken, lighten } from "./color";
import { cloud, n, Pen, pt, smoothPath, starPath } from "./svg";

// ---------------------------------------------------------------------------------------------
// one backdrop per setting

function garden(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  const grass = tint("#8fd46b");
  const hillsFar = tint("#b9e3a2");
  const hillsNear = tint("#9fd786");
  let far = pen.path(hillPath(rng, horizon - 40, 90, 5), hillsFar, 0.6);
  far += pen.path(hillPath(rng, horizon, 60, 4), hillsNear, 0.8);
  let mid = "";
  // a white picket fence along the back of the garden
  const fenceY = horizon + 26;
  const fence = tint("#fffaf2");
  mid += `<rect x="-20" y="${n(fenceY - 40)}" width="${W + 40}" height="10" fill="${fence}" stroke="${pen.ink(fence)}" stroke-width="${n(pen.outlineWidth * 0.6)}"/>`;
  for (let x = -10; x < W + 20; x += 44) mid += pen.path(`M${pt(x, fenceY)}L${pt(x, fenceY - 60)}L${pt(x + 12, fenceY - 72)}L${pt(x + 24, fenceY - 60)}L${pt(x + 24, fenceY)}Z`, fence, 0.6);
  const treeX = rng.chance(0.5) ? rng.range(60, 220) : rng.range(W - 220, W - 60);
  mid += roundTree(pen, treeX, horizon + 40, rng.range(260, 340), tint("#5fb862"), tint("#9c6b4a"), rng);
  for (const x of spots(rng, 3, 120, [[treeX - 120, treeX + 120]])) mid += pen.blob([[x - 70, horizon + 40], [x - 60, horizon], [x - 20, horizon - 24], [x + 30, horizon - 18], [x + 64, horizon + 4], [x + 70, horizon + 40]], tint("#6cc46f"), 0.8);
  let ground = pen.path(`M-40 ${n(horizon + 30)}L${W + 40} ${n(horizon + 30)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, grass, 0);
  ground += path(input, tint("#f3ddb0"));
  for (let i = 0; i < 14; i++) {
    const x = rng.range(20, W - 20);
    const y = rng.range(horizon + 50, W - 120);
    ground += flower(x, y, rng.range(5, 9) * (0.6 + (y - horizon) / 600), tint(rng.pick(FLOWER_COLOURS)), pen);
  }
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 3, 60, horizon - 240);
  return { sky, far, mid, ground, fore: foreFlowers(input, 5, grass), light: lightLayer(time) };
}

function forest(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 2, 60, horizon - 300);
  let far = "";
  const farLeaf = tint("#a8d5b0");
  for (let x = -30; x < W + 60; x += rng.range(50, 80)) far += pineTree(pen.at(1.6), x, horizon + 10, rng.range(170, 240), farLeaf, tint("#9b8a7a"));
  far += pen.path(hillPath(rng, horizon + 10, 30, 6), tint("#8cc98f"), 0.6);
  let mid = "";
  const leafs = [tint("#4fae62"), tint("#3f9a5b"), tint("#66bb6a")];
  const trunk = tint("#8d5b3e");
  for (const x of spots(rng, 5, 150, input.keepClear.map(([a, b]) => [a + 60, b - 60] as [number, number]), 0, W)) {
    mid += rng.chance(0.5)
      ? roundTree(pen, x, horizon + rng.range(30, 70), rng.range(300, 420), rng.pick(leafs), trunk, rng)
      : pineTree(pen, x, horizon + rng.range(30, 70), rng.range(320, 440), rng.pick(leafs), trunk);
  }
  let ground = pen.path(`M-40 ${n(horizon + 20)}L${W + 40} ${n(horizon + 20)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#78c17a"), 0);
  ground += path(input, tint("#e8cfa0"));
  for (let i = 0; i < 5; i++) {
    const x = rng.range(30, W - 30);
    const y = rng.range(horizon + 60, W - 100);
    const k = 0.5 + (y - horizon) / 500;
    ground += pen.rect(x - 6 * k, y - 20 * k, 12 * k, 20 * k, 4 * k, "#fff6e6", 0.5) + pen.path(`M${pt(x - 22 * k, y - 18 * k)}Q${pt(x, y - 50 * k)} ${pt(x + 22 * k, y - 18 * k)}Z`, tint("#ff6b6b"), 0.5) + `<circle cx="${n(x - 6 * k)}" cy="${n(y - 28 * k)}" r="${n(3.5 * k)}" fill="#ffffff"/>`;
  }
  // big trunks framing the picture at the edges
  let fore = "";
  if (clearOf(40, 120, input.keepClear)) fore += pen.rect(-40, -40, 110, W + 80, 20, darken(trunk, 0.1)) + `<path d="M20 200Q30 260 18 320M40 560Q50 620 36 700" ${pen.line(darken(trunk, 0.3), 4)}/>`;
  if (clearOf(W - 40, 120, input.keepClear)) fore += pen.rect(W - 60, -40, 110, W + 80, 20, darken(trunk, 0.1));
  fore += foreFlowers(input, 3, tint("#78c17a"));
  // ferns
  for (const x of spots(rng, 3, 100, input.keepClear)) {
    for (let i = -2; i <= 2; i++) fore += `<path d="M${pt(x, W + 10)}Q${pt(x + i * 30, W - 80)} ${pt(x + i * 60, W - 100 + Math.abs(i) * 20)}" ${pen.line(tint("#3f9a5b"), 10)}/>`;
  }
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

function mountain(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 3, 60, horizon - 300);
  let far = "";
  const peaks = tint("#9fa9dc");
  const peaks2 = tint("#b9b4e6");
  for (let i = 0; i < 4; i++) {
    const x = -60 + i * 330 + rng.range(-60, 60);
    const h = rng.range(300, 420);
    const w = rng.range(260, 340);
    const col = i % 2 ? peaks : peaks2;
    far += pen.path(`M${pt(x - w, horizon + 20)}Q${pt(x - w * 0.3, horizon - h * 0.6)} ${pt(x - 20, horizon - h + 10)}Q${pt(x, horizon - h - 8)} ${pt(x + 20, horizon - h + 10)}Q${pt(x + w * 0.3, horizon - h * 0.6)} ${pt(x + w, horizon + 20)}Z`, col, 0.7);
    far += `<path d="M${pt(x - 70, horizon - h + 80)}Q${pt(x - 40, horizon - h + 20)} ${pt(x, horizon - h - 4)}Q${pt(x + 40, horizon - h + 20)} ${pt(x + 70, horizon - h + 80)}Q${pt(x + 40, horizon - h + 64)} ${pt(x + 20, horizon - h + 84)}Q${pt(x, horizon - h + 60)} ${pt(x - 20, horizon - h + 84)}Q${pt(x - 40, horizon - h + 64)} ${pt(x - 70, horizon - h + 80)}Z" fill="#ffffff"/>`;
  }
  let mid = pen.path(hillPath(rng, horizon + 10, 70, 4), tint("#8fcf7c"), 0.8);
  if (input.features.has("waterfall")) {
    const x = rng.chance(0.5) ? 180 : W - 180;
    mid += pen.path(`M${pt(x - 50, horizon - 200)}L${pt(x + 50, horizon - 200)}L${pt(x + 70, horizon + 40)}L${pt(x - 70, horizon + 40)}Z`, tint("#7fd3f7"), 0.7);
    for (let i = 0; i < 4; i++) mid += `<path d="M${pt(x - 36 + i * 24, horizon - 190)}L${pt(x - 44 + i * 30, horizon + 30)}" ${pen.line("#ffffff", 5)} opacity="0.7"/>`;
    mid += cloud(pen, x, horizon + 40, 200, "#ffffff", rng.next);
  }
  for (const x of spots(rng, 4, 80, [])) mid += pineTree(pen, x, horizon + rng.range(20, 50), rng.range(120, 180), tint("#4fae62"), tint("#8d5b3e"));
  let ground = pen.path(`M-40 ${n(horizon + 40)}L${W + 40} ${n(horizon + 40)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#9bd17c"), 0);
  ground += path(input, tint("#e3cfa8"));
  let fore = "";
  for (const x of spots(rng, 3, 150, input.keepClear)) {
    const y = W - rng.range(10, 50);
    fore += pen.blob([[x - 80, y + 40], [x - 70, y - 30], [x - 10, y - 60], [x + 60, y - 40], [x + 80, y + 40]], tint("#b8b0bf"), 1) + `<path d="M${pt(x - 30, y - 30)}Q${pt(x, y - 44)} ${pt(x + 30, y - 30)}" ${pen.line("#ffffff", 5)} opacity="0.6"/>`;
  }
  fore += foreFlowers(input, 3, tint("#9bd17c"));
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

function beach(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  const seaTop = horizon - 40;
  const shore = horizon + 90;
  const sky = skyRect("sky", time, tint, seaTop) + celestial(input, 0) + clouds(input, 3, 60, seaTop - 220);
  let far = `<defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint("#2f9fd8")}"/><stop offset="1" stop-color="${tint("#7fd6f0")}"/></linearGradient></defs>`;
  far += `<rect x="-40" y="${n(seaTop)}" width="${W + 80}" height="${n(shore - seaTop + 40)}" fill="url(#sea)"/>`;
  const ix = rng.range(200, W - 200);
  far += pen.path(`M${pt(ix - 120, seaTop + 4)}Q${pt(ix, seaTop - 60)} ${pt(ix + 120, seaTop + 4)}Z`, tint("#8fcf7c"), 0.6);
  far += `<path d="M${pt(ix + 10, seaTop - 30)}Q${pt(ix + 20, seaTop - 80)} ${pt(ix + 6, seaTop - 110)}" ${pen.line(tint("#9c6b4a"), 6)}/>`;
  for (const a of [-60, -20, 20, 60]) far += `<path d="M${pt(ix + 6, seaTop - 110)}q${n(a * 0.8)} ${n(-14 + Math.abs(a) * 0.3)} ${n(a * 1.4)} ${n(10 + Math.abs(a) * 0.2)}" ${pen.line(tint("#4fae62"), 8)}/>`;
  let mid = "";
  for (let i = 0; i < 9; i++) {
    const y = seaTop + 20 + i * ((shore - seaTop - 20) / 9);
    const x = rng.range(0, W - 100);
    mid += `<path d="M${pt(x, y)}q20 -10 40 0t40 0" ${pen.line("#ffffff", 3 + i * 0.4)} opacity="0.7"/>`;
  }
  let ground = pen.path(`M-40 ${n(shore)}Q${n(W * 0.3)} ${n(shore - 24)} ${n(W * 0.6)} ${n(shore + 6)}T${W + 40} ${n(shore - 10)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#f7dca2"), 0.8);
  ground += `<path d="M-40 ${n(shore + 6)}Q${n(W * 0.3)} ${n(shore - 16)} ${n(W * 0.6)} ${n(shore + 14)}T${W + 40} ${n(shore)}" ${pen.line("#ffffff", 8)} opacity="0.8"/>`;
  for (let i = 0; i < 10; i++) ground += `<circle cx="${n(rng.range(10, W - 10))}" cy="${n(rng.range(shore + 30, W - 10))}" r="${n(rng.range(2, 4))}" fill="${tint("#e0bf7a")}"/>`;
  let fore = "";
  const palmSide = rng.chance(0.5) ? -1 : 1;
  const px = palmSide < 0 ? 60 : W - 60;
  if (clearOf(px, 160, input.keepClear)) {
    fore += `<path d="M${pt(px, W + 20)}Q${pt(px + palmSide * -10, W - 300)} ${pt(px + palmSide * -80, W - 520)}" ${pen.line(pen.ink(tint("#b07a50")), 40)}/><path d="M${pt(px, W + 20)}Q${pt(px + palmSide * -10, W - 300)} ${pt(px + palmSide * -80, W - 520)}" ${pen.line(tint("#b07a50"), 32)}/>`;
    const tx = px + palmSide * -80;
    const ty = W - 520;
    for (const a of [-150, -110, -70, -30, 10, 200]) {
      const r = (a * Math.PI) / 180;
      fore += pen.path(`M${pt(tx, ty)}Q${pt(tx + Math.cos(r) * 90, ty + Math.sin(r) * 90 - 40)} ${pt(tx + Math.cos(r) * 170, ty + Math.sin(r) * 170 + 20)}Q${pt(tx + Math.cos(r) * 80, ty + Math.sin(r) * 80 + 10)} ${pt(tx, ty)}Z`, tint("#4fae62"));
    }
    fore += pen.circle(tx - 10, ty + 14, 14, tint("#8d5b3e")) + pen.circle(tx + 14, ty + 10, 14, tint("#8d5b3e"));
  }
  for (const x of spots(rng, 3, 70, input.keepClear)) {
    const y = rng.range(W - 80, W - 30);
    fore += rng.chance(0.5)
      ? pen.path(roundStar(x, y, 26), tint("#ff9f80"))
      : pen.path(`M${pt(x - 22, y + 10)}Q${pt(x, y - 40)} ${pt(x + 22, y + 10)}Z`, tint("#ffd1dc")) + `<path d="M${pt(x, y + 8)}L${pt(x, y - 20)}M${pt(x - 10, y + 8)}L${pt(x - 6, y - 14)}M${pt(x + 10, y + 8)}L${pt(x + 6, y - 14)}" ${pen.line(tint("#f4a6b8"), 3)}/>`;
  }
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

function roundStar(cx: number, cy: number, r: number): string {
  return smoothPath(Array.from({ length: 10 }, (_, i) => {
    const a = ((-90 + i * 36) * Math.PI) / 180;
    const rr = i % 2 ? r * 0.5 : r;
    return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)] as [number, number];
  }));
}

function underwater(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  const deep = time === "night" ? "#0d2f6b" : "#1f6fb2";
  const top = time === "night" ? "#2a5ea8" : "#6fd6ee";
  let sky = `<defs><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(top)}"/><stop offset="1" stop-color="${tint(deep)}"/></linearGradient></defs><rect x="-40" y="-40" width="${W + 80}" height="${W + 80}" fill="url(#water)"/>`;
  for (let i = 0; i < 5; i++) {
    const x = rng.range(0, W);
    sky += `<path d="M${pt(x - 30, -20)}L${pt(x + 30, -20)}L${pt(x + 160, horizon + 100)}L${pt(x + 40, horizon + 100)}Z" fill="#ffffff" opacity="0.09"/>`;
  }
  sky += `<path d="M-40 30Q60 10 160 30T360 30T560 30T760 30T960 30T1160 30L1160 -40L-40 -40Z" fill="#ffffff" opacity="0.35"/>`;
  let far = pen.path(hillPath(rng, horizon + 40, 120, 5), tint("#3f83c4"), 0.5);
  for (let i = 0; i < 4; i++) {
    const x = rng.range(40, W - 40);
    const y = rng.range(200, horizon);
    far += fish(pen, x, y, rng.range(0.5, 0.8), tint(rng.pick(["#ffd166", "#ff9f80", "#b79cff"])), rng.chance(0.5));
  }
  let mid = "";
  const coral = [tint("#ff8a80"), tint("#ffb86b"), tint("#c792ea"), tint("#ff6fae")];
  for (const x of spots(rng, 5, 120, input.keepClear.map(([a, b]) => [a + 40, b - 40] as [number, number]))) {
    const base = horizon + rng.range(60, 110);
    if (rng.chance(0.5)) {
      const c = rng.pick(coral);
      for (let i = -2; i <= 2; i++) mid += `<path d="M${pt(x, base)}Q${pt(x + i * 18, base - 80)} ${pt(x + i * 36, base - 120 - (2 - Math.abs(i)) * 30)}" ${pen.line(pen.ink(c), 26)}/>`;
      for (let i = -2; i <= 2; i++) mid += `<path d="M${pt(x, base)}Q${pt(x + i * 18, base - 80)} ${pt(x + i * 36, base - 120 - (2 - Math.abs(i)) * 30)}" ${pen.line(c, 20)}/>`;
    } else {
      for (let i = 0; i < 3; i++) {
        const sx = x + (i - 1) * 26;
        mid += `<path d="M${pt(sx, base)}Q${pt(sx - 30, base - 100)} ${pt(sx + 10, base - 170)}T${pt(sx, base - 300 + i * 30)}" ${pen.line(tint("#3fbf8f"), 16)}/>`;
      }
    }
  }
  let ground = pen.path(hillPath(rng, horizon + 110, 40, 5), tint("#f1d39a"), 0.8);
  for (let i = 0; i < 12; i++) ground += `<circle cx="${n(rng.range(10, W - 10))}" cy="${n(rng.range(horizon + 140, W - 10))}" r="${n(rng.range(2, 5))}" fill="${tint("#d9b778")}"/>`;
  let fore = "";
  for (const x of spots(rng, 2, 90, input.keepClear)) fore += pen.path(`M${pt(x - 30, W - 20)}Q${pt(x, W - 90)} ${pt(x + 30, W - 20)}Z`, tint("#ffd1dc"));
  for (let i = 0; i < 14; i++) {
    const x = rng.chance(0.5) ? rng.range(10, 150) : rng.range(W - 150, W - 10);
    fore += `<circle cx="${n(x)}" cy="${n(rng.range(80, W - 80))}" r="${n(rng.range(5, 16))}" fill="#ffffff" fill-opacity="0.25" stroke="#ffffff" stroke-opacity="0.8" stroke-width="2.5"/>`;
  }
  return { sky, far, mid, ground, fore, light: time === "night" ? lightLayer("evening") : "" };
}

function fish(pen: Pen, x: number, y: number, s: number, color: string, flip: boolean): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(flip ? -s : s)} ${n(s)})">${pen.at(s).path("M-40 0Q-10 -34 30 -6L52 -24L48 0L52 24L30 6Q-10 34 -40 0Z", color)}<circle cx="-18" cy="-4" r="5" fill="#2b1d2e"/><circle cx="-20" cy="-6" r="2" fill="#ffffff"/></g>`;
}

function space(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon } = input;
  let sky = `<defs><linearGradient id="space" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint("#1b1446")}"/><stop offset="0.6" stop-color="${tint("#3a2c7a")}"/><stop offset="1" stop-color="${tint("#5b3f9a")}"/></linearGradient></defs><rect x="-40" y="-40" width="${W + 80}" height="${W + 80}" fill="url(#space)"/>`;
  for (let i = 0; i < 3; i++) sky += `<ellipse cx="${n(rng.range(100, W - 100))}" cy="${n(rng.range(100, horizon - 100))}" rx="${n(rng.range(160, 280))}" ry="${n(rng.range(60, 120))}" fill="${rng.pick(["#ff8fd8", "#7bd3ff", "#b79cff"])}" opacity="0.12" transform="rotate(${n(rng.range(-30, 30))} 512 300)"/>`;
  sky += stars(rng, 90, horizon + 40, "#fffbe0");
  let far = "";
  const px = rng.chance(0.5) ? rng.range(140, 320) : rng.range(W - 320, W - 140);
  const py = input.titleSpace ? rng.range(360, 440) : rng.range(150, 300);
  const pc = tint(rng.pick(["#ffb86b", "#ff8fb1", "#7bd3ff"]));
  far += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="130" ry="30" fill="none" stroke="${tint("#ffe7a8")}" stroke-width="14" transform="rotate(-16 ${n(px)} ${n(py)})"/>`;
  far += pen.circle(px, py, 70, pc) + `<path d="M${pt(px - 66, py - 14)}Q${pt(px, py - 30)} ${pt(px + 66, py - 14)}" ${pen.line(lighten(pc, 0.3), 10)}/><path d="M${pt(px - 60, py + 22)}Q${pt(px, py + 6)} ${pt(px + 60, py + 22)}" ${pen.line(darken(pc, 0.1), 10)}/>`;
  far += `<path d="M${pt(px - 130 * 0.96, py + 36)}A130 30 -16 0 0 ${pt(px + 124, py - 36)}" fill="none" stroke="${tint("#ffe7a8")}" stroke-width="14" transform="rotate(0)"/>`;
  const mx = px < W / 2 ? rng.range(W - 260, W - 120) : rng.range(120, 260);
  far += pen.circle(mx, rng.range(120, 220), 34, tint("#7bd3ff")) + `<path d="M${pt(mx - 20, 150)}q10 -8 20 0" ${pen.line("#ffffff", 0)}/>`;
  let mid = "";
  for (let i = 0; i < 3; i++) {
    const x = rng.range(60, W - 60);
    const y = rng.range(80, horizon - 80);
    mid += `<path d="M${pt(x, y)}l${n(-rng.range(80, 140))} ${n(rng.range(30, 60))}" ${pen.line("#fffbe0", 3)} opacity="0.5"/>` + `<path d="${starPath(x, y, 10, 4)}" fill="#fffbe0"/>`;
  }
  const moon = tint("#d9d0f0");
  let ground = pen.path(hillPath(rng, horizon + 60, 60, 4), moon, 1);
  for (let i = 0; i < 7; i++) {
    const x = rng.range(30, W - 30);
    const y = rng.range(horizon + 110, W - 30);
    const r = rng.range(14, 40) * (0.6 + (y - horizon) / 500);
    ground += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.4)}" fill="${darken(moon, 0.15)}"/><ellipse cx="${n(x)}" cy="${n(y + r * 0.08)}" rx="${n(r * 0.8)}" ry="${n(r * 0.28)}" fill="${darken(moon, 0.05)}"/>`;
  }
  let fore = "";
  for (const x of spots(rng, 2, 140, input.keepClear)) {
    const y = W - rng.range(30, 70);
    fore += pen.ellipse(x, y, 60, 18, darken(moon, 0.18), 0.6) + `<ellipse cx="${n(x)}" cy="${n(y + 4)}" rx="46" ry="11" fill="${darken(moon, 0.06)}"/>`;
  }
  return { sky, far, mid, ground, fore, light: "" };
}

export function castleBackdrop(pen: Pen, tint: (h: string) => string, x: number, base: number, scale: number, seed: number): string {
  const wall = tint(seed % 2 ? "#efe3ff" : "#f7e7cf");
  const roof = tint(seed % 3 ? "#ff8fb1" : "#7c8cff");
  const p = pen.at(scale);
  let s = "";
  const tower = (tx: number, w: number, h: number, r: string) =>
    p.rect(tx - w / 2, -h, w, h, 6, wall) +
    p.path(`M${pt(tx - w / 2 - 14, -h)}L${pt(tx, -h - w * 1.4)}L${pt(tx + w / 2 + 14, -h)}Z`, r) +
    `<path d="M${pt(tx, -h - w * 1.4)}L${pt(tx, -h - w * 1.4 - 40)}" ${p.line("#8a6d5a", 4)}/><path d="M${pt(tx, -h - w * 1.4 - 40)}L${pt(tx + 30, -h - w * 1.4 - 31)}L${pt(tx, -h - w * 1.4 - 22)}Z" fill="${tint("#ffd166")}"/>` +
    `<rect x="${n(tx - 10)}" y="${n(-h + 34)}" width="20" height="32" rx="10" fill="${tint("#7a68b8")}"/>`;
  s += tower(-250, 70, 260, lighten(roof, 0.2)) + tower(250, 70, 260, lighten(roof, 0.2));
  s += tower(-160, 90, 330, roof) + tower(160, 90, 330, roof);
  s += p.rect(-210, -230, 420, 230, 8, wall);
  for (let i = 0; i < 10; i++) s += p.rect(-210 + i * 44, -256, 28, 30, 4, wall);
  s += tower(0, 120, 400, roof);
  s += p.path(`M${pt(-56, 0)}L${pt(-56, -90)}Q${pt(0, -150)} ${pt(56, -90)}L${pt(56, 0)}Z`, tint("#a0714f"));
  s += `<path d="M0 -128L0 0M-52 -64L52 -64" ${p.line(darken(tint("#a0714f"), 0.2), 4)}/>`;
  for (const wx of [-120, 120]) s += `<rect x="${wx - 14}" y="-180" width="28" height="40" rx="14" fill="${tint("#7a68b8")}"/>`;
  s += `<path d="M-210 -200Q-170 -180 -130 -200T-50 -200M50 -200Q90 -180 130 -200T210 -200" ${p.line(tint("#ff8fb1"), 6)}/>`;
  return `<g transform="translate(${n(x)} ${n(base)}) scale(${n(scale)})">${s}</g>`;
}

function castle(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time, book } = input;
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 3, 60, horizon - 320);
  let far = pen.path(hillPath(rng, horizon - 20, 80, 5), tint("#b9e3a2"), 0.6);
  const cx = input.keepClear.length && (input.keepClear[0][0] + input.keepClear[0][1]) / 2 < W / 2 ? rng.range(600, 760) : rng.range(260, 420);
  far += castleBackdrop(pen, tint, cx, horizon + 30, rng.range(0.75, 0.95), Math.floor(book.next() * 1000));
  let mid = pen.path(hillPath(rng, horizon + 40, 40, 5), tint("#9fd786"), 0.8);
  for (const x of spots(rng, 2, 140, [[cx - 260, cx + 260]])) mid += roundTree(pen, x, horizon + 60, rng.range(200, 260), tint("#5fb862"), tint("#9c6b4a"), rng);
  let ground = pen.path(`M-40 ${n(horizon + 60)}L${W + 40} ${n(horizon + 60)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#9bd17c"), 0);
  ground += `<path d="M${pt(cx - 26, horizon + 40)}L${pt(cx + 26, horizon + 40)}Q${pt(cx + 120, horizon + 200)} ${pt(W / 2 + 220, W + 20)}L${pt(W / 2 - 220, W + 20)}Q${pt(cx - 120, horizon + 200)} ${pt(cx - 26, horizon + 40)}Z" fill="${tint("#f1d9a6")}"/>`;
  for (let i = 0; i < 8; i++) ground += flower(rng.range(20, W - 20), rng.range(horizon + 80, W - 140), rng.range(5, 8), tint(rng.pick(FLOWER_COLOURS)), pen);
  return { sky, far, mid, ground, fore: foreFlowers(input, 4, tint("#9bd17c")), light: lightLayer(time) };
}

function skyland(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  let sky = skyRect("sky", time, tint) + celestial(input, 0);
  if (time !== "night" && (input.features.has("rainbow") || rng.chance(0.5))) {
    const rx = rng.range(300, 700);
    const colours = ["#ff6b6b", "#ffa94d", "#ffd43b", "#69db7c", "#4dabf7", "#9775fa"];
    colours.forEach((c, i) => (sky += `<path d="M${pt(rx - 420 + i * 18, horizon + 80)}A${n(420 - i * 18)} ${n(380 - i * 18)} 0 0 1 ${pt(rx + 420 - i * 18, horizon + 80)}" fill="none" stroke="${tint(c)}" stroke-width="20" opacity="0.8"/>`));
  }
  const far = clouds(input, 4, 120, horizon - 40, 0.7);
  let mid = clouds(input, 3, horizon - 100, horizon + 60, 0.95);
  for (let i = 0; i < 3; i++) {
    const x = rng.range(100, W - 100);
    const y = rng.range(140, horizon - 200);
    mid += `<path d="M${pt(x - 16, y)}q8 -10 16 0q8 -10 16 0" ${pen.line("#4a4060", 4)}/>`;
  }
  const cloudColour = time === "night" ? "#b9bce8" : "#ffffff";
  // a big soft cloud to stand on
  let ground = "";
  for (let i = 0; i < 7; i++) ground += cloud(pen, -60 + i * 190 + rng.range(-20, 20), horizon + 150 + rng.range(-20, 30), rng.range(320, 380), cloudColour, rng.next);
  ground += `<rect x="-40" y="${n(horizon + 200)}" width="${W + 80}" height="${n(W - horizon)}" fill="${cloudColour}"/>`;
  let fore = "";
  for (const x of spots(rng, 2, 220, input.keepClear)) fore += cloud(pen, x, W - 40, 260, cloudColour, rng.next);
  return { sky, far, mid, ground, fore, light: time === "night" ? lightLayer("evening") : "" };
}

function town(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time, book } = input;
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 2, 60, horizon - 360);
  let far = "";
  for (let x = -20; x < W + 40; x += rng.range(60, 110)) {
    const h = rng.range(120, 240);
    far += pen.rect(x, horizon - h, rng.range(60, 100), h + 40, 6, tint("#c9c3e6"), 0.5);
  }
  let mid = "";
  const colours = ["#ffb4a2", "#ffd97d", "#a0d8ef", "#c3e8bd", "#d7c0f0", "#ffc8dd"];
  const roofs = ["#e76f51", "#8d6e63", "#6c7ac9", "#d1495b"];
  const offset = book.range(0, 6);
  let x = -rng.range(20, 120);
  let i = Math.floor(offset);
  while (x < W + 20) {
    const w = rng.range(150, 200);
    const h = rng.range(180, 260);
    const base = horizon + 70;
    const wall = tint(colours[i % colours.length]);
    const roof = tint(roofs[i % roofs.length]);
    mid += pen.rect(x, base - h, w, h, 4, wall);
    mid += pen.path(`M${pt(x - 14, base - h + 4)}L${pt(x + w / 2, base - h - 80)}L${pt(x + w + 14, base - h + 4)}Z`, roof);
    const lit = time === "night" || time === "evening";
    for (const wx of [x + w * 0.22, x + w * 0.62]) mid += pen.rect(wx, base - h + 40, w * 0.2, 44, 6, lit ? "#ffe08a" : tint("#e8f6ff"), 0.6) + `<path d="M${pt(wx + w * 0.1, base - h + 40)}L${pt(wx + w * 0.1, base - h + 84)}" ${pen.line(pen.ink(wall), 2)}/>`;
    mid += pen.rect(x + w * 0.4, base - 80, w * 0.22, 80, 12, tint(roofs[(i + 1) % roofs.length]), 0.8) + `<circle cx="${n(x + w * 0.57)}" cy="${n(base - 40)}" r="3.5" fill="#ffd166"/>`;
    if (rng.chance(0.4)) mid += pen.rect(x + w * 0.18, base - h * 0.45, w * 0.64, 16, 4, tint("#ffffff"), 0.5) + flower(x + w * 0.3, base - h * 0.45 - 6, 6, tint("#ff6b8b"), pen) + flower(x + w * 0.7, base - h * 0.45 - 6, 6, tint("#ffd166"), pen);
    x += w + rng.range(6, 30);
    i++;
  }
  let ground = `<rect x="-40" y="${n(horizon + 70)}" width="${W + 80}" height="40" fill="${tint("#efe3d0")}"/>`;
  ground += `<rect x="-40" y="${n(horizon + 110)}" width="${W + 80}" height="${n(W - horizon)}" fill="${tint("#d8cfc2")}"/>`;
  for (let r = 0; r < 8; r++) {
    const y = horizon + 130 + r * r * 6 + r * 14;
    for (let c = 0; c < 14; c++) ground += `<rect x="${n(c * 80 + (r % 2) * 40 - 20)}" y="${n(y)}" width="${n(60 + r * 2)}" height="${n(10 + r * 2)}" rx="5" fill="${tint("#c9bfb1")}"/>`;
  }
  let fore = "";
  const lampX = rng.chance(0.5) ? 70 : W - 70;
  if (clearOf(lampX, 80, input.keepClear)) {
    fore += pen.rect(lampX - 8, W - 520, 16, 540, 6, tint("#4a5a7a")) + pen.path(`M${pt(lampX - 34, W - 520)}L${pt(lampX + 34, W - 520)}L${pt(lampX + 22, W - 580)}L${pt(lampX - 22, W - 580)}Z`, time === "night" || time === "evening" ? "#ffe08a" : "#fff7dd");
    if (time === "night" || time === "evening") fore += `<circle cx="${lampX}" cy="${W - 550}" r="90" fill="#ffe08a" opacity="0.25"/>`;
  }
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

function bedroom(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time, book } = input;
  const wall = tint(book.pick(["#fde2cf", "#d9ecf7", "#e8e0f7", "#fff0c9"]));
  const floorY = horizon + 40;
  // the room is the same on every page; the view pans a little from page to page
  const pan = rng.range(-160, 160);
  const windowX = book.range(200, 380) + pan;
  const bedLeft = book.chance(0.5);
  let sky = `<rect x="-40" y="-40" width="${W + 80}" height="${n(floorY + 40)}" fill="${wall}"/>`;
  // wallpaper: little stars and dots
  const dot = darken(wall, 0.08);
  for (let y = 40; y < floorY - 20; y += 70) for (let x = ((y / 70) % 2) * 35 - 20; x < W + 20; x += 70) sky += (x + y) % 140 < 70 ? `<path d="${starPath(x, y, 9, 4)}" fill="${dot}"/>` : `<circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${dot}"/>`;
  // window with the time of day outside
  const ww = 260;
  const wh = 300;
  const wy = floorY - 520;
  let far = `<clipPath id="win"><rect x="${n(windowX - ww / 2)}" y="${n(wy)}" width="${ww}" height="${wh}" rx="20"/></clipPath>`;
  const outside: BackdropInput = { ...input, titleSpace: false, horizon: wy + wh - 60 };
  far += `<g clip-path="url(#win)">${skyRect("skyw", time, tint)}${time === "night" ? stars(rng, 18, wy + wh) : ""}<g transform="translate(${n(windowX - 512)} 0)">${celestialAt(outside, windowX, wy + 90)}</g>${pen.path(hillPath(rng, wy + wh - 40, 40, 3), tint("#9fd786"), 0.5)}</g>`;
  far += pen.rect(windowX - ww / 2, wy, ww, wh, 20, "none", 2.2) + `<path d="M${pt(windowX, wy)}L${pt(windowX, wy + wh)}M${pt(windowX - ww / 2, wy + wh / 2)}L${pt(windowX + ww / 2, wy + wh / 2)}" ${pen.line(tint("#ffffff"), 12)}/>`;
  far += pen.rect(windowX - ww / 2 - 6, wy - 6, ww + 12, wh + 12, 24, "none", 0) + `<rect x="${n(windowX - ww / 2 - 6)}" y="${n(wy - 6)}" width="${ww + 12}" height="${wh + 12}" rx="24" fill="none" stroke="#ffffff" stroke-width="12"/>`;
  const curtain = tint(book.pick(["#ff9fb2", "#8fd3c0", "#ffd166", "#b79cff"]));
  far += pen.path(`M${pt(windowX - ww / 2 - 50, wy - 30)}L${pt(windowX - ww / 2 + 20, wy - 30)}Q${pt(windowX - ww / 2, wy + wh / 2)} ${pt(windowX - ww / 2 + 30, wy + wh + 30)}L${pt(windowX - ww / 2 - 50, wy + wh + 30)}Z`, curtain);
  far += pen.path(`M${pt(windowX + ww / 2 + 50, wy - 30)}L${pt(windowX + ww / 2 - 20, wy - 30)}Q${pt(windowX + ww / 2, wy + wh / 2)} ${pt(windowX + ww / 2 - 30, wy + wh + 30)}L${pt(windowX + ww / 2 + 50, wy + wh + 30)}Z`, curtain);
  far += pen.rect(windowX - ww / 2 - 70, wy - 44, ww + 140, 16, 8, tint("#b07a50"));
  // a shelf of books and a star night-light
  const shelfX = windowX + 360;
  let mid = pen.rect(shelfX - 110, floorY - 380, 220, 14, 5, tint("#b07a50"));
  const bookColours = ["#ff6b6b", "#4dabf7", "#ffd43b", "#69db7c", "#9775fa", "#ffa94d"];
  for (let i = 0; i < 6; i++) mid += pen.rect(shelfX - 100 + i * 24, floorY - 380 - 60 + (i % 3) * 8, 20, 60 - (i % 3) * 8, 3, tint(bookColours[i]), 0.6);
  mid += `<path d="${starPath(shelfX + 70, floorY - 410, 26, 12)}" ${pen.paint(time === "night" ? "#ffe066" : tint("#ffd43b"))}/>`;
  if (time === "night") mid += `<circle cx="${n(shelfX + 70)}" cy="${n(floorY - 410)}" r="70" fill="#ffe066" opacity="0.25"/>`;
  // a framed drawing on the wall
  const frameX = windowX - 340;
  mid += pen.rect(frameX - 60, floorY - 440, 120, 90, 8, "#fffdf6") + `<path d="M${pt(frameX - 40, floorY - 370)}L${pt(frameX - 10, floorY - 410)}L${pt(frameX + 10, floorY - 385)}L${pt(frameX + 25, floorY - 400)}L${pt(frameX + 45, floorY - 370)}Z" fill="${tint("#69db7c")}"/><circle cx="${n(frameX + 28)}" cy="${n(floorY - 422)}" r="10" fill="${tint("#ffd43b")}"/>`;
  // floor with planks running to the back wall
  const floor = tint("#e2b887");
  let ground = `<rect x="-40" y="${n(floorY)}" width="${W + 80}" height="${n(W - floorY + 40)}" fill="${floor}"/>`;
  ground += `<rect x="-40" y="${n(floorY - 16)}" width="${W + 80}" height="20" fill="${tint("#fffaf2")}" stroke="${pen.ink(floor)}" stroke-width="${n(pen.outlineWidth * 0.6)}"/>`;
  for (let i = -6; i <= 6; i++) ground += `<path d="M${pt(W / 2 + pan + i * 70, floorY)}L${pt(W / 2 + pan * 1.5 + i * 190, W + 40)}" ${pen.line(darken(floor, 0.12), 3)}/>`;
  ground += `<ellipse cx="${n(W / 2 + pan * 0.5)}" cy="${n((floorY + W) / 2 + 60)}" rx="360" ry="90" fill="${tint(book.pick(["#b79cff", "#8fd3c0", "#ffb4a2"]))}" opacity="0.9"/><ellipse cx="${n(W / 2 + pan * 0.5)}" cy="${n((floorY + W) / 2 + 60)}" rx="300" ry="66" fill="none" stroke="#ffffff" stroke-width="6" stroke-dasharray="18 12" opacity="0.8"/>`;
  // the bed, at the side of the room
  const bedX = bedLeft ? 120 + pan * 0.6 : W - 120 + pan * 0.6;
  const blanket = lighten(input.favourite, 0.25);
  let fore = "";
  const bedBox: [number, number] = [bedX - 220, bedX + 220];
  if (!input.features.has("asleep") && input.keepClear.every(([a, b]) => b < bedBox[0] || a > bedBox[1])) {
    mid += pen.rect(bedX - (bedLeft ? 230 : -160), floorY - 260, 70, 300, 24, tint("#b07a50"));
    mid += pen.rect(bedX - 200, floorY - 60, 400, 110, 26, "#fffdf6");
    mid += pen.rect(bedX - 210, floorY - 10, 420, 90, 26, blanket);
    mid += `<path d="M${pt(bedX - 190, floorY + 30)}L${pt(bedX + 190, floorY + 30)}" ${pen.line(lighten(blanket, 0.4), 8)} stroke-dasharray="4 22"/>`;
    mid += pen.ellipse(bedX + (bedLeft ? -120 : 120), floorY - 70, 70, 34, "#ffffff");
  }
  // a teddy bear at the edge of the picture
  for (const tx of spots(rng, 1, 100, input.keepClear, 60, W - 60)) {
    const ty = W - 60;
    const fur = tint("#c98b5a");
    fore += pen.circle(tx - 26, ty - 96, 16, fur) + pen.circle(tx + 26, ty - 96, 16, fur) + pen.ellipse(tx, ty - 30, 40, 44, fur) + pen.circle(tx, ty - 80, 34, fur) + pen.ellipse(tx, ty - 70, 14, 10, lighten(fur, 0.4), 0.5) + `<circle cx="${n(tx - 12)}" cy="${n(ty - 88)}" r="4" fill="#2b1d2e"/><circle cx="${n(tx + 12)}" cy="${n(ty - 88)}" r="4" fill="#2b1d2e"/><circle cx="${n(tx)}" cy="${n(ty - 74)}" r="4" fill="#2b1d2e"/>`;
  }
  const light = time === "night" ? `<rect x="-40" y="-40" width="${W + 80}" height="${W + 80}" fill="#2a2f6e" opacity="0.22"/>` : "";
  return { sky, far, mid, ground, fore, light };
}

function celestialAt(input: BackdropInput, x: number, y: number): string {
  const { time, pen } = input;
  if (time === "night") return pen.path(`M${pt(512 + 6, y - 34)}A36 36 0 1 0 ${pt(512 + 26, y + 26)}A28 28 0 1 1 ${pt(512 + 6, y - 34)}Z`, "#fff3c4");
  return pen.circle(512 + 40, y, 34, input.tint(time === "evening" ? "#ff9d5c" : "#ffd23f")) + (x ? "" : "");
}

const SETTINGS_DRAW: Record<Setting, (input: BackdropInput) => Layers> = {
  bedroom,
  garden,
  forest,
  mountain,
  beach,
  underwater,
  space,
  castle,
  sky: skyland,
  town,
};

export function drawBackdrop(input: BackdropInput): Layers {
  return SETTINGS_DRAW[input.setting](input);
}

