/**
 * The people of a child's story: family of every age, friends and helpers of the community, and the
 * royal family. A person's skin, hair and clothes come from the seed alone, so the same seed draws the
 * same grandma on every page; the silhouette (height, stoop, stick, crown) says who they are.
 */
import { darken, lighten } from "./color";
import { createRng } from "./random";
import { n, pt, starPath, type Pen } from "./svg";
import { blush, eye, INK, smile, type ThingDef } from "./thing-kit";

const SKINS = ["#f8d9c0", "#f1c7a5", "#e0ac82", "#c68a5e", "#a56a43", "#8d5524", "#6b4226"];
const HAIRS = ["#1f1a17", "#3b2417", "#6b3e26", "#a0522d", "#d9a55b", "#f0d58c"];
const GREYS = ["#d9d9e0", "#f4f4f7", "#b9bcc6"];
const CLOTHES = ["#ff7a59", "#3a86ff", "#8ac926", "#ffd166", "#b79cff", "#ff8fb1", "#2ec4b6", "#f4a261"];

type Hair = "short" | "long" | "bun" | "bald";
export interface Look {
  /** height from the feet to the top of the head */
  tall: number;
  hair: Hair;
  grey?: boolean;
  glasses?: boolean;
  stick?: boolean;
  /** a dress or skirt instead of trousers */
  dress?: boolean;
  /** a uniform colour that names the job instead of the seed's clothes */
  uniform?: string;
  hat?: (pen: Pen, t: (hex: string) => string, top: number, r: number) => string;
  extra?: (pen: Pen, t: (hex: string) => string, body: { top: number; hip: number; w: number }) => string;
}

/** The colours a seed gives a person; one seed, one person. */
export function personColors(seed: number, grey = false) {
  const rng = createRng(seed * 7919 + 17);
  const skin = rng.pick(SKINS);
  const hair = grey ? rng.pick(GREYS) : rng.pick(HAIRS);
  const top = rng.pick(CLOTHES);
  const bottom = rng.pick(["#3d405b", "#5c6b8a", "#6d4c41", "#264653"]);
  return { skin, hair, top, bottom };
}

