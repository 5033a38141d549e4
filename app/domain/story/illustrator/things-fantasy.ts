/**
 * The friendly creatures of a fantasy story. All round, all smiling, no teeth or claws; the ones shaped
 * like people (wizard, witch, giant, elf) are drawn as people with their own hat and robe.
 */
import { lighten } from "./color";
import { pt, starPath, type Pen } from "./svg";
import { blush, eye, smile, type ThingDef } from "./thing-kit";
import { person, type Look } from "./things-people";

const pointyHat = (color: string, brim: boolean) => (pen: Pen, t: (hex: string) => string, top: number, r: number) =>
  (brim ? pen.ellipse(0, top + r * 0.25, r * 1.4, r * 0.22, t(color)) : "") +
  pen.path(
    `M${pt(-r * 0.85, top + r * 0.25)}Q${pt(-r * 0.2, top - r * 0.6)} ${pt(r * 0.3, top - r * 1.6)}Q${pt(r * 0.3, top - r * 0.6)} ${pt(r * 0.85, top + r * 0.25)}Z`,
    t(color),
  ) +
  `<path d="${starPath(r * 0.05, top - r * 0.2, r * 0.22, r * 0.1)}" fill="${t("#ffd23f")}"/>`;
const P = (words: string[], w: number, h: number, look: Look): ThingDef => ({
  words,
  w,
  h,
  placement: "ground",
  companion: true,
  draw: (pen, t, { seed }) => person(pen, t, seed, look),
});
const face = (pen: Pen, x: number, y: number, r: number) =>
  eye(x - r * 0.4, y, r * 0.16) +
  eye(x + r * 0.4, y, r * 0.16) +
  blush(x - r * 0.65, y + r * 0.35, r * 0.16) +
  blush(x + r * 0.65, y + r * 0.35, r * 0.16) +
  smile(x, y + r * 0.35, r * 0.22, pen);

