/**
 * Backdrops for the built and indoor places: a castle, the land in the sky, a town and a bedroom.
 */
import {
  celestial,
  clearOf,
  clouds,
  flower,
  FLOWER_COLOURS,
  foreFlowers,
  hillPath,
  lightLayer,
  roundTree,
  skyRect,
  spots,
  stars,
  W,
  type BackdropInput,
  type Layers,
} from "./backdrop-parts";
import { darken, lighten } from "./color";
import { cloud, n, Pen, pt, starPath } from "./svg";

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

export function castle(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time, book } = input;
  const sky = skyRect("sky", time, tint) + celestial(input, 0) + clouds(input, 3, 60, horizon - 320);
  let far = pen.path(hillPath(rng, horizon - 20, 80, 5), tint("#b9e3a2"), 0.6);
  const cx = input.keepClear.length && (input.keepClear[0][0] + input.keepClear[0][1]) / 2 < W / 2 ? rng.range(600, 760) : rng.range(260, 420);
  far += castleBackdrop(pen, tint, cx, horizon + 30, rng.range(0.75, 0.95), Math.floor(book.next() * 1000));
  let mid = pen.path(hillPath(rng, horizon + 40, 40, 5), tint("#9fd786"), 0.8);
  for (const x of spots(rng, 2, 140, [[cx - 260, cx + 260]]))
    mid += roundTree(pen, x, horizon + 60, rng.range(200, 260), tint("#5fb862"), tint("#9c6b4a"), rng);
  let ground = pen.path(`M-40 ${n(horizon + 60)}L${W + 40} ${n(horizon + 60)}L${W + 40} ${W + 40}L-40 ${W + 40}Z`, tint("#9bd17c"), 0);
  ground += `<path d="M${pt(cx - 26, horizon + 40)}L${pt(cx + 26, horizon + 40)}Q${pt(cx + 120, horizon + 200)} ${pt(W / 2 + 220, W + 20)}L${pt(W / 2 - 220, W + 20)}Q${pt(cx - 120, horizon + 200)} ${pt(cx - 26, horizon + 40)}Z" fill="${tint("#f1d9a6")}"/>`;
  for (let i = 0; i < 8; i++) ground += flower(rng.range(20, W - 20), rng.range(horizon + 80, W - 140), rng.range(5, 8), tint(rng.pick(FLOWER_COLOURS)), pen);
  return { sky, far, mid, ground, fore: foreFlowers(input, 4, tint("#9bd17c")), light: lightLayer(time) };
}