export function person(pen: Pen, t: (hex: string) => string, seed: number, look: Look): string {
  const c = personColors(seed, look.grey);
  const skin = t(c.skin);
  const hair = t(c.hair);
  const top = t(look.uniform ?? c.top);
  const bottom = t(c.bottom);
  const r = Math.max(44, look.tall * 0.13);
  const hy = -look.tall + r;
  const bodyTop = hy + r * 0.9;
  const hip = -look.tall * 0.42;
  const w = r * 1.1;
  // a grandparent leans a little forward, towards the hero
  const lean = look.stick ? 14 : 0;
  let s = "";
  if (look.hair === "long")
    s += pen.path(
      `M${pt(-r * 1.05 + lean, hy)}Q${pt(-r * 1.2 + lean, hy + r * 1.9)} ${pt(lean, hy + r * 1.7)}Q${pt(r * 1.2 + lean, hy + r * 1.9)} ${pt(r * 1.05 + lean, hy)}Z`,
      hair,
    );
  s +=
    pen.limb(
      [
        [-w * 0.45, hip],
        [-w * 0.5, -8],
      ],
      bottom,
      w * 0.5,
    ) +
    pen.limb(
      [
        [w * 0.45, hip],
        [w * 0.5, -8],
      ],
      bottom,
      w * 0.5,
    );
  s += pen.ellipse(-w * 0.55, -6, w * 0.42, 10, t("#4a3b36")) + pen.ellipse(w * 0.6, -6, w * 0.42, 10, t("#4a3b36"));
  s += look.dress
    ? pen.path(`M${pt(-w * 0.8 + lean, bodyTop)}L${pt(w * 0.8 + lean, bodyTop)}L${pt(w * 1.3, hip + 40)}Q${pt(0, hip + 60)} ${pt(-w * 1.3, hip + 40)}Z`, top)
    : pen.rect(-w + lean * 0.5, bodyTop, w * 2, hip - bodyTop + 16, w * 0.5, top);
  s += look.extra?.(pen, t, { top: bodyTop, hip, w }) ?? "";
  s +=
    pen.limb(
      [
        [-w * 0.9 + lean, bodyTop + 16],
        [-w * 1.3, (bodyTop + hip) / 2 + 20],
      ],
      top,
      w * 0.42,
    ) + pen.circle(-w * 1.3, (bodyTop + hip) / 2 + 24, w * 0.24, skin);
  const hand: [number, number] = look.stick ? [w * 1.5, hip + 10] : [w * 1.35, (bodyTop + hip) / 2 + 20];
  if (look.stick)
    s += `<path d="M${pt(hand[0], hand[1] - 20)}Q${pt(hand[0] + 4, hand[1] - 40)} ${pt(hand[0] + 22, hand[1] - 30)}M${pt(hand[0], hand[1] - 20)}L${pt(hand[0] + 6, 0)}" ${pen.line(t("#8a5a3b"), 10)}/>`;
  s += pen.limb([[w * 0.9 + lean, bodyTop + 16], hand], top, w * 0.42) + pen.circle(hand[0], hand[1] + 4, w * 0.24, skin);
  s += pen.circle(lean, hy, r, skin);
  const hx = lean;
  if (look.hair !== "bald")
    s += pen.path(
      `M${pt(hx - r * 1.02, hy + r * 0.1)}Q${pt(hx - r * 1.1, hy - r * 1.2)} ${pt(hx, hy - r * 1.08)}Q${pt(hx + r * 1.1, hy - r * 1.2)} ${pt(hx + r * 1.02, hy + r * 0.1)}Q${pt(hx + r * 0.5, hy - r * 0.55)} ${pt(hx - r * 0.2, hy - r * 0.45)}Q${pt(hx - r * 0.7, hy - r * 0.3)} ${pt(hx - r * 1.02, hy + r * 0.1)}Z`,
      hair,
    );
  else
    s += pen.path(
      `M${pt(hx - r, hy)}Q${pt(hx - r * 1.1, hy - r * 0.5)} ${pt(hx - r * 0.7, hy - r * 0.5)}L${pt(hx - r * 0.8, hy + r * 0.2)}ZM${pt(hx + r, hy)}Q${pt(hx + r * 1.1, hy - r * 0.5)} ${pt(hx + r * 0.7, hy - r * 0.5)}L${pt(hx + r * 0.8, hy + r * 0.2)}Z`,
      hair,
    );
  if (look.hair === "bun") s += pen.circle(hx, hy - r * 1.15, r * 0.4, hair);
  s += eye(hx - r * 0.32, hy + r * 0.05, r * 0.13) + eye(hx + r * 0.32, hy + r * 0.05, r * 0.13);
  if (look.glasses)
    s += `<circle cx="${n(hx - r * 0.32)}" cy="${n(hy + r * 0.05)}" r="${n(r * 0.24)}" ${pen.line(INK, 3)}/><circle cx="${n(hx + r * 0.32)}" cy="${n(hy + r * 0.05)}" r="${n(r * 0.24)}" ${pen.line(INK, 3)}/><path d="M${pt(hx - r * 0.08, hy)}L${pt(hx + r * 0.08, hy)}" ${pen.line(INK, 3)}/>`;
  s += blush(hx - r * 0.55, hy + r * 0.38, r * 0.15) + blush(hx + r * 0.55, hy + r * 0.38, r * 0.15) + smile(hx, hy + r * 0.4, r * 0.22, pen);
  s += look.hat?.(pen, t, hy - r, r) ?? "";
  return s;
}

const crown = (pen: Pen, t: (hex: string) => string, top: number, r: number) =>
  pen.path(
    `M${pt(-r * 0.6, top + 14)}L${pt(-r * 0.7, top - r * 0.5)}L${pt(-r * 0.3, top - r * 0.15)}L${pt(0, top - r * 0.6)}L${pt(r * 0.3, top - r * 0.15)}L${pt(r * 0.7, top - r * 0.5)}L${pt(r * 0.6, top + 14)}Z`,
    t("#ffd23f"),
  );
const tiara = (pen: Pen, t: (hex: string) => string, top: number, r: number) =>
  `<path d="${starPath(0, top + 4, r * 0.35, r * 0.16)}" ${pen.paint(t("#ffd23f"))}/>`;
