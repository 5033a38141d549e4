/**
 * Garden things, clothes and weather things. The hero cannot wear clothes in this drawing engine,
 * so a hat or a pair of wellies is drawn as the thing itself, held or standing beside the child.
 */
import { darken, lighten } from "./color";
import { n, pt, starPath } from "./svg";
import type { ThingDef } from "./thing-kit";

const petals = (cx: number, cy: number, r: number, fill: string, count = 6) => {
  let s = "";
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    s += `<circle cx="${n(cx + Math.cos(a) * r)}" cy="${n(cy + Math.sin(a) * r)}" r="${n(r * 0.75)}" fill="${fill}"/>`;
  }
  return s;
};

export const HOME_THINGS_2 = {
  "watering can": {
    words: ["watering can", "watering cans", "watering-can"],
    w: 130,
    h: 90,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const tin = t("#52b788");
      let s = pen.path(`M${pt(30, -40)}L${pt(66, -76)}L${pt(74, -68)}L${pt(36, -20)}Z`, tin);
      s += pen.rect(60, -86, 20, 14, 4, darken(tin, 0.15), 1, `transform="rotate(45 70 -79)"`);
      s += `<path d="M-30 -66Q-6 -104 18 -66" ${pen.line(pen.ink(tin), 12)}/><path d="M-30 -66Q-6 -104 18 -66" ${pen.line(tin, 6)}/>`;
      s += pen.rect(-46, -68, 80, 68, 14, tin);
      s += `<path d="M80 -64l10 6M82 -56l8 10" ${pen.line(t("#9ad8ff"), 4)}/>`;
      s += pen.circle(-6, -34, 12, t("#ffd166"), 0.5);
      return s;
    },
  },
  spade: {
    words: ["spade", "spades", "shovel", "shovels", "trowel"],
    w: 50,
    h: 140,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const wood = t("#c98b4f");
      let s = `<path d="M0 -50L0 -126" ${pen.line(pen.ink(wood), 13)}/><path d="M0 -50L0 -126" ${pen.line(wood, 8)}/>`;
      s += pen.rect(-18, -140, 36, 14, 7, wood);
      s += pen.path(`M${pt(-22, -54)}L${pt(22, -54)}L${pt(20, -16)}Q${pt(0, 6)} ${pt(-20, -16)}Z`, t("#9aa5b8"));
      return s;
    },
  },
  "flower pot": {
    words: ["flower pot", "flower pots", "flowerpot", "flowerpots", "plant pot", "plant pots", "pot plant", "houseplant"],
    w: 90,
    h: 120,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const clay = t("#e07a5f");
      const leaf = t("#52b788");
      let s = `<path d="M0 -56L0 -96" ${pen.line(leaf, 6)}/>` + pen.ellipse(-16, -74, 16, 8, leaf, 0.6) + pen.ellipse(16, -82, 16, 8, leaf, 0.6);
      s += petals(0, -104, 9, t("#ff8fab")) + `<circle cx="0" cy="-104" r="8" fill="${t("#ffd166")}"/>`;
      s += pen.path(`M${pt(-34, -56)}L${pt(34, -56)}L${pt(24, 0)}L${pt(-24, 0)}Z`, clay);
      s += pen.rect(-40, -62, 80, 16, 5, lighten(clay, 0.1));
      return s;
    },
  },
  wheelbarrow: {
    words: ["wheelbarrow", "wheelbarrows", "wheel barrow"],
    w: 220,
    h: 120,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const tray = t("#4895ef");
      let s = `<path d="M-60 -56L-110 -80M-20 -40L-40 0" ${pen.line(pen.ink("#8a6d5a"), 10)}/><path d="M-60 -56L-110 -80M-20 -40L-40 0" ${pen.line(t("#8a6d5a"), 6)}/>`;
      s += pen.circle(60, -26, 26, "#3d405b") + `<circle cx="60" cy="-26" r="10" fill="${t("#ffd166")}"/>`;
      s += pen.path(`M${pt(-80, -100)}L${pt(100, -100)}L${pt(70, -44)}L${pt(-46, -44)}Z`, tray);
      s += `<ellipse cx="10" cy="-102" rx="84" ry="10" fill="${t("#8b5a3c")}"/>`;
      return s;
    },
  },
  sunflower: {
    words: ["sunflower", "sunflowers"],
    w: 100,
    h: 230,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const leaf = t("#52b788");
      let s = `<path d="M0 0Q-6 -90 0 -170" ${pen.line(pen.ink(leaf), 12)}/><path d="M0 0Q-6 -90 0 -170" ${pen.line(leaf, 7)}/>`;
      s += pen.ellipse(-24, -70, 24, 10, leaf, 1, `transform="rotate(-25 -24 -70)"`) + pen.ellipse(22, -104, 24, 10, leaf, 1, `transform="rotate(25 22 -104)"`);
      const gold = t("#ffc300");
      for (let i = 0; i < 12; i++) s += pen.ellipse(0, -214, 12, 22, gold, 0.6, `transform="rotate(${i * 30} 0 -180)"`);
      s += pen.circle(0, -180, 24, t("#8b5a3c"));
      return s;
    },
  },
  flower: {
    words: ["flower", "flowers", "bunch of flowers", "bouquet", "posy", "roses", "daisy", "daisies", "tulip", "tulips"],
    w: 90,
    h: 120,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const leaf = t("#52b788");
      let s = `<path d="M0 -10L-22 -84M0 -10L0 -96M0 -10L24 -80" ${pen.line(leaf, 5)}/>`;
      s += petals(-22, -90, 10, t("#ff6b8b")) + petals(0, -102, 10, t("#ffffff")) + petals(24, -86, 10, t("#9b5de5"));
      s += `<circle cx="-22" cy="-90" r="8" fill="${t("#ffd166")}"/><circle cx="0" cy="-102" r="8" fill="${t("#ffd166")}"/><circle cx="24" cy="-86" r="8" fill="${t("#ffd166")}"/>`;
      s += pen.path(`M${pt(-22, -50)}L${pt(22, -50)}L${pt(8, 0)}L${pt(-8, 0)}Z`, t("#ffe5ec"));
      s += `<path d="M-12 -32L12 -32" ${pen.line(t("#ff6b8b"), 5)}/>`;
      return s;
    },
  },
  seeds: {
    words: ["seeds", "seed", "seed packet", "packet of seeds", "seed packets"],
    w: 64,
    h: 90,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const paper = t("#fff3b0");
      let s = pen.rect(-30, -88, 60, 88, 6, paper);
      s += `<path d="M-30 -76L30 -76" ${pen.line(darken(paper, 0.25), 3)}/>`;
      s += petals(0, -48, 9, t("#ff9f1c")) + `<circle cx="0" cy="-48" r="8" fill="${t("#8b5a3c")}"/>`;
      s += `<path d="M0 -36L0 -14" ${pen.line(t("#52b788"), 4)}/>`;
      return s;
    },
  },
  mushroom: {
    words: ["mushroom", "mushrooms", "toadstool", "toadstools"],
    w: 100,
    h: 100,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const cap = t("#e63946");
      let s = pen.rect(-18, -56, 36, 56, 14, "#fff3e2");
      s += pen.path(`M${pt(-50, -50)}Q${pt(-50, -100)} ${pt(0, -100)}Q${pt(50, -100)} ${pt(50, -50)}Q${pt(0, -40)} ${pt(-50, -50)}Z`, cap);
      for (const [x, y, r] of [
        [-24, -70, 8],
        [8, -86, 9],
        [28, -64, 6],
      ])
        s += `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff"/>`;
      return s;
    },
  },
  birdhouse: {
    words: ["birdhouse", "birdhouses", "bird house", "bird box", "nest box", "bird table"],
    w: 90,
    h: 180,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const wood = t("#e9c46a");
      let s = pen.rect(-8, -100, 16, 100, 5, t("#8a6d5a"));
      s += pen.rect(-32, -152, 64, 56, 6, wood);
      s += pen.path(`M${pt(-44, -146)}L${pt(0, -180)}L${pt(44, -146)}Z`, t("#e76f51"));
      s += `<circle cx="0" cy="-128" r="11" fill="#3d2a2e"/>`;
      s += `<path d="M0 -108L0 -102" ${pen.line(t("#8a6d5a"), 6)}/>`;
      return s;
    },
  },
  snowman: {
    words: ["snowman", "snowmen", "snow man", "snowwoman"],
    w: 150,
    h: 230,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const snow = "#fbfdff";
      let s = `<path d="M-34 -120L-76 -150M34 -120L76 -154" ${pen.line(t("#8a6d5a"), 6)}/>`;
      s += pen.circle(0, -56, 58, snow) + pen.circle(0, -142, 42, snow) + pen.circle(0, -198, 30, snow);
      s += pen.rect(-24, -236, 48, 18, 4, "#3d405b") + pen.rect(-34, -222, 68, 8, 4, "#3d405b");
      s += `<path d="M-30 -172Q0 -160 30 -172" ${pen.line(t("#e63946"), 12)}/><path d="M20 -170L26 -140" ${pen.line(t("#e63946"), 10)}/>`;
      s += `<circle cx="-11" cy="-206" r="4" fill="#2b1d2e"/><circle cx="11" cy="-206" r="4" fill="#2b1d2e"/>`;
      s += pen.path(`M${pt(0, -198)}L${pt(28, -192)}L${pt(0, -190)}Z`, t("#ff9f1c"), 0.5);
      s += `<circle cx="0" cy="-150" r="4" fill="#2b1d2e"/><circle cx="0" cy="-130" r="4" fill="#2b1d2e"/><circle cx="0" cy="-70" r="5" fill="#2b1d2e"/>`;
      return s;
    },
  },
  sandcastle: {
    words: ["sandcastle", "sandcastles", "sand castle", "sand castles"],
    w: 200,
    h: 150,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const sand = t("#f2cc8f");
      const tower = (x: number, w: number, h: number) => {
        let s = pen.rect(x - w / 2, -h, w, h, 4, sand);
        for (let i = 0; i < 3; i++) s += pen.rect(x - w / 2 + (i * w) / 3 + 2, -h - 12, w / 3 - 4, 14, 2, sand);
        return s;
      };
      let s = `<path d="M0 -150L0 -120" ${pen.line("#8a6d5a", 3)}/><path d="M0 -150L22 -143L0 -136Z" fill="${t("#e63946")}"/>`;
      s += tower(-64, 48, 80) + tower(64, 48, 80) + tower(0, 60, 110) + pen.rect(-90, -50, 180, 50, 6, sand);
      s += `<path d="M-14 0L-14 -26Q0 -40 14 -26L14 0Z" fill="${darken(sand, 0.3)}"/>`;
      s += `<path d="M-80 -26L-56 -26M56 -36L80 -36" ${pen.line(darken(sand, 0.15), 3)}/>`;
      return s;
    },
  },
  tent: {
    words: ["tent", "tents", "wigwam", "teepee"],
    w: 260,
    h: 190,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const canvas = t("#f4a261");
      let s = pen.path(`M${pt(-126, 0)}L${pt(0, -180)}L${pt(126, 0)}Z`, canvas);
      s += pen.path(`M${pt(-40, 0)}L${pt(0, -120)}L${pt(40, 0)}Z`, "#3d2a4d");
      s += pen.path(`M${pt(0, -120)}L${pt(-40, 0)}L${pt(-62, 0)}Z`, lighten(canvas, 0.25));
      s += `<path d="M0 -180L0 -198" ${pen.line("#8a6d5a", 5)}/><path d="M0 -198L22 -191L0 -184Z" fill="${t("#e63946")}"/>`;
      return s;
    },
  },
  wellies: {
    words: ["wellies", "welly", "wellington boots", "wellingtons", "wellington", "rain boots", "rainboots", "gumboots", "rubber boots"],
    w: 120,
    h: 100,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const boot = t("#ffbe0b");
      const one = (x: number, c: string) =>
        pen.path(`M${pt(x - 20, -96)}L${pt(x + 14, -96)}L${pt(x + 14, -34)}Q${pt(x + 46, -30)} ${pt(x + 44, 0)}L${pt(x - 22, 0)}Z`, c) +
        pen.rect(x - 24, -100, 42, 14, 6, darken(c, 0.12)) +
        `<rect x="${x - 22}" y="-10" width="66" height="10" rx="4" fill="${darken(c, 0.3)}"/>`;
      return one(-30, darken(boot, 0.08)) + one(8, boot);
    },
  },
  hat: {
    words: ["hat", "hats", "sun hat", "sunhat", "woolly hat", "wooly hat", "bobble hat", "beanie", "top hat"],
    w: 110,
    h: 80,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const straw = t("#f6d186");
      let s = pen.ellipse(0, -16, 54, 16, straw);
      s += pen.path(`M${pt(-32, -20)}Q${pt(-32, -76)} ${pt(0, -76)}Q${pt(32, -76)} ${pt(32, -20)}Z`, straw);
      s += `<path d="M-32 -30Q0 -22 32 -30" ${pen.line(t("#ff6b8b"), 10)}/>`;
      s += petals(22, -34, 5, t("#ffffff"), 5) + `<circle cx="22" cy="-34" r="4" fill="${t("#ffd166")}"/>`;
      return s;
    },
  },
  raincoat: {
    words: ["raincoat", "raincoats", "rain coat", "coat", "coats", "jacket", "jackets", "anorak"],
    w: 110,
    h: 130,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const coat = t("#ffd60a");
      let s = pen.path(
        `M${pt(-30, -120)}L${pt(-54, -100)}L${pt(-54, -40)}L${pt(-36, -40)}L${pt(-36, 0)}L${pt(36, 0)}L${pt(36, -40)}L${pt(54, -40)}L${pt(54, -100)}L${pt(30, -120)}Q${pt(0, -100)} ${pt(-30, -120)}Z`,
        coat,
      );
      s += pen.path(`M${pt(-30, -120)}Q${pt(0, -150)} ${pt(30, -120)}Q${pt(0, -104)} ${pt(-30, -120)}Z`, darken(coat, 0.12));
      s += `<path d="M0 -106L0 0" ${pen.line(darken(coat, 0.3), 3)}/>`;
      for (const y of [-86, -60, -34]) s += `<circle cx="8" cy="${y}" r="4" fill="${t("#3d405b")}"/>`;
      return s;
    },
  },
  scarf: {
    words: ["scarf", "scarves", "scarfs"],
    w: 100,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const wool = t("#e63946");
      let s = pen.path(`M${pt(-40, -110)}Q${pt(0, -90)} ${pt(40, -110)}L${pt(40, -90)}Q${pt(0, -70)} ${pt(-40, -90)}Z`, wool);
      s += pen.rect(10, -96, 26, 90, 8, wool);
      for (const y of [-70, -44]) s += `<rect x="10" y="${y}" width="26" height="10" fill="#ffffff"/>`;
      s += `<path d="M14 -6L14 6M23 -6L23 6M32 -6L32 6" ${pen.line(wool, 4)}/>`;
      return s;
    },
  },
  crown: {
    words: ["crown", "crowns", "tiara", "tiaras"],
    w: 100,
    h: 76,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const gold = t("#ffd23f");
      let s = `<ellipse cx="0" cy="-36" rx="56" ry="40" fill="#fff6a8" opacity="0.35"/>`;
      s += pen.path(`M${pt(-46, 0)}L${pt(-48, -60)}L${pt(-24, -34)}L${pt(0, -72)}L${pt(24, -34)}L${pt(48, -60)}L${pt(46, 0)}Z`, gold);
      s += `<circle cx="0" cy="-18" r="8" fill="${t("#e63946")}"/><circle cx="-28" cy="-16" r="6" fill="${t("#4cc9f0")}"/><circle cx="28" cy="-16" r="6" fill="${t("#52b788")}"/>`;
      return s;
    },
  },
  cape: {
    words: ["cape", "capes", "cloak", "cloaks", "superhero cape"],
    w: 110,
    h: 130,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const red = t("#d62828");
      let s = pen.path(`M${pt(-20, -126)}Q${pt(-50, -60)} ${pt(-54, 0)}Q${pt(0, -14)} ${pt(54, 0)}Q${pt(50, -60)} ${pt(20, -126)}Z`, red);
      s += pen.rect(-26, -132, 52, 12, 6, t("#ffd166"));
      s += `<path d="${starPath(0, -60, 20, 9)}" fill="${t("#ffd166")}"/>`;
      return s;
    },
  },
  shoes: {
    words: ["shoes", "shoe", "trainers", "sneakers", "slippers", "sandals"],
    w: 120,
    h: 60,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const one = (x: number, c: string) =>
        pen.path(`M${pt(x - 24, -48)}L${pt(x + 4, -48)}Q${pt(x + 10, -30)} ${pt(x + 28, -26)}Q${pt(x + 48, -22)} ${pt(x + 46, 0)}L${pt(x - 26, 0)}Z`, c) +
        `<rect x="${x - 26}" y="-10" width="72" height="10" rx="4" fill="#ffffff"/>` +
        `<path d="M${pt(x - 2, -38)}L${pt(x + 12, -30)}M${pt(x - 4, -28)}L${pt(x + 10, -20)}" ${pen.line("#ffffff", 3)}/>`;
      return one(-34, darken(t("#4361ee"), 0.1)) + one(4, t("#4361ee"));
    },
  },
  gloves: {
    words: ["gloves", "glove", "mittens", "mitten", "mitts"],
    w: 110,
    h: 80,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const wool = t("#9b5de5");
      const one = (x: number) =>
        pen.path(`M${pt(x - 20, 0)}L${pt(x - 22, -50)}Q${pt(x - 22, -78)} ${pt(x, -78)}Q${pt(x + 22, -78)} ${pt(x + 20, -44)}L${pt(x + 20, 0)}Z`, wool) +
        pen.ellipse(x + 24, -40, 9, 16, wool, 1, `transform="rotate(20 ${x + 24} -40)"`) +
        `<rect x="${x - 20}" y="-14" width="40" height="14" fill="${lighten(wool, 0.45)}"/>`;
      return `<path d="M-26 -70Q0 -110 26 -70" ${pen.line("#ffffff", 3)}/>` + one(-26) + one(26);
    },
  },
  sunglasses: {
    words: ["sunglasses", "sun glasses", "sunnies"],
    w: 110,
    h: 44,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const frame = t("#ff4d8d");
      let s = `<path d="M-54 -30L-34 -30M34 -30L54 -30M-10 -30Q0 -38 10 -30" ${pen.line(frame, 6)}/>`;
      for (const x of [-24, 24]) s += pen.rect(x - 22, -40, 44, 34, 14, "#2b1d2e") + `<path d="M${x - 12} -30L${x - 4} -22" ${pen.line("#ffffff", 4)}/>`;
      return s;
    },
  },
  snowflake: {
    words: ["snowflake", "snowflakes", "snow flake"],
    w: 100,
    h: 100,
    placement: "air",
    companion: false,
    draw(pen, t) {
      const ice = t("#a9def9");
      let arms = "";
      for (let i = 0; i < 6; i++)
        arms += `<g transform="rotate(${i * 60} 0 -50)"><path d="M0 -50L0 -96M0 -80L-12 -90M0 -80L12 -90M0 -66L-10 -74M0 -66L10 -74"/></g>`;
      return (
        `<g stroke="${pen.ink(ice)}" stroke-width="12" stroke-linecap="round" fill="none">${arms}</g>` +
        `<g stroke="${ice}" stroke-width="6" stroke-linecap="round" fill="none">${arms}</g>` +
        pen.circle(0, -50, 10, "#ffffff")
      );
    },
  },
  puddle: {
    words: ["puddle", "puddles"],
    w: 220,
    h: 50,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const water = t("#74c0fc");
      let s = pen.path(
        `M${pt(-100, -20)}Q${pt(-110, -44)} ${pt(-60, -42)}Q${pt(-20, -52)} ${pt(20, -42)}Q${pt(100, -48)} ${pt(104, -22)}Q${pt(108, 0)} ${pt(40, -2)}Q${pt(-20, 4)} ${pt(-70, -2)}Q${pt(-100, -4)} ${pt(-100, -20)}Z`,
        water,
      );
      s += `<ellipse cx="-10" cy="-24" rx="40" ry="9" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.8"/><ellipse cx="-10" cy="-24" rx="18" ry="4" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.8"/>`;
      s += `<path d="M50 -30L70 -30" ${pen.line("#ffffff", 4)}/>`;
      return s;
    },
  },
} satisfies Record<string, ThingDef>;
