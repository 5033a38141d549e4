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
import { bedroom, castle, skyland, town } from "./backdrop-places";

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
  for (let x = -10; x < W + 20; x += 44)
    mid += pen.path(`M${pt(x, fenceY)}L${pt(x, fenceY - 60)}L${pt(x + 12, fenceY - 72)}L${pt(x + 24, fenceY - 60)}L${pt(x + 24, fenceY)}Z`, fence, 0.6);
  const treeX = rng.chance(0.5) ? rng.range(60, 220) : rng.range(W - 220, W - 60);
  mid += roundTree(pen, treeX, horizon + 40, rng.range(260, 340), tint("#5fb862"), tint("#9c6b4a"), rng);
  for (const x of spots(rng, 3, 120, [[treeX - 120, treeX + 120]]))
    mid += pen.blob(
      [
        [x - 70, horizon + 40],
        [x - 60, horizon],
        [x - 20, horizon - 24],
        [x + 30, horizon - 18],
        [x + 64, horizon + 4],
        [x + 70, horizon + 40],
      ],
      tint("#6cc46f"),
      0.8,
    );
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
  for (const x of spots(
    rng,
    5,
    150,
    input.keepClear.map(([a, b]) => [a + 60, b - 60] as [number, number]),
    0,
    W,
  )) {
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
    ground +=
      pen.rect(x - 6 * k, y - 20 * k, 12 * k, 20 * k, 4 * k, "#fff6e6", 0.5) +
      pen.path(`M${pt(x - 22 * k, y - 18 * k)}Q${pt(x, y - 50 * k)} ${pt(x + 22 * k, y - 18 * k)}Z`, tint("#ff6b6b"), 0.5) +
      `<circle cx="${n(x - 6 * k)}" cy="${n(y - 28 * k)}" r="${n(3.5 * k)}" fill="#ffffff"/>`;
  }
  // big trunks framing the picture at the edges
  let fore = "";
  if (clearOf(40, 120, input.keepClear))
    fore +=
      pen.rect(-40, -40, 110, W + 80, 20, darken(trunk, 0.1)) + `<path d="M20 200Q30 260 18 320M40 560Q50 620 36 700" ${pen.line(darken(trunk, 0.3), 4)}/>`;
  if (clearOf(W - 40, 120, input.keepClear)) fore += pen.rect(W - 60, -40, 110, W + 80, 20, darken(trunk, 0.1));
  fore += foreFlowers(input, 3, tint("#78c17a"));
  // ferns
  for (const x of spots(rng, 3, 100, input.keepClear)) {
    for (let i = -2; i <= 2; i++)
      fore += `<path d="M${pt(x, W + 10)}Q${pt(x + i * 30, W - 80)} ${pt(x + i * 60, W - 100 + Math.abs(i) * 20)}" ${pen.line(tint("#3f9a5b"), 10)}/>`;
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
    far += pen.path(
      `M${pt(x - w, horizon + 20)}Q${pt(x - w * 0.3, horizon - h * 0.6)} ${pt(x - 20, horizon - h + 10)}Q${pt(x, horizon - h - 8)} ${pt(x + 20, horizon - h + 10)}Q${pt(x + w * 0.3, horizon - h * 0.6)} ${pt(x + w, horizon + 20)}Z`,
      col,
      0.7,
    );
    far += `<path d="M${pt(x - 70, horizon - h + 80)}Q${pt(x - 40, horizon - h + 20)} ${pt(x, horizon - h - 4)}Q${pt(x + 40, horizon - h + 20)} ${pt(x + 70, horizon - h + 80)}Q${pt(x + 40, horizon - h + 64)} ${pt(x + 20, horizon - h + 84)}Q${pt(x, horizon - h + 60)} ${pt(x - 20, horizon - h + 84)}Q${pt(x - 40, horizon - h + 64)} ${pt(x - 70, horizon - h + 80)}Z" fill="#ffffff"/>`;
  }
  let mid = pen.path(hillPath(rng, horizon + 10, 70, 4), tint("#8fcf7c"), 0.8);
  if (input.features.has("waterfall")) {
    const x = rng.chance(0.5) ? 180 : W - 180;
    mid += pen.path(
      `M${pt(x - 50, horizon - 200)}L${pt(x + 50, horizon - 200)}L${pt(x + 70, horizon + 40)}L${pt(x - 70, horizon + 40)}Z`,
      tint("#7fd3f7"),
      0.7,
    );
    for (let i = 0; i < 4; i++)
      mid += `<path d="M${pt(x - 36 + i * 24, horizon - 190)}L${pt(x - 44 + i * 30, horizon + 30)}" ${pen.line("#ffffff", 5)} opacity="0.7"/>`;
    mid += cloud(pen, x, horizon + 40, 200, "#ffffff", rng.next);
  }
  for (const x of spots(rng, 4, 80, [])) mid += pineTree(pen, x, horizon + rng.range(20, 50), rng.range(120, 180), tint("#4fae62"), tint("#8d5b3e"));
  let ground = pen.path(`M-40 ${n(horizon + 40)}L${W + 40} ${n(horizon + 40)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#9bd17c"), 0);
  ground += path(input, tint("#e3cfa8"));
  let fore = "";
  for (const x of spots(rng, 3, 150, input.keepClear)) {
    const y = W - rng.range(10, 50);
    fore +=
      pen.blob(
        [
          [x - 80, y + 40],
          [x - 70, y - 30],
          [x - 10, y - 60],
          [x + 60, y - 40],
          [x + 80, y + 40],
        ],
        tint("#b8b0bf"),
        1,
      ) + `<path d="M${pt(x - 30, y - 30)}Q${pt(x, y - 44)} ${pt(x + 30, y - 30)}" ${pen.line("#ffffff", 5)} opacity="0.6"/>`;
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
  for (const a of [-60, -20, 20, 60])
    far += `<path d="M${pt(ix + 6, seaTop - 110)}q${n(a * 0.8)} ${n(-14 + Math.abs(a) * 0.3)} ${n(a * 1.4)} ${n(10 + Math.abs(a) * 0.2)}" ${pen.line(tint("#4fae62"), 8)}/>`;
  let mid = "";
  for (let i = 0; i < 9; i++) {
    const y = seaTop + 20 + i * ((shore - seaTop - 20) / 9);
    const x = rng.range(0, W - 100);
    mid += `<path d="M${pt(x, y)}q20 -10 40 0t40 0" ${pen.line("#ffffff", 3 + i * 0.4)} opacity="0.7"/>`;
  }
  let ground = pen.path(
    `M-40 ${n(shore)}Q${n(W * 0.3)} ${n(shore - 24)} ${n(W * 0.6)} ${n(shore + 6)}T${W + 40} ${n(shore - 10)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`,
    tint("#f7dca2"),
    0.8,
  );
  ground += `<path d="M-40 ${n(shore + 6)}Q${n(W * 0.3)} ${n(shore - 16)} ${n(W * 0.6)} ${n(shore + 14)}T${W + 40} ${n(shore)}" ${pen.line("#ffffff", 8)} opacity="0.8"/>`;
  for (let i = 0; i < 10; i++)
    ground += `<circle cx="${n(rng.range(10, W - 10))}" cy="${n(rng.range(shore + 30, W - 10))}" r="${n(rng.range(2, 4))}" fill="${tint("#e0bf7a")}"/>`;
  let fore = "";
  const palmSide = rng.chance(0.5) ? -1 : 1;
  const px = palmSide < 0 ? 60 : W - 60;
  if (clearOf(px, 160, input.keepClear)) {
    fore += `<path d="M${pt(px, W + 20)}Q${pt(px + palmSide * -10, W - 300)} ${pt(px + palmSide * -80, W - 520)}" ${pen.line(pen.ink(tint("#b07a50")), 40)}/><path d="M${pt(px, W + 20)}Q${pt(px + palmSide * -10, W - 300)} ${pt(px + palmSide * -80, W - 520)}" ${pen.line(tint("#b07a50"), 32)}/>`;
    const tx = px + palmSide * -80;
    const ty = W - 520;
    for (const a of [-150, -110, -70, -30, 10, 200]) {
      const r = (a * Math.PI) / 180;
      fore += pen.path(
        `M${pt(tx, ty)}Q${pt(tx + Math.cos(r) * 90, ty + Math.sin(r) * 90 - 40)} ${pt(tx + Math.cos(r) * 170, ty + Math.sin(r) * 170 + 20)}Q${pt(tx + Math.cos(r) * 80, ty + Math.sin(r) * 80 + 10)} ${pt(tx, ty)}Z`,
        tint("#4fae62"),
      );
    }
    fore += pen.circle(tx - 10, ty + 14, 14, tint("#8d5b3e")) + pen.circle(tx + 14, ty + 10, 14, tint("#8d5b3e"));
  }
  for (const x of spots(rng, 3, 70, input.keepClear)) {
    const y = rng.range(W - 80, W - 30);
    fore += rng.chance(0.5)
      ? pen.path(roundStar(x, y, 26), tint("#ff9f80"))
      : pen.path(`M${pt(x - 22, y + 10)}Q${pt(x, y - 40)} ${pt(x + 22, y + 10)}Z`, tint("#ffd1dc")) +
        `<path d="M${pt(x, y + 8)}L${pt(x, y - 20)}M${pt(x - 10, y + 8)}L${pt(x - 6, y - 14)}M${pt(x + 10, y + 8)}L${pt(x + 6, y - 14)}" ${pen.line(tint("#f4a6b8"), 3)}/>`;
  }
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

function roundStar(cx: number, cy: number, r: number): string {
  return smoothPath(
    Array.from({ length: 10 }, (_, i) => {
      const a = ((-90 + i * 36) * Math.PI) / 180;
      const rr = i % 2 ? r * 0.5 : r;
      return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)] as [number, number];
    }),
  );
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
  for (const x of spots(
    rng,
    5,
    120,
    input.keepClear.map(([a, b]) => [a + 40, b - 40] as [number, number]),
  )) {
    const base = horizon + rng.range(60, 110);
    if (rng.chance(0.5)) {
      const c = rng.pick(coral);
      for (let i = -2; i <= 2; i++)
        mid += `<path d="M${pt(x, base)}Q${pt(x + i * 18, base - 80)} ${pt(x + i * 36, base - 120 - (2 - Math.abs(i)) * 30)}" ${pen.line(pen.ink(c), 26)}/>`;
      for (let i = -2; i <= 2; i++)
        mid += `<path d="M${pt(x, base)}Q${pt(x + i * 18, base - 80)} ${pt(x + i * 36, base - 120 - (2 - Math.abs(i)) * 30)}" ${pen.line(c, 20)}/>`;
    } else {
      for (let i = 0; i < 3; i++) {
        const sx = x + (i - 1) * 26;
        mid += `<path d="M${pt(sx, base)}Q${pt(sx - 30, base - 100)} ${pt(sx + 10, base - 170)}T${pt(sx, base - 300 + i * 30)}" ${pen.line(tint("#3fbf8f"), 16)}/>`;
      }
    }
  }
  let ground = pen.path(hillPath(rng, horizon + 110, 40, 5), tint("#f1d39a"), 0.8);
  for (let i = 0; i < 12; i++)
    ground += `<circle cx="${n(rng.range(10, W - 10))}" cy="${n(rng.range(horizon + 140, W - 10))}" r="${n(rng.range(2, 5))}" fill="${tint("#d9b778")}"/>`;
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
  for (let i = 0; i < 3; i++)
    sky += `<ellipse cx="${n(rng.range(100, W - 100))}" cy="${n(rng.range(100, horizon - 100))}" rx="${n(rng.range(160, 280))}" ry="${n(rng.range(60, 120))}" fill="${rng.pick(["#ff8fd8", "#7bd3ff", "#b79cff"])}" opacity="0.12" transform="rotate(${n(rng.range(-30, 30))} 512 300)"/>`;
  sky += stars(rng, 90, horizon + 40, "#fffbe0");
  let far = "";
  const px = rng.chance(0.5) ? rng.range(140, 320) : rng.range(W - 320, W - 140);
  const py = input.titleSpace ? rng.range(360, 440) : rng.range(150, 300);
  const pc = tint(rng.pick(["#ffb86b", "#ff8fb1", "#7bd3ff"]));
  far += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="130" ry="30" fill="none" stroke="${tint("#ffe7a8")}" stroke-width="14" transform="rotate(-16 ${n(px)} ${n(py)})"/>`;
  far +=
    pen.circle(px, py, 70, pc) +
    `<path d="M${pt(px - 66, py - 14)}Q${pt(px, py - 30)} ${pt(px + 66, py - 14)}" ${pen.line(lighten(pc, 0.3), 10)}/><path d="M${pt(px - 60, py + 22)}Q${pt(px, py + 6)} ${pt(px + 60, py + 22)}" ${pen.line(darken(pc, 0.1), 10)}/>`;
  far += `<path d="M${pt(px - 130 * 0.96, py + 36)}A130 30 -16 0 0 ${pt(px + 124, py - 36)}" fill="none" stroke="${tint("#ffe7a8")}" stroke-width="14" transform="rotate(0)"/>`;
  const mx = px < W / 2 ? rng.range(W - 260, W - 120) : rng.range(120, 260);
  far += pen.circle(mx, rng.range(120, 220), 34, tint("#7bd3ff")) + `<path d="M${pt(mx - 20, 150)}q10 -8 20 0" ${pen.line("#ffffff", 0)}/>`;
  let mid = "";
  for (let i = 0; i < 3; i++) {
    const x = rng.range(60, W - 60);
    const y = rng.range(80, horizon - 80);
    mid +=
      `<path d="M${pt(x, y)}l${n(-rng.range(80, 140))} ${n(rng.range(30, 60))}" ${pen.line("#fffbe0", 3)} opacity="0.5"/>` +
      `<path d="${starPath(x, y, 10, 4)}" fill="#fffbe0"/>`;
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