const cape = (color: string) => (pen: Pen, t: (hex: string) => string, b: { top: number; hip: number; w: number }) =>
  pen.path(`M${pt(-b.w * 0.9, b.top)}L${pt(-b.w * 1.5, b.hip + 50)}L${pt(b.w * 1.5, b.hip + 50)}L${pt(b.w * 0.9, b.top)}Z`, t(color)) +
  `<path d="M${pt(-b.w * 0.9, b.top + 6)}L${pt(b.w * 0.9, b.top + 6)}" ${pen.line(t("#fffaf0"), 12)}/>`;
const cardigan = (pen: Pen, t: (hex: string) => string, b: { top: number; hip: number; w: number }) =>
  `<path d="M${pt(0, b.top + 4)}L${pt(0, b.hip + 10)}" ${pen.line(darken(t("#ffffff"), 0.35), 5)}/>` +
  [0.35, 0.6, 0.85].map((f) => `<circle cx="8" cy="${n(b.top + (b.hip - b.top) * f)}" r="4" fill="${t("#fffaf0")}"/>`).join("");

type Def = Omit<ThingDef, "draw" | "placement" | "companion"> & { look: Look };
const P = (d: Def): ThingDef => ({
  words: d.words,
  w: d.w,
  h: d.h,
  placement: "ground",
  companion: true,
  draw: (pen, t, { seed }) => person(pen, t, seed, d.look),
});