export const FANTASY_THINGS = {
  unicorn: {
    words: ["unicorn", "unicorns", "pegasus"],
    w: 260,
    h: 280,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const white = t("#fbf8ff");
      const mane = [t("#ff8fb1"), t("#b79cff"), t("#7bdff2")];
      let s = `<path d="M-90 -120Q-140 -110 -130 -50" ${pen.line(mane[1], 22)}/>`;
      for (const x of [-70, -40, 30, 60]) s += pen.rect(x - 13, -80, 26, 80, 12, white);
      s += pen.ellipse(-5, -110, 100, 50, white);
      s += pen.path(`M${pt(40, -140)}L${pt(70, -220)}L${pt(120, -210)}L${pt(100, -130)}Z`, white);
      s += pen.ellipse(100, -214, 50, 38, white);
      s += pen.path(`M${pt(92, -246)}L${pt(112, -310)}L${pt(118, -244)}Z`, t("#ffd23f"));
      mane.forEach(
        (m, i) =>
          (s += `<path d="M${pt(62 - i * 10, -246 + i * 30)}Q${pt(30 - i * 10, -220 + i * 30)} ${pt(40 - i * 12, -170 + i * 30)}" ${pen.line(m, 16)}/>`),
      );
      s += eye(104, -220, 8) + blush(118, -196, 9) + smile(132, -200, 7, pen);
      return s;
    },
  },
  fairy: {
    words: ["fairy", "fairies", "pixie"],
    w: 150,
    h: 220,
    placement: "air",
    companion: true,
    draw(pen, t) {
      const wing = t("#bde0fe");
      let s = pen.ellipse(-44, -150, 40, 56, wing, 0.6, `opacity="0.85"`) + pen.ellipse(44, -150, 40, 56, wing, 0.6, `opacity="0.85"`);
      s += pen.path(`M${pt(-36, -40)}L${pt(0, -140)}L${pt(36, -40)}Q${pt(0, -28)} ${pt(-36, -40)}Z`, t("#ff8fb1"));
      s +=
        pen.circle(0, -170, 34, t("#f6c9a8")) +
        pen.path(`M${pt(-36, -170)}Q${pt(-36, -214)} ${pt(0, -210)}Q${pt(36, -214)} ${pt(36, -170)}Q${pt(0, -196)} ${pt(-36, -170)}Z`, t("#ffd166"));
      s += face(pen, 0, -166, 34);
      s += `<path d="M40 -110L70 -150" ${pen.line(t("#c9a26b"), 5)}/><path d="${starPath(72, -156, 16, 7)}" fill="${t("#ffd23f")}"/>`;
      return s;
    },
  },
  mermaid: {
    words: ["mermaid", "mermaids", "merman"],
    w: 180,
    h: 280,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const tail = t("#2ec4b6");
      let s = pen.path(`M${pt(-40, -140)}Q${pt(-60, -60)} ${pt(10, -30)}Q${pt(40, -20)} ${pt(50, -10)}L${pt(40, -140)}Z`, tail);
      s += pen.path(`M${pt(40, -16)}L${pt(90, -50)}L${pt(96, 0)}Z`, lighten(tail, 0.2));
      s += pen.rect(-44, -200, 88, 70, 30, t("#f1c7a5"));
      s += pen.ellipse(-20, -180, 18, 14, t("#b79cff")) + pen.ellipse(20, -180, 18, 14, t("#b79cff"));
      s += pen.path(`M${pt(-48, -240)}Q${pt(-80, -150)} ${pt(-50, -120)}L${pt(50, -120)}Q${pt(80, -150)} ${pt(48, -240)}Z`, t("#ff6b4a"));
      s +=
        pen.circle(0, -240, 40, t("#f1c7a5")) +
        pen.path(`M${pt(-42, -236)}Q${pt(-40, -290)} ${pt(0, -286)}Q${pt(42, -290)} ${pt(42, -236)}Q${pt(0, -270)} ${pt(-42, -236)}Z`, t("#ff6b4a"));
      s += face(pen, 0, -236, 40);
      return s;
    },
  },
  wizard: P(["wizard", "wizards", "sorcerer", "magician"], 200, 560, {
    tall: 470,
    hair: "long",
    grey: true,
    dress: true,
    uniform: "#5c4bdb",
    hat: pointyHat("#5c4bdb", false),
  }),
  witch: P(["witch", "witches"], 200, 540, { tall: 450, hair: "long", dress: true, uniform: "#8e5cff", hat: pointyHat("#3d2c6b", true) }),
  giant: P(["giant", "giants", "ogre"], 300, 680, { tall: 680, hair: "short", uniform: "#8ac926" }),
  elf: P(["elf", "elves"], 150, 320, { tall: 280, hair: "short", uniform: "#2a9d8f", hat: pointyHat("#e63946", false) }),
  monster: {
    words: ["monster", "monsters", "troll", "trolls"],
    w: 220,
    h: 240,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const fur = t("#9b5de5");
      let s =
        pen.path(`M${pt(-70, -180)}L${pt(-60, -230)}L${pt(-40, -190)}Z`, t("#ffd166")) +
        pen.path(`M${pt(70, -180)}L${pt(60, -230)}L${pt(40, -190)}Z`, t("#ffd166"));
      s += pen.rect(-60, -50, 40, 50, 18, fur) + pen.rect(20, -50, 40, 50, 18, fur);
      s += pen.blob(
        [
          [-100, -100],
          [-80, -190],
          [0, -210],
          [80, -190],
          [100, -100],
          [60, -30],
          [-60, -30],
        ],
        fur,
      );
      s += pen.ellipse(0, -80, 50, 36, lighten(fur, 0.35), 0.5);
      s += eye(0, -150, 22) + blush(-56, -118, 12) + blush(56, -118, 12) + smile(0, -116, 20, pen);
      return s;
    },
  },
  ghost: {
    words: ["ghost", "ghosts"],
    w: 150,
    h: 190,
    placement: "air",
    companion: true,
    draw(pen, t) {
      let s = pen.path(
        `M${pt(-60, -10)}L${pt(-60, -120)}Q${pt(-60, -190)} ${pt(0, -190)}Q${pt(60, -190)} ${pt(60, -120)}L${pt(60, -10)}Q${pt(40, -30)} ${pt(20, -10)}Q${pt(0, -30)} ${pt(-20, -10)}Q${pt(-40, -30)} ${pt(-60, -10)}Z`,
        t("#f8f8ff"),
        1,
        `opacity="0.95"`,
      );
      s += face(pen, 0, -124, 50);
      return s;
    },
  },
  alien: {
    words: ["alien", "aliens", "martian"],
    w: 160,
    h: 240,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const green = t("#7bd389");
      let s =
        `<path d="M-30 -196L-50 -236M30 -196L50 -236" ${pen.line(green, 6)}/>` +
        pen.circle(-50, -238, 10, t("#ffd166")) +
        pen.circle(50, -238, 10, t("#ffd166"));
      s += pen.rect(-36, -60, 28, 60, 12, green) + pen.rect(8, -60, 28, 60, 12, green);
      s += pen.ellipse(0, -90, 46, 50, t("#c9d3e6"));
      s += pen.ellipse(0, -160, 66, 50, green);
      s += eye(-24, -166, 14) + eye(24, -166, 14) + eye(0, -190, 9) + smile(0, -136, 12, pen);
      return s;
    },
  },
  yeti: {
    words: ["yeti", "yetis", "bigfoot"],
    w: 240,
    h: 320,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const fur = t("#f4f7fb");
      let s = pen.rect(-70, -70, 50, 70, 22, fur) + pen.rect(20, -70, 50, 70, 22, fur);
      s += pen.blob(
        [
          [-110, -150],
          [-90, -280],
          [0, -310],
          [90, -280],
          [110, -150],
          [70, -50],
          [-70, -50],
        ],
        fur,
      );
      s += `<path d="M-100 -200Q-130 -140 -110 -100M100 -200Q130 -140 110 -100" ${pen.line(fur, 34)}/>`;
      s += pen.ellipse(0, -230, 56, 46, t("#a8c5e8"));
      s += face(pen, 0, -236, 56);
      return s;
    },
  },
  phoenix: {
    words: ["phoenix", "firebird"],
    w: 240,
    h: 240,
    placement: "air",
    companion: true,
    draw(pen, t) {
      const red = t("#ff6b4a");
      const gold = t("#ffd23f");
      let s = "";
      for (const [dx, c] of [
        [-40, gold],
        [0, red],
        [40, gold],
      ] as const)
        s += `<path d="M-30 -80Q${-80 + dx} -20 ${-110 + dx} 0" ${pen.line(c, 14)}/>`;
      s += pen.path(`M${pt(-20, -130)}Q${pt(-120, -230)} ${pt(-110, -120)}Q${pt(-70, -100)} ${pt(-20, -100)}Z`, gold);
      s += pen.path(`M${pt(20, -130)}Q${pt(120, -230)} ${pt(110, -120)}Q${pt(70, -100)} ${pt(20, -100)}Z`, gold);
      s += pen.ellipse(0, -100, 50, 44, red) + pen.circle(20, -160, 34, red);
      s += pen.path(`M${pt(50, -166)}L${pt(74, -156)}L${pt(50, -148)}Z`, t("#ffb703"));
      s += pen.path(`M${pt(10, -192)}Q${pt(0, -230)} ${pt(20, -236)}Q${pt(20, -210)} ${pt(30, -192)}Z`, gold);
      s += eye(26, -166, 7) + blush(12, -146, 7);
      return s;
    },
  },
} satisfies Record<string, ThingDef>;