export function skyland(input: BackdropInput): Layers {
  const { rng, pen, tint, horizon, time } = input;
  let sky = skyRect("sky", time, tint) + celestial(input, 0);
  if (time !== "night" && (input.features.has("rainbow") || rng.chance(0.5))) {
    const rx = rng.range(300, 700);
    const colours = ["#ff6b6b", "#ffa94d", "#ffd43b", "#69db7c", "#4dabf7", "#9775fa"];
    colours.forEach(
      (c, i) =>
        (sky += `<path d="M${pt(rx - 420 + i * 18, horizon + 80)}A${n(420 - i * 18)} ${n(380 - i * 18)} 0 0 1 ${pt(rx + 420 - i * 18, horizon + 80)}" fill="none" stroke="${tint(c)}" stroke-width="20" opacity="0.8"/>`),
    );
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
  for (let i = 0; i < 7; i++)
    ground += cloud(pen, -60 + i * 190 + rng.range(-20, 20), horizon + 150 + rng.range(-20, 30), rng.range(320, 380), cloudColour, rng.next);
  ground += `<rect x="-40" y="${n(horizon + 200)}" width="${W + 80}" height="${n(W - horizon)}" fill="${cloudColour}"/>`;
  let fore = "";
  for (const x of spots(rng, 2, 220, input.keepClear)) fore += cloud(pen, x, W - 40, 260, cloudColour, rng.next);
  return { sky, far, mid, ground, fore, light: time === "night" ? lightLayer("evening") : "" };
}

export function town(input: BackdropInput): Layers {
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
    for (const wx of [x + w * 0.22, x + w * 0.62])
      mid +=
        pen.rect(wx, base - h + 40, w * 0.2, 44, 6, lit ? "#ffe08a" : tint("#e8f6ff"), 0.6) +
        `<path d="M${pt(wx + w * 0.1, base - h + 40)}L${pt(wx + w * 0.1, base - h + 84)}" ${pen.line(pen.ink(wall), 2)}/>`;
    mid +=
      pen.rect(x + w * 0.4, base - 80, w * 0.22, 80, 12, tint(roofs[(i + 1) % roofs.length]), 0.8) +
      `<circle cx="${n(x + w * 0.57)}" cy="${n(base - 40)}" r="3.5" fill="#ffd166"/>`;
    if (rng.chance(0.4))
      mid +=
        pen.rect(x + w * 0.18, base - h * 0.45, w * 0.64, 16, 4, tint("#ffffff"), 0.5) +
        flower(x + w * 0.3, base - h * 0.45 - 6, 6, tint("#ff6b8b"), pen) +
        flower(x + w * 0.7, base - h * 0.45 - 6, 6, tint("#ffd166"), pen);
    x += w + rng.range(6, 30);
    i++;
  }
  let ground = `<rect x="-40" y="${n(horizon + 70)}" width="${W + 80}" height="40" fill="${tint("#efe3d0")}"/>`;
  ground += `<rect x="-40" y="${n(horizon + 110)}" width="${W + 80}" height="${n(W - horizon)}" fill="${tint("#d8cfc2")}"/>`;
  for (let r = 0; r < 8; r++) {
    const y = horizon + 130 + r * r * 6 + r * 14;
    for (let c = 0; c < 14; c++)
      ground += `<rect x="${n(c * 80 + (r % 2) * 40 - 20)}" y="${n(y)}" width="${n(60 + r * 2)}" height="${n(10 + r * 2)}" rx="5" fill="${tint("#c9bfb1")}"/>`;
  }
  let fore = "";
  const lampX = rng.chance(0.5) ? 70 : W - 70;
  if (clearOf(lampX, 80, input.keepClear)) {
    fore +=
      pen.rect(lampX - 8, W - 520, 16, 540, 6, tint("#4a5a7a")) +
      pen.path(
        `M${pt(lampX - 34, W - 520)}L${pt(lampX + 34, W - 520)}L${pt(lampX + 22, W - 580)}L${pt(lampX - 22, W - 580)}Z`,
        time === "night" || time === "evening" ? "#ffe08a" : "#fff7dd",
      );
    if (time === "night" || time === "evening") fore += `<circle cx="${lampX}" cy="${W - 550}" r="90" fill="#ffe08a" opacity="0.25"/>`;
  }
  return { sky, far, mid, ground, fore, light: lightLayer(time) };
}

