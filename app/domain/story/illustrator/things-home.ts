/**
 * Things from home that children's stories name: the kitchen, the toolbox, the bathroom, the post.
 * The garden, clothes and weather follow in things-home-2.ts; both are registered as one family.
 */
import { darken, lighten } from "./color";
import { pt } from "./svg";
import { INK, type ThingDef } from "./thing-kit";
import { HOME_THINGS_2 } from "./things-home-2";

const HOUSEHOLD = {
  toolbox: {
    words: ["toolbox", "toolboxes", "tool box", "tool boxes", "toolkit", "tool kit"],
    w: 120,
    h: 90,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const red = t("#e63946");
      let s = `<path d="M-26 -66L-26 -84L26 -84L26 -66" ${pen.line(darken(red, 0.35), 9)}/>`;
      s += pen.rect(-58, -68, 116, 68, 10, red);
      s += pen.rect(-58, -68, 116, 22, 8, lighten(red, 0.15));
      s += pen.rect(-12, -54, 24, 14, 4, t("#ffd166"));
      s += `<path d="M28 -68L44 -96" ${pen.line(t("#8a8fa3"), 8)}/>` + pen.circle(46, -98, 8, t("#8a8fa3"));
      return s;
    },
  },
  hammer: {
    words: ["hammer", "hammers", "mallet"],
    w: 70,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      return pen.rect(-7, -86, 14, 86, 6, t("#c98b4f")) + pen.rect(-34, -110, 68, 28, 8, t("#8a8fa3")) + pen.rect(-9, -26, 18, 26, 6, t("#e63946"));
    },
  },
  screwdriver: {
    words: ["screwdriver", "screwdrivers"],
    w: 36,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const yellow = t("#ffc43d");
      let s = `<path d="M0 -46L0 -104" ${pen.line(pen.ink("#b8c0d0"), 10)}/><path d="M0 -46L0 -104" ${pen.line("#d8dee9", 6)}/>`;
      s += pen.path(`M${pt(-6, -106)}L${pt(6, -106)}L${pt(2, -112)}L${pt(-2, -112)}Z`, "#d8dee9");
      s += pen.rect(-16, -50, 32, 50, 14, yellow);
      s += `<path d="M-6 -40L-6 -10M6 -40L6 -10" ${pen.line(darken(yellow, 0.2), 4)}/>`;
      return s;
    },
  },
  lamp: {
    words: ["lamp", "lamps", "lantern", "lanterns"],
    w: 80,
    h: 120,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const glass = t("#ffe066");
      const metal = t("#3d405b");
      let s = `<circle cx="0" cy="-56" r="48" fill="#fff3a0" opacity="0.45"/>`;
      s += `<path d="M-16 -104Q0 -124 16 -104" ${pen.line(metal, 6)}/>`;
      s += pen.rect(-26, -104, 52, 14, 6, metal);
      s += pen.rect(-22, -92, 44, 72, 10, glass);
      s += `<path d="M0 -80Q-10 -60 0 -44Q10 -60 0 -80Z" fill="${t("#ff9f1c")}"/>`;
      s += pen.rect(-30, -22, 60, 22, 6, metal);
      return s;
    },
  },
  torch: {
    words: ["torch", "torches", "flashlight", "flashlights"],
    w: 120,
    h: 50,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const body = t("#4361ee");
      let s = `<path d="M30 -26L60 -48L60 -2Z" fill="#fff3a0" opacity="0.8"/>`;
      s += pen.rect(-56, -34, 66, 18, 8, body);
      s += pen.path(`M${pt(8, -36)}L${pt(30, -44)}L${pt(30, -6)}L${pt(8, -14)}Z`, darken(body, 0.15));
      s += `<ellipse cx="30" cy="-25" rx="5" ry="18" fill="#fffbe0"/>`;
      s += pen.rect(-30, -30, 12, 10, 3, t("#ffd166"), 0.5);
      return s;
    },
  },
  clock: {
    words: ["clock", "clocks", "alarm clock", "alarm clocks"],
    w: 90,
    h: 100,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const red = t("#ff6b6b");
      let s = pen.circle(-26, -84, 14, red) + pen.circle(26, -84, 14, red);
      s += `<path d="M-24 0L-16 -16M24 0L16 -16" ${pen.line(INK, 6)}/>`;
      s += pen.circle(0, -52, 40, red) + `<circle cx="0" cy="-52" r="31" fill="#fffdf6"/>`;
      for (const [x, y] of [
        [0, -78],
        [26, -52],
        [0, -26],
        [-26, -52],
      ])
        s += `<circle cx="${x}" cy="${y}" r="3" fill="${INK}"/>`;
      s += `<path d="M0 -52L0 -72M0 -52L14 -46" ${pen.line(INK, 4)}/>`;
      return s;
    },
  },
  teapot: {
    words: ["teapot", "teapots", "tea pot", "kettle"],
    w: 130,
    h: 95,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const pot = t("#7fc8f8");
      let s = `<path d="M-40 -64Q-76 -60 -60 -24" ${pen.line(pen.ink(pot), 14)}/><path d="M-40 -64Q-76 -60 -60 -24" ${pen.line(pot, 8)}/>`;
      s += pen.path(`M${pt(34, -40)}Q${pt(56, -46)} ${pt(62, -76)}L${pt(72, -72)}Q${pt(66, -30)} ${pt(34, -18)}Z`, pot);
      s += pen.ellipse(0, -40, 48, 40, pot);
      s += pen.ellipse(0, -80, 28, 8, darken(pot, 0.1)) + pen.circle(0, -90, 8, t("#ff8fab"));
      s += `<path d="M-30 -40Q0 -26 30 -40" ${pen.line("#ffffff", 6)}/>`;
      s += `<path d="M76 -84Q70 -96 78 -104" ${pen.line("#c9d3e6", 4)}/>`;
      return s;
    },
  },
  cup: {
    words: ["cup", "cups", "mug", "mugs", "teacup", "teacups", "cup of tea", "cup of cocoa"],
    w: 70,
    h: 70,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const mug = t("#ff8fab");
      let s = `<path d="M20 -46Q44 -44 40 -26Q36 -14 20 -18" ${pen.line(pen.ink(mug), 12)}/><path d="M20 -46Q44 -44 40 -26Q36 -14 20 -18" ${pen.line(mug, 6)}/>`;
      s += pen.path(`M${pt(-28, -54)}L${pt(28, -54)}L${pt(24, -6)}Q${pt(0, 2)} ${pt(-24, -6)}Z`, mug);
      s += `<ellipse cx="0" cy="-54" rx="28" ry="7" fill="${t("#8b5a3c")}"/>`;
      s += `<path d="M-6 -62Q-14 -72 -6 -80M8 -62Q0 -72 8 -82" ${pen.line("#c9d3e6", 3.5)}/>`;
      s += `<path d="M0 -26c-8-6-12-10-8-14c3-3 6-2 8 1c2-3 5-4 8-1c4 4 0 8-8 14z" fill="#ffffff"/>`;
      return s;
    },
  },
  bowl: {
    words: ["bowl", "bowls", "bowl of porridge", "porridge bowl"],
    w: 100,
    h: 60,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const bowl = t("#4cc9f0");
      let s = `<ellipse cx="0" cy="-44" rx="48" ry="10" fill="${t("#f6e3b4")}"/>`;
      s += pen.path(`M${pt(-50, -44)}Q${pt(-46, 0)} ${pt(0, 0)}Q${pt(46, 0)} ${pt(50, -44)}Q${pt(0, -34)} ${pt(-50, -44)}Z`, bowl);
      s += `<path d="M-36 -24Q0 -12 36 -24" ${pen.line("#ffffff", 5)}/>`;
      return s;
    },
  },
  spoon: {
    words: ["spoon", "spoons", "wooden spoon", "teaspoon"],
    w: 34,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const wood = t("#d9a066");
      return `<path d="M0 -4L0 -70" ${pen.line(pen.ink(wood), 14)}/><path d="M0 -4L0 -70" ${pen.line(wood, 9)}/>` + pen.ellipse(0, -88, 16, 22, wood);
    },
  },
  pillow: {
    words: ["pillow", "pillows", "cushion", "cushions"],
    w: 120,
    h: 76,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const cloth = t("#cdb4ff");
      let s = pen.path(
        `M${pt(-58, -70)}Q${pt(0, -58)} ${pt(58, -70)}Q${pt(48, -38)} ${pt(58, -6)}Q${pt(0, -18)} ${pt(-58, -6)}Q${pt(-48, -38)} ${pt(-58, -70)}Z`,
        cloth,
      );
      for (const [x, y] of [
        [-24, -48],
        [10, -30],
        [28, -54],
      ])
        s += `<circle cx="${x}" cy="${y}" r="5" fill="#ffffff" opacity="0.8"/>`;
      return s;
    },
  },
  blanket: {
    words: ["blanket", "blankets", "quilt", "quilts", "duvet", "blankie"],
    w: 120,
    h: 80,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const a = t("#ff9f68");
      const b = t("#ffe29a");
      let s = pen.rect(-58, -78, 116, 78, 14, a);
      for (const [x, y] of [
        [-58, -78],
        [0, -39],
      ])
        s += `<rect x="${x}" y="${y}" width="58" height="39" rx="8" fill="${b}"/>`;
      s += `<path d="M-52 -4L52 -4" ${pen.line("#ffffff", 3)} stroke-dasharray="6 6"/>`;
      return s;
    },
  },
  chair: {
    words: ["chair", "chairs", "armchair", "armchairs", "stool"],
    w: 120,
    h: 170,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const wood = t("#c98b4f");
      let s = pen.rect(-46, -170, 16, 170, 6, darken(wood, 0.1)) + pen.rect(34, -80, 16, 80, 6, darken(wood, 0.1));
      s += pen.rect(-38, -170, 72, 60, 10, wood);
      s += pen.rect(-52, -90, 108, 22, 8, wood);
      s += pen.rect(-40, -80, 16, 80, 6, wood) + pen.rect(28, -80, 16, 80, 6, wood);
      s += pen.rect(-30, -160, 56, 40, 10, t("#ff6b8b"), 0.5);
      return s;
    },
  },
  table: {
    words: ["table", "tables", "kitchen table"],
    w: 220,
    h: 130,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const wood = t("#b07a50");
      let s = pen.rect(-90, -110, 20, 110, 6, darken(wood, 0.1)) + pen.rect(70, -110, 20, 110, 6, darken(wood, 0.1));
      s += pen.rect(-110, -130, 220, 26, 8, wood);
      s += pen.path(`M${pt(-96, -128)}L${pt(96, -128)}L${pt(86, -70)}L${pt(-86, -70)}Z`, t("#ff8fa3"), 0.5);
      s += `<path d="M-60 -118L-40 -80M0 -118L0 -80M60 -118L40 -80" ${pen.line("#ffffff", 4)}/>`;
      return s;
    },
  },
  bath: {
    words: ["bath", "baths", "bathtub", "bathtubs", "bubble bath", "bath time", "bathtime"],
    w: 240,
    h: 160,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const tub = t("#ffffff");
      let s = `<path d="M80 -90L80 -140Q80 -156 96 -156L112 -156" ${pen.line(t("#b8c0d0"), 8)}/>`;
      for (const [x, y, r] of [
        [-70, -94, 22],
        [-36, -102, 26],
        [2, -96, 22],
        [40, -102, 26],
        [-20, -128, 14],
        [30, -132, 10],
      ])
        s += pen.circle(x, y, r, t("#dff6ff"), 0.6);
      s += pen.path(`M${pt(-110, -92)}L${pt(110, -92)}Q${pt(110, -20)} ${pt(60, -20)}L${pt(-60, -20)}Q${pt(-110, -20)} ${pt(-110, -92)}Z`, tub);
      s += pen.rect(-116, -98, 232, 14, 7, tub);
      s += pen.ellipse(-70, -8, 12, 12, t("#ffd166")) + pen.ellipse(70, -8, 12, 12, t("#ffd166"));
      s += pen.circle(-60, -60, 12, t("#ffd166"), 0.6) + `<path d="M-50 -62L-42 -60" ${pen.line(t("#ff9f1c"), 5)}/>`;
      return s;
    },
  },
  toothbrush: {
    words: ["toothbrush", "toothbrushes", "toothpaste"],
    w: 30,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const handle = t("#3ec1d3");
      let s = pen.rect(-7, -110, 14, 110, 7, handle);
      s += pen.rect(-3, -108, 18, 28, 4, "#ffffff");
      s += `<path d="M2 -104L12 -104M2 -96L12 -96M2 -88L12 -88" ${pen.line(t("#9ad8ff"), 3)}/>`;
      return s;
    },
  },
  present: {
    words: ["present", "presents", "gift", "gifts", "birthday present", "parcel", "parcels", "package"],
    w: 90,
    h: 100,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const paper = t("#9b5de5");
      const ribbon = t("#ffd166");
      let s = pen.rect(-40, -70, 80, 70, 6, paper);
      s += pen.rect(-46, -78, 92, 18, 6, lighten(paper, 0.12));
      s += `<rect x="-8" y="-78" width="16" height="78" fill="${ribbon}"/>`;
      s += pen.path(`M${pt(0, -80)}Q${pt(-30, -108)} ${pt(-28, -82)}Z`, ribbon) + pen.path(`M${pt(0, -80)}Q${pt(30, -108)} ${pt(28, -82)}Z`, ribbon);
      return s;
    },
  },
  box: {
    words: ["box", "boxes", "cardboard box", "cardboard boxes"],
    w: 130,
    h: 110,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const card = t("#d4a373");
      let s = pen.path(`M${pt(-60, -80)}L${pt(-86, -100)}L${pt(-52, -110)}L${pt(-30, -80)}Z`, darken(card, 0.1));
      s += pen.path(`M${pt(60, -80)}L${pt(86, -100)}L${pt(52, -110)}L${pt(30, -80)}Z`, darken(card, 0.1));
      s += pen.rect(-60, -80, 120, 80, 4, card);
      s += `<rect x="-14" y="-80" width="28" height="26" fill="${lighten(card, 0.3)}"/>`;
      s += `<path d="M-20 -28L-6 -28M-28 -18L-6 -18" ${pen.line(darken(card, 0.35), 3)}/>`;
      return s;
    },
  },
  letter: {
    words: ["letter", "letters", "envelope", "envelopes", "postcard", "postcards", "invitation"],
    w: 100,
    h: 66,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const paper = t("#fffaf0");
      let s = pen.rect(-48, -64, 96, 62, 6, paper);
      s += `<path d="M-46 -62L0 -28L46 -62" ${pen.line(pen.ink(paper), 3)}/>`;
      s += `<path d="M0 -24c-10-7-14-12-10-17c4-4 8-2 10 1c2-3 6-5 10-1c4 5 0 10-10 17z" fill="${t("#e63946")}"/>`;
      s += `<rect x="24" y="-56" width="16" height="18" rx="2" fill="${t("#4cc9f0")}"/>`;
      return s;
    },
  },
  key: {
    words: ["key", "keys", "golden key", "door key"],
    w: 100,
    h: 50,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const gold = t("#f4c430");
      let s = `<circle cx="0" cy="-26" r="40" fill="#fff6a8" opacity="0.3"/>`;
      s += `<path d="M-10 -26L44 -26M30 -26L30 -12M42 -26L42 -14" ${pen.line(pen.ink(gold), 14)}/><path d="M-10 -26L44 -26M30 -26L30 -12M42 -26L42 -14" ${pen.line(gold, 8)}/>`;
      s += pen.circle(-28, -26, 20, gold) + `<circle cx="-28" cy="-26" r="8" fill="#fffdf6"/>`;
      return s;
    },
  },
  bucket: {
    words: ["bucket", "buckets", "pail", "pails"],
    w: 90,
    h: 100,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const red = t("#ff595e");
      let s = `<path d="M-36 -70Q0 -120 36 -70" ${pen.line(pen.ink("#b8c0d0"), 7)}/><path d="M-36 -70Q0 -120 36 -70" ${pen.line("#d8dee9", 3)}/>`;
      s += pen.path(`M${pt(-42, -74)}L${pt(42, -74)}L${pt(32, 0)}L${pt(-32, 0)}Z`, red);
      s += pen.ellipse(0, -74, 42, 8, darken(red, 0.2));
      s += `<path d="M-38 -50L38 -50" ${pen.line(lighten(red, 0.4), 6)}/>`;
      return s;
    },
  },
  umbrella: {
    words: ["umbrella", "umbrellas", "brolly", "parasol"],
    w: 150,
    h: 160,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const top = t("#ffbe0b");
      let s = `<path d="M0 -130L0 -10Q0 6 -14 6Q-26 6 -26 -8" ${pen.line(pen.ink(top), 9)}/><path d="M0 -130L0 -10Q0 6 -14 6Q-26 6 -26 -8" ${pen.line(t("#6c5b9e"), 5)}/>`;
      s += pen.path(
        `M${pt(-74, -96)}Q${pt(-70, -156)} ${pt(0, -158)}Q${pt(70, -156)} ${pt(74, -96)}Q${pt(56, -108)} ${pt(37, -96)}Q${pt(18, -108)} ${pt(0, -96)}Q${pt(-18, -108)} ${pt(-37, -96)}Q${pt(-56, -108)} ${pt(-74, -96)}Z`,
        top,
      );
      s += `<path d="M-37 -98Q-30 -140 0 -156Q30 -140 37 -98" ${pen.line(darken(top, 0.2), 3)}/>`;
      s += pen.circle(0, -162, 5, top);
      return s;
    },
  },
  backpack: {
    words: ["backpack", "backpacks", "rucksack", "rucksacks", "school bag", "schoolbag", "knapsack", "satchel"],
    w: 90,
    h: 110,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const bag = t("#2ec4b6");
      let s = `<path d="M-18 -98Q0 -122 18 -98" ${pen.line(darken(bag, 0.3), 8)}/>`;
      s += pen.rect(-42, -100, 84, 100, 26, bag);
      s += pen.path(`M${pt(-42, -70)}Q${pt(0, -96)} ${pt(42, -70)}L${pt(42, -60)}L${pt(-42, -60)}Z`, darken(bag, 0.12));
      s += pen.rect(-26, -44, 52, 34, 10, lighten(bag, 0.2));
      s += pen.circle(0, -62, 5, t("#ffd166"), 0.5);
      return s;
    },
  },
  telescope: {
    words: ["telescope", "telescopes", "spyglass"],
    w: 130,
    h: 150,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const tube = t("#5c7cfa");
      const leg = t("#8a6d5a");
      let s = `<path d="M0 -70L-40 0M0 -70L40 0M0 -70L0 0" ${pen.line(pen.ink(leg), 9)}/><path d="M0 -70L-40 0M0 -70L40 0M0 -70L0 0" ${pen.line(leg, 5)}/>`;
      s += `<g transform="rotate(-30 0 -80)">${pen.rect(-56, -92, 80, 24, 10, tube)}${pen.rect(20, -98, 42, 36, 8, t("#ffd166"))}${pen.rect(-66, -88, 14, 16, 4, darken(tube, 0.2))}</g>`;
      return s;
    },
  },
  camera: {
    words: ["camera", "cameras"],
    w: 90,
    h: 66,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const body = t("#3d405b");
      let s = pen.rect(-22, -66, 30, 14, 4, body);
      s += pen.rect(-44, -56, 88, 56, 10, body);
      s += pen.circle(0, -28, 22, "#d8dee9") + `<circle cx="0" cy="-28" r="13" fill="${t("#4361ee")}"/><circle cx="-5" cy="-33" r="4" fill="#ffffff"/>`;
      s += `<rect x="26" y="-50" width="12" height="8" rx="2" fill="${t("#ff6b6b")}"/>`;
      return s;
    },
  },
} satisfies Record<string, ThingDef>;

/** Household, garden, clothes and weather things, registered together. */
export const HOME_THINGS = { ...HOUSEHOLD, ...HOME_THINGS_2 } satisfies Record<string, ThingDef>;