export const PEOPLE_THINGS = {
  baby: {
    // "baby sister" and "baby brother" are babies: the longer words win in findThings
    words: ["baby", "newborn", "baby brother", "baby sister", "babies"],
    w: 150,
    h: 150,
    placement: "ground",
    companion: true,
    draw(pen, t, { seed }) {
      const c = personColors(seed);
      const skin = t(c.skin);
      const onesie = t(lighten(c.top, 0.35));
      let s = pen.ellipse(0, -40, 52, 42, onesie); // sitting body
      s += pen.ellipse(-34, -10, 26, 14, onesie) + pen.ellipse(34, -10, 26, 14, onesie);
      s += pen.circle(0, -104, 44, skin);
      s += pen.path(`M${pt(-12, -146)}Q${pt(0, -164)} ${pt(8, -146)}`, "none") + `<path d="M-6 -146Q4 -162 14 -148" ${pen.line(t(c.hair), 6)}/>`;
      s += eye(-15, -108, 6) + eye(15, -108, 6) + blush(-26, -92, 7) + blush(26, -92, 7);
      s += pen.circle(0, -86, 9, t("#ff8fb1")) + `<circle cx="0" cy="-86" r="4" fill="${t("#ffd166")}"/>`; // dummy
      // a rattle in one hand
      s += `<path d="M52 -56L70 -92" ${pen.line(t("#b79cff"), 6)}/>` + pen.circle(74, -100, 14, t("#ffd166")) + pen.circle(50, -52, 10, skin);
      return s;
    },
  },
  toddler: P({ words: ["toddler", "toddlers"], w: 140, h: 230, look: { tall: 230, hair: "short", dress: false } }),
  sister: P({ words: ["sister", "big sister", "little sister", "sisters"], w: 150, h: 330, look: { tall: 330, hair: "long", dress: true } }),
  brother: P({ words: ["brother", "big brother", "little brother", "brothers"], w: 150, h: 320, look: { tall: 320, hair: "short" } }),
  friend: P({ words: ["friend", "best friend", "classmate", "friends", "classmates"], w: 150, h: 350, look: { tall: 350, hair: "bun" } }),
  mum: P({ words: ["mum", "mom", "mummy", "mommy", "mother", "mama"], w: 170, h: 480, look: { tall: 480, hair: "long", dress: true } }),
  dad: P({ words: ["dad", "daddy", "father", "papa", "dada"], w: 180, h: 500, look: { tall: 500, hair: "short" } }),
  grandma: P({
    words: ["grandma", "granny", "nana", "gran", "grandmother", "nani", "oma", "abuela"],
    w: 190,
    h: 440,
    look: { tall: 440, hair: "bun", grey: true, glasses: true, stick: true, dress: true, extra: cardigan },
  }),
  grandpa: P({
    words: ["grandpa", "grandad", "granddad", "grandfather", "nanu", "opa", "abuelo"],
    w: 190,
    h: 450,
    look: { tall: 450, hair: "bald", grey: true, glasses: true, stick: true, extra: cardigan },
  }),
  aunt: P({ words: ["aunt", "auntie", "aunty"], w: 170, h: 460, look: { tall: 460, hair: "bun", dress: true } }),
  uncle: P({ words: ["uncle"], w: 180, h: 480, look: { tall: 480, hair: "short", glasses: true } }),
  teacher: P({
    words: ["teacher", "teachers"],
    w: 180,
    h: 470,
    look: { tall: 470, hair: "bun", glasses: true, extra: (pen, t, b) => pen.rect(-b.w * 0.6, b.top + 40, b.w * 1.2, 50, 6, t("#2ec4b6")) },
  }),
  doctor: P({
    words: ["doctor", "nurse", "doctors"],
    w: 180,
    h: 470,
    look: {
      tall: 470,
      hair: "short",
      uniform: "#f4f7fb",
      extra: (pen, t, b) =>
        `<path d="M${pt(-b.w * 0.4, b.top + 6)}Q${pt(-b.w * 0.5, b.top + 70)} ${pt(0, b.top + 80)}" ${pen.line(t("#5c6b8a"), 6)}/>` +
        pen.circle(0, b.top + 82, 10, t("#c9d3e6")) +
        pen.rect(b.w * 0.3, b.top + 30, 26, 26, 4, t("#ff6b6b"), 0.5),
    },
  }),
  baker: P({
    words: ["baker", "chef", "cook"],
    w: 180,
    h: 500,
    look: {
      tall: 470,
      hair: "short",
      uniform: "#fffaf0",
      hat: (pen, t, top, r) =>
        pen.rect(-r * 0.6, top - r * 0.5, r * 1.2, r * 0.7, 10, "#ffffff") +
        pen.circle(-r * 0.35, top - r * 0.6, r * 0.4, "#ffffff") +
        pen.circle(r * 0.35, top - r * 0.6, r * 0.4, "#ffffff"),
      extra: (pen, t, b) => pen.rect(-b.w * 0.8, b.top + 50, b.w * 1.6, b.hip - b.top - 30, 14, t("#ff8fb1"), 0.6),
    },
  }),
  firefighter: P({
    words: ["firefighter", "fireman", "firefighters"],
    w: 180,
    h: 500,
    look: {
      tall: 470,
      hair: "short",
      uniform: "#ff6b4a",
      hat: (pen, t, top, r) =>
        pen.path(
          `M${pt(-r * 1.3, top + r * 0.5)}Q${pt(-r, top - r * 0.6)} ${pt(0, top - r * 0.6)}Q${pt(r, top - r * 0.6)} ${pt(r * 1.3, top + r * 0.5)}Z`,
          t("#ffd23f"),
        ),
      extra: (pen, t, b) =>
        `<path d="M${pt(-b.w, b.hip - 30)}L${pt(b.w, b.hip - 30)}M${pt(-b.w, b.top + 40)}L${pt(b.w, b.top + 40)}" ${pen.line(t("#fff3b0"), 10)}/>`,
    },
  }),
  king: P({ words: ["king", "kings"], w: 200, h: 520, look: { tall: 480, hair: "short", uniform: "#7c5cff", hat: crown, extra: cape("#e63946") } }),
  queen: P({
    words: ["queen", "queens"],
    w: 200,
    h: 520,
    look: { tall: 470, hair: "long", dress: true, uniform: "#b79cff", hat: crown, extra: cape("#e63946") },
  }),
  prince: P({ words: ["prince", "princes"], w: 170, h: 400, look: { tall: 380, hair: "short", uniform: "#3a86ff", hat: crown, extra: cape("#ffd166") } }),
  princess: P({ words: ["princess", "princesses"], w: 170, h: 400, look: { tall: 370, hair: "long", dress: true, uniform: "#ff8fb1", hat: tiara } }),
} satisfies Record<string, ThingDef>;