export function bedroom(input: BackdropInput): Layers {
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
  for (let y = 40; y < floorY - 20; y += 70)
    for (let x = ((y / 70) % 2) * 35 - 20; x < W + 20; x += 70)
      sky += (x + y) % 140 < 70 ? `<path d="${starPath(x, y, 9, 4)}" fill="${dot}"/>` : `<circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${dot}"/>`;
  // window with the time of day outside
  const ww = 260;
  const wh = 300;
  const wy = floorY - 520;
  let far = `<clipPath id="win"><rect x="${n(windowX - ww / 2)}" y="${n(wy)}" width="${ww}" height="${wh}" rx="20"/></clipPath>`;
  const outside: BackdropInput = { ...input, titleSpace: false, horizon: wy + wh - 60 };
  far += `<g clip-path="url(#win)">${skyRect("skyw", time, tint)}${time === "night" ? stars(rng, 18, wy + wh) : ""}<g transform="translate(${n(windowX - 512)} 0)">${celestialAt(outside, windowX, wy + 90)}</g>${pen.path(hillPath(rng, wy + wh - 40, 40, 3), tint("#9fd786"), 0.5)}</g>`;
  far +=
    pen.rect(windowX - ww / 2, wy, ww, wh, 20, "none", 2.2) +
    `<path d="M${pt(windowX, wy)}L${pt(windowX, wy + wh)}M${pt(windowX - ww / 2, wy + wh / 2)}L${pt(windowX + ww / 2, wy + wh / 2)}" ${pen.line(tint("#ffffff"), 12)}/>`;
  far +=
    pen.rect(windowX - ww / 2 - 6, wy - 6, ww + 12, wh + 12, 24, "none", 0) +
    `<rect x="${n(windowX - ww / 2 - 6)}" y="${n(wy - 6)}" width="${ww + 12}" height="${wh + 12}" rx="24" fill="none" stroke="#ffffff" stroke-width="12"/>`;
  const curtain = tint(book.pick(["#ff9fb2", "#8fd3c0", "#ffd166", "#b79cff"]));
  far += pen.path(
    `M${pt(windowX - ww / 2 - 50, wy - 30)}L${pt(windowX - ww / 2 + 20, wy - 30)}Q${pt(windowX - ww / 2, wy + wh / 2)} ${pt(windowX - ww / 2 + 30, wy + wh + 30)}L${pt(windowX - ww / 2 - 50, wy + wh + 30)}Z`,
    curtain,
  );
  far += pen.path(
    `M${pt(windowX + ww / 2 + 50, wy - 30)}L${pt(windowX + ww / 2 - 20, wy - 30)}Q${pt(windowX + ww / 2, wy + wh / 2)} ${pt(windowX + ww / 2 - 30, wy + wh + 30)}L${pt(windowX + ww / 2 + 50, wy + wh + 30)}Z`,
    curtain,
  );
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
  mid +=
    pen.rect(frameX - 60, floorY - 440, 120, 90, 8, "#fffdf6") +
    `<path d="M${pt(frameX - 40, floorY - 370)}L${pt(frameX - 10, floorY - 410)}L${pt(frameX + 10, floorY - 385)}L${pt(frameX + 25, floorY - 400)}L${pt(frameX + 45, floorY - 370)}Z" fill="${tint("#69db7c")}"/><circle cx="${n(frameX + 28)}" cy="${n(floorY - 422)}" r="10" fill="${tint("#ffd43b")}"/>`;
  // floor with planks running to the back wall
  const floor = tint("#e2b887");
  let ground = `<rect x="-40" y="${n(floorY)}" width="${W + 80}" height="${n(W - floorY + 40)}" fill="${floor}"/>`;
  ground += `<rect x="-40" y="${n(floorY - 16)}" width="${W + 80}" height="20" fill="${tint("#fffaf2")}" stroke="${pen.ink(floor)}" stroke-width="${n(pen.outlineWidth * 0.6)}"/>`;
  for (let i = -6; i <= 6; i++)
    ground += `<path d="M${pt(W / 2 + pan + i * 70, floorY)}L${pt(W / 2 + pan * 1.5 + i * 190, W + 40)}" ${pen.line(darken(floor, 0.12), 3)}/>`;
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
    fore +=
      pen.circle(tx - 26, ty - 96, 16, fur) +
      pen.circle(tx + 26, ty - 96, 16, fur) +
      pen.ellipse(tx, ty - 30, 40, 44, fur) +
      pen.circle(tx, ty - 80, 34, fur) +
      pen.ellipse(tx, ty - 70, 14, 10, lighten(fur, 0.4), 0.5) +
      `<circle cx="${n(tx - 12)}" cy="${n(ty - 88)}" r="4" fill="#2b1d2e"/><circle cx="${n(tx + 12)}" cy="${n(ty - 88)}" r="4" fill="#2b1d2e"/><circle cx="${n(tx)}" cy="${n(ty - 74)}" r="4" fill="#2b1d2e"/>`;
  }
  const light = time === "night" ? `<rect x="-40" y="-40" width="${W + 80}" height="${W + 80}" fill="#2a2f6e" opacity="0.22"/>` : "";
  return { sky, far, mid, ground, fore, light };
}

function celestialAt(input: BackdropInput, x: number, y: number): string {
  const { time, pen } = input;
  if (time === "night") return pen.path(`M${pt(512 + 6, y - 34)}A36 36 0 1 0 ${pt(512 + 26, y + 26)}A28 28 0 1 1 ${pt(512 + 6, y - 34)}Z`, "#fff3c4");
  return pen.circle(512 + 40, y, 34, input.tint(time === "evening" ? "#ff9d5c" : "#ffd23f")) + (x ? "" : "");
}
