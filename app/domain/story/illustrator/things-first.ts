/** The first friends and props: the theme's creatures and the adventure's things. */
import { darken, lighten } from "./color";
import { n, pt, roundStarPath, starPath } from "./svg";
import { blush, closedEye, eye, INK, smile, type ThingDef } from "./thing-kit";

export const FIRST_THINGS = {
  fox: {
    words: ["fox", "foxes"],
    w: 230,
    h: 190,
    placement: "ground",
    companion: true,
    draw(pen, t, { sleepy }) {
      const fur = t("#f08a3c");
      const cream = t("#fff3e2");
      let s = "";
      s += pen.path(`M${pt(-70, -60)}Q${pt(-150, -70)} ${pt(-118, -150)}Q${pt(-96, -110)} ${pt(-40, -96)}Z`, fur); // tail
      s += pen.path(`M${pt(-118, -150)}Q${pt(-126, -128)} ${pt(-112, -116)}Q${pt(-98, -132)} ${pt(-118, -150)}Z`, cream, 0.5);
      s += pen.ellipse(-8, -62, 70, 50, fur); // body
      s += pen.ellipse(8, -52, 34, 34, cream, 0.5);
      for (const x of [-50, -20, 20, 44]) s += pen.rect(x - 11, -34, 22, 34, 10, x > 0 ? fur : darken(fur, 0.1));
      s += pen.path(`M${pt(26, -150)}L${pt(40, -196)}L${pt(66, -158)}Z`, fur) + pen.path(`M${pt(80, -158)}L${pt(104, -194)}L${pt(112, -146)}Z`, fur);
      s +=
        pen.path(`M${pt(34, -156)}L${pt(40, -184)}L${pt(56, -160)}Z`, t("#5a3325"), 0) +
        pen.path(`M${pt(88, -156)}L${pt(102, -182)}L${pt(106, -150)}Z`, t("#5a3325"), 0);
      s += pen.path(
        `M${pt(14, -126)}Q${pt(20, -176)} ${pt(72, -174)}Q${pt(124, -172)} ${pt(126, -120)}Q${pt(150, -100)} ${pt(120, -90)}Q${pt(70, -76)} ${pt(30, -96)}Q${pt(8, -106)} ${pt(14, -126)}Z`,
        fur,
      );
      s += pen.path(`M${pt(78, -102)}Q${pt(110, -94)} ${pt(140, -106)}Q${pt(124, -124)} ${pt(98, -116)}Z`, cream, 0);
      s += `<circle cx="138" cy="-104" r="9" fill="${INK}"/>`;
      s += sleepy ? closedEye(62, -130, 8, pen) + closedEye(102, -130, 8, pen) : eye(62, -130, 9) + eye(102, -130, 9);
      s += blush(48, -108, 10) + blush(116, -110, 9);
      return s;
    },
  },
  turtle: {
    words: ["turtle", "tortoise", "turtles"],
    w: 220,
    h: 130,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const skin = t("#8fd27a");
      const shell = t("#3fa86b");
      let s = "";
      for (const x of [-64, 50]) s += pen.ellipse(x, -16, 26, 18, skin);
      s += pen.path(`M${pt(-96, -40)}Q${pt(-122, -36)} ${pt(-112, -24)}Q${pt(-100, -26)} ${pt(-90, -30)}Z`, skin);
      s += pen.path(`M${pt(-96, -28)}Q${pt(-96, -122)} ${pt(-6, -124)}Q${pt(84, -122)} ${pt(84, -28)}Z`, shell);
      s += `<path d="M-80 -30Q-6 -20 70 -30" ${pen.line(lighten(shell, 0.4), 8)}/>`;
      for (const [x, y, r] of [
        [-44, -72, 20],
        [8, -90, 20],
        [46, -62, 17],
        [-8, -52, 15],
      ] as const)
        s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${lighten(shell, 0.25)}"/>`;
      s += pen.ellipse(104, -74, 40, 36, skin);
      s += eye(102, -82, 8) + eye(128, -80, 7) + blush(94, -62, 8) + smile(116, -64, 9, pen);
      return s;
    },
  },
  whale: {
    words: ["whale", "whales"],
    w: 520,
    h: 260,
    placement: "backdrop",
    companion: true,
    draw(pen, t) {
      const body = t("#5b8def");
      const belly = t("#cfe3ff");
      let s = "";
      s += pen.path(`M${pt(-200, -120)}Q${pt(-250, -190)} ${pt(-272, -200)}Q${pt(-250, -150)} ${pt(-262, -96)}Q${pt(-230, -110)} ${pt(-200, -100)}Z`, body);
      s += pen.path(
        `M${pt(-220, -110)}Q${pt(-160, -250)} ${pt(40, -250)}Q${pt(250, -250)} ${pt(250, -110)}Q${pt(250, -10)} ${pt(60, -10)}Q${pt(-120, -10)} ${pt(-220, -110)}Z`,
        body,
      );
      s += pen.path(`M${pt(-120, -46)}Q${pt(40, 10)} ${pt(236, -70)}Q${pt(230, -20)} ${pt(60, -16)}Q${pt(-60, -18)} ${pt(-120, -46)}Z`, belly, 0.5);
      s += pen.path(`M${pt(20, -60)}Q${pt(40, -10)} ${pt(90, -20)}Q${pt(60, -40)} ${pt(50, -70)}Z`, darken(body, 0.12));
      s += eye(150, -120, 12) + blush(176, -92, 14) + smile(196, -96, 16, pen);
      // spout
      s += `<path d="M60 -250Q50 -300 20 -310M60 -250Q60 -310 60 -330M60 -250Q72 -300 100 -310" ${pen.line(t("#9ad8ff"), 8)}/>`;
      return s;
    },
  },
  rocket: {
    words: ["rocket", "spaceship", "rocket ship"],
    w: 180,
    h: 380,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const body = t("#f4f1ff");
      const red = t("#ff6b6b");
      let s = "";
      s +=
        pen.path(`M${pt(-70, -90)}Q${pt(-110, -40)} ${pt(-96, 0)}L${pt(-50, -40)}Z`, red) +
        pen.path(`M${pt(70, -90)}Q${pt(110, -40)} ${pt(96, 0)}L${pt(50, -40)}Z`, red);
      s += pen.path(`M${pt(-62, -40)}Q${pt(-80, -230)} ${pt(0, -370)}Q${pt(80, -230)} ${pt(62, -40)}Z`, body);
      s += pen.path(`M${pt(-38, -300)}Q${pt(0, -320)} ${pt(38, -300)}Q${pt(20, -350)} ${pt(0, -372)}Q${pt(-20, -350)} ${pt(-38, -300)}Z`, red);
      s +=
        pen.circle(0, -200, 38, t("#7b8cff")) +
        `<circle cx="0" cy="-200" r="26" fill="${t("#bde0fe")}"/><circle cx="-9" cy="-210" r="8" fill="#ffffff" opacity="0.8"/>`;
      s += pen.rect(-60, -70, 120, 24, 10, t("#ffd166"));
      s += pen.path(`M${pt(-30, -40)}Q${pt(0, 30)} ${pt(30, -40)}Z`, t("#ffb703"), 0.5) + `<path d="M-14 -40Q0 6 14 -40Z" fill="#fff3b0"/>`;
      return s;
    },
  },
  robot: {
    words: ["robot", "co-pilot", "robots"],
    w: 160,
    h: 250,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const metal = t("#b8c7e0");
      const dark = t("#6c7a99");
      let s = "";
      s += pen.rect(-44, -70, 26, 70, 10, dark) + pen.rect(18, -70, 26, 70, 10, dark);
      s += pen.rect(-68, -170, 136, 110, 28, metal);
      s +=
        pen.rect(-34, -146, 68, 46, 12, t("#e6f4ff"), 0.6) +
        `<circle cx="-14" cy="-124" r="8" fill="${t("#ff6b6b")}"/><circle cx="10" cy="-124" r="8" fill="${t("#ffd166")}"/>`;
      s += `<path d="M-68 -140Q-100 -120 -96 -86M68 -140Q100 -130 110 -104" ${pen.line(dark, 16)}/>`;
      s += pen.circle(-96, -84, 13, metal) + pen.circle(110, -102, 13, metal);
      s += pen.rect(-58, -250, 116, 84, 30, metal);
      s += `<rect x="-42" y="-234" width="84" height="48" rx="20" fill="${t("#2f3b59")}"/>`;
      s += `<circle cx="-16" cy="-212" r="9" fill="#9cf6ff"/><circle cx="18" cy="-212" r="9" fill="#9cf6ff"/><circle cx="-19" cy="-215" r="3" fill="#ffffff"/><circle cx="15" cy="-215" r="3" fill="#ffffff"/>`;
      s += `<path d="M-8 -198Q2 -190 12 -198" ${pen.line("#9cf6ff", 3)}/>` + blush(-34, -196, 7) + blush(36, -196, 7);
      s += `<path d="M0 -250L0 -276" ${pen.line(dark, 5)}/>` + pen.circle(0, -280, 9, t("#ff6b6b"));
      return s;
    },
  },
  star: {
    words: ["star", "little star", "shooting star"],
    w: 120,
    h: 120,
    placement: "air",
    companion: true,
    draw(pen, t, { sleepy }) {
      const gold = t("#ffd23f");
      let s = `<circle cx="0" cy="-60" r="66" fill="${lighten(gold, 0.5)}" opacity="0.45"/>`;
      s += pen.path(roundStarPath(0, -58, 60, 30), gold);
      s += sleepy ? closedEye(-14, -62, 6, pen) + closedEye(14, -62, 6, pen) : eye(-14, -62, 6.5) + eye(14, -62, 6.5);
      s += blush(-24, -48, 6) + blush(24, -48, 6) + smile(0, -48, 8, pen);
      return s;
    },
  },
  dragon: {
    words: ["dragon", "dragons"],
    w: 300,
    h: 300,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const green = t("#7bd389");
      const belly = t("#fff1b8");
      const wing = t("#b79cff");
      let s = "";
      s += pen.path(`M${pt(-60, -60)}Q${pt(-150, -40)} ${pt(-140, -110)}Q${pt(-126, -80)} ${pt(-80, -92)}Z`, green);
      s += pen.path(`M${pt(-140, -110)}L${pt(-160, -126)}L${pt(-132, -128)}Z`, wing);
      s += pen.path(`M${pt(-30, -170)}Q${pt(-110, -260)} ${pt(-130, -200)}Q${pt(-100, -190)} ${pt(-110, -160)}Q${pt(-70, -170)} ${pt(-40, -130)}Z`, wing);
      s += pen.ellipse(0, -90, 78, 86, green);
      s += pen.ellipse(14, -78, 46, 62, belly, 0.5);
      for (let i = 0; i < 4; i++)
        s += `<path d="M${pt(-18, -120 + i * 22)}Q${pt(14, -112 + i * 22)} ${pt(46, -120 + i * 22)}" ${pen.line(darken(belly, 0.15), 3)}/>`;
      s += pen.rect(-50, -30, 36, 30, 14, green) + pen.rect(20, -30, 36, 30, 14, green);
      s += pen.ellipse(34, -176, 22, 14, green, 1, `transform="rotate(40 34 -176)"`);
      s +=
        pen.path(`M${pt(20, -250)}Q${pt(26, -290)} ${pt(44, -296)}Q${pt(40, -270)} ${pt(50, -250)}Z`, belly) +
        pen.path(`M${pt(70, -246)}Q${pt(86, -284)} ${pt(104, -286)}Q${pt(96, -262)} ${pt(96, -240)}Z`, belly);
      s += pen.ellipse(64, -208, 70, 54, green);
      s += pen.ellipse(108, -190, 34, 24, lighten(green, 0.2), 0.7);
      s += `<circle cx="118" cy="-196" r="4" fill="${INK}"/><circle cx="132" cy="-192" r="4" fill="${INK}"/>`;
      s += eye(50, -222, 10) + eye(88, -224, 10) + blush(36, -196, 10) + smile(96, -178, 10, pen);
      // a friendly puff of smoke shaped like hearts, never fire
      s += `<path d="M156 -222c-8-6-12-10-8-14c3-3 6-2 8 1c2-3 5-4 8-1c4 4 1 8-8 14z" fill="#ff8fb8"/>`;
      return s;
    },
  },
  knight: {
    words: ["knight", "knights"],
    w: 170,
    h: 330,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const steel = t("#c9d3e6");
      const plume = t("#ff6b8b");
      const tunic = t("#5c7cfa");
      let s = "";
      s += pen.rect(-38, -80, 30, 80, 12, steel) + pen.rect(8, -80, 30, 80, 12, steel);
      s += pen.path(`M${pt(-52, -190)}Q${pt(0, -200)} ${pt(52, -190)}L${pt(60, -70)}Q${pt(0, -60)} ${pt(-60, -70)}Z`, tunic);
      s += `<path d="${starPath(0, -130, 22, 10)}" fill="${t("#ffd166")}"/>`;
      // round shield with a heart
      s +=
        pen.circle(-62, -116, 42, t("#ffd166")) + `<path d="M-62 -98c-18-12-26-22-18-32c7-7 14-4 18 2c4-6 11-9 18-2c8 10 0 20-18 32z" fill="${t("#ff6b8b")}"/>`;
      s += `<path d="M52 -176Q80 -140 70 -104" ${pen.line(steel, 22)}/>` + pen.circle(70, -100, 13, steel);
      // helmet with the visor up, a friendly face inside
      s += pen.path(`M${pt(-60, -230)}Q${pt(-64, -330)} ${pt(0, -330)}Q${pt(64, -330)} ${pt(60, -230)}Q${pt(0, -200)} ${pt(-60, -230)}Z`, steel);
      s += `<ellipse cx="4" cy="-258" rx="40" ry="36" fill="${t("#f6c9a8")}"/>`;
      s += eye(-10, -264, 7) + eye(20, -264, 7) + blush(-22, -246, 7) + blush(32, -246, 7);
      s += `<path d="M-6 -242Q4 -250 14 -242" ${pen.line(INK, 3)}/>`; // a slightly nervous wobbly mouth
      s += pen.path(`M${pt(-46, -296)}Q${pt(4, -320)} ${pt(54, -296)}L${pt(50, -284)}Q${pt(4, -306)} ${pt(-42, -284)}Z`, darken(steel, 0.1));
      s += pen.path(`M${pt(0, -330)}Q${pt(-40, -380)} ${pt(-70, -350)}Q${pt(-40, -350)} ${pt(-10, -326)}Z`, plume);
      return s;
    },
  },
  castle: {
    words: ["castle", "castles"],
    w: 460,
    h: 420,
    placement: "backdrop",
    companion: false,
    draw(pen, t, { seed }) {
      const wall = t(seed % 2 ? "#efe3ff" : "#f7e7cf");
      const roof = t(seed % 3 ? "#ff8fb1" : "#7c8cff");
      const shade = darken(wall, 0.12);
      let s = "";
      const tower = (x: number, w: number, h: number) =>
        pen.rect(x - w / 2, -h, w, h, 6, wall) +
        pen.path(`M${pt(x - w / 2 - 12, -h)}L${pt(x, -h - w * 1.3)}L${pt(x + w / 2 + 12, -h)}Z`, roof) +
        `<path d="M${pt(x, -h - w * 1.3)}L${pt(x, -h - w * 1.3 - 36)}" ${pen.line("#8a6d5a", 4)}/><path d="M${pt(x, -h - w * 1.3 - 36)}L${pt(x + 28, -h - w * 1.3 - 28)}L${pt(x, -h - w * 1.3 - 20)}Z" fill="${t("#ffd166")}"/>` +
        `<rect x="${n(x - 9)}" y="${n(-h + 30)}" width="18" height="28" rx="9" fill="${t("#6c5b9e")}"/>`;
      s += tower(-170, 80, 300) + tower(170, 80, 300);
      s += pen.rect(-140, -220, 280, 220, 8, wall);
      for (let i = 0; i < 7; i++) s += pen.rect(-140 + i * 42, -246, 28, 30, 4, wall);
      s += tower(0, 110, 330);
      s += pen.path(`M${pt(-50, 0)}L${pt(-50, -80)}Q${pt(0, -140)} ${pt(50, -80)}L${pt(50, 0)}Z`, t("#a0714f"));
      s += `<path d="M0 -118L0 0M-48 -60L48 -60" ${pen.line(darken(t("#a0714f"), 0.2), 4)}/>`;
      s += `<rect x="-140" y="-30" width="280" height="30" fill="${shade}" opacity="0.5"/>`;
      for (const x of [-96, 96]) s += `<rect x="${x - 12}" y="-170" width="24" height="34" rx="12" fill="${t("#6c5b9e")}"/>`;
      return s;
    },
  },
  hedgehog: {
    words: ["hedgehog", "hedgehogs"],
    w: 150,
    h: 105,
    placement: "ground",
    companion: true,
    draw(pen, t, { sleepy }) {
      const spikes = t("#9b6b4a");
      const face = t("#f3d2b3");
      let s = "";
      const pts: [number, number][] = [];
      for (let i = 0; i <= 14; i++) {
        const a = Math.PI + (i / 14) * Math.PI;
        const r = i % 2 ? 70 : 86;
        pts.push([-10 + Math.cos(a) * r, -36 + Math.sin(a) * r * 0.9]);
      }
      s += pen.path(`M${pts.map(([x, y]) => pt(x, y)).join("L")}Q${pt(60, 0)} ${pt(-10, 0)}Q${pt(-96, 0)} ${pt(-96, -36)}Z`, spikes);
      s += pen.path(`M${pt(20, -10)}Q${pt(20, -80)} ${pt(60, -78)}Q${pt(96, -70)} ${pt(104, -30)}Q${pt(90, -6)} ${pt(40, -4)}Z`, face);
      s += `<circle cx="104" cy="-32" r="7" fill="${INK}"/>`;
      s += sleepy ? closedEye(66, -48, 7, pen) : eye(66, -50, 7);
      s += blush(58, -26, 8) + smile(84, -24, 7, pen);
      s += pen.ellipse(-50, -4, 16, 9, face) + pen.ellipse(30, -2, 16, 9, face);
      return s;
    },
  },
  goose: {
    words: ["goose", "geese"],
    w: 170,
    h: 210,
    placement: "ground",
    companion: true,
    draw(pen, t) {
      const white = t("#fbfbff");
      const orange = t("#ff9f43");
      let s = "";
      s += `<path d="M-10 -40L-16 0M20 -40L22 0" ${pen.line(orange, 8)}/>` + pen.ellipse(-22, -2, 16, 6, orange) + pen.ellipse(28, -2, 16, 6, orange);
      s += pen.path(
        `M${pt(-80, -90)}Q${pt(-96, -130)} ${pt(-70, -126)}Q${pt(-20, -130)} ${pt(30, -110)}Q${pt(60, -150)} ${pt(40, -190)}Q${pt(60, -214)} ${pt(84, -196)}Q${pt(92, -150)} ${pt(70, -100)}Q${pt(60, -40)} ${pt(0, -38)}Q${pt(-70, -40)} ${pt(-80, -90)}Z`,
        white,
      );
      s += pen.path(`M${pt(-40, -96)}Q${pt(-10, -70)} ${pt(30, -84)}Q${pt(0, -110)} ${pt(-40, -96)}Z`, darken(white, 0.08), 0.6);
      s += pen.path(`M${pt(80, -196)}Q${pt(110, -196)} ${pt(118, -186)}Q${pt(104, -176)} ${pt(82, -180)}Z`, orange);
      s += eye(66, -196, 6);
      // a little bossy bow tie
      s +=
        pen.path(`M${pt(52, -150)}L${pt(40, -160)}L${pt(40, -140)}Z`, t("#5c7cfa")) +
        pen.path(`M${pt(52, -150)}L${pt(66, -162)}L${pt(66, -138)}Z`, t("#5c7cfa"));
      return s;
    },
  },
  badger: {
    words: ["badger", "badgers"],
    w: 220,
    h: 140,
    placement: "ground",
    companion: true,
    draw(pen, t, { sleepy }) {
      const grey = t("#8d8fa3");
      const dark = t("#3b3d4f");
      const white = t("#fbfbff");
      let s = "";
      s += pen.path(`M${pt(-100, -50)}Q${pt(-110, -110)} ${pt(-30, -112)}Q${pt(40, -114)} ${pt(60, -70)}L${pt(60, -20)}Q${pt(0, 0)} ${pt(-90, -14)}Z`, grey);
      for (const x of [-80, -40, 10, 40]) s += pen.rect(x - 12, -30, 24, 30, 10, dark);
      s += pen.path(`M${pt(30, -60)}Q${pt(40, -130)} ${pt(90, -124)}Q${pt(140, -110)} ${pt(124, -60)}Q${pt(100, -36)} ${pt(50, -40)}Z`, white);
      s += `<path d="M60 -122Q76 -90 100 -52" ${pen.line(dark, 14)}/><path d="M100 -120Q110 -90 116 -66" ${pen.line(dark, 12)}/>`;
      s += pen.circle(56, -120, 13, dark) + pen.circle(108, -116, 12, dark);
      s += `<circle cx="124" cy="-64" r="8" fill="${INK}"/>`;
      s += sleepy
        ? closedEye(80, -90, 7, pen) + `<text x="112" y="-140" font-family="Fredoka, sans-serif" font-size="28" fill="${dark}">z</text>`
        : eye(80, -90, 7);
      s += blush(72, -66, 8);
      return s;
    },
  },
  basket: {
    words: ["picnic basket", "basket", "picnic"],
    w: 140,
    h: 100,
    placement: "ground",
    companion: false,
    draw(pen, t) {
      const wicker = t("#d9a066");
      let s = "";
      s += `<path d="M-50 -70Q0 -140 50 -70" ${pen.line(darken(wicker, 0.3), 10)}/><path d="M-50 -70Q0 -140 50 -70" ${pen.line(wicker, 5)}/>`;
      s += pen.path(`M${pt(-66, -70)}L${pt(66, -70)}L${pt(54, 0)}L${pt(-54, 0)}Z`, wicker);
      for (let i = 1; i < 4; i++) s += `<path d="M${-64 + i * 3} ${-70 + i * 17}L${64 - i * 3} ${-70 + i * 17}" ${pen.line(darken(wicker, 0.2), 3)}/>`;
      // a checked cloth peeking out
      s += pen.path(`M${pt(-60, -70)}Q${pt(-40, -90)} ${pt(-10, -76)}Q${pt(20, -94)} ${pt(56, -72)}Z`, t("#ff6b6b"), 0.6);
      s += pen.circle(20, -84, 12, t("#ff4d4d"), 0.6) + `<path d="M20 -96l4 -8" ${pen.line("#5a3b2a", 3)}/>`;
      return s;
    },
  },
  ship: {
    words: ["ship", "boat", "sailboat"],
    w: 360,
    h: 320,
    placement: "backdrop",
    companion: false,
    draw(pen, t) {
      const hull = t("#c0733f");
      const sail = t("#fffaf0");
      let s = "";
      s += pen.path(`M${pt(-170, -80)}L${pt(170, -80)}Q${pt(150, -10)} ${pt(100, 0)}L${pt(-110, 0)}Q${pt(-160, -20)} ${pt(-170, -80)}Z`, hull);
      s += `<path d="M-150 -52L150 -52" ${pen.line(darken(hull, 0.25), 4)}/>`;
      for (const x of [-90, -30, 30, 90]) s += `<circle cx="${x}" cy="-36" r="9" fill="${t("#ffe8a3")}" stroke="${darken(hull, 0.3)}" stroke-width="3"/>`;
      s += `<path d="M0 -80L0 -310" ${pen.line(darken(hull, 0.3), 8)}/>`;
      s += pen.path(`M${pt(8, -300)}Q${pt(130, -230)} ${pt(130, -100)}L${pt(8, -100)}Z`, sail);
      s += pen.path(`M${pt(-8, -270)}Q${pt(-100, -200)} ${pt(-110, -110)}L${pt(-8, -110)}Z`, sail);
      s += pen.path(`M${pt(0, -310)}L${pt(50, -296)}L${pt(0, -282)}Z`, t("#ff6b6b"));
      s += `<path d="${starPath(66, -190, 22, 10)}" fill="${t("#ffd23f")}"/>`;
      return s;
    },
  },
  book: {
    words: ["book", "books", "storybook", "scroll", "riddle"],
    w: 80,
    h: 60,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const cover = t("#5c7cfa");
      return (
        pen.path(
          `M${pt(-40, -10)}L${pt(-40, -56)}Q${pt(-20, -64)} ${pt(0, -54)}Q${pt(20, -64)} ${pt(40, -56)}L${pt(40, -10)}Q${pt(20, -18)} ${pt(0, -8)}Q${pt(-20, -18)} ${pt(-40, -10)}Z`,
          cover,
        ) +
        pen.path(`M${pt(-34, -16)}L${pt(-34, -54)}Q${pt(-16, -60)} ${pt(0, -50)}L${pt(0, -12)}Q${pt(-16, -22)} ${pt(-34, -16)}Z`, "#fffdf6", 0.5) +
        pen.path(`M${pt(34, -16)}L${pt(34, -54)}Q${pt(16, -60)} ${pt(0, -50)}L${pt(0, -12)}Q${pt(16, -22)} ${pt(34, -16)}Z`, "#fffdf6", 0.5) +
        `<path d="M-28 -40L-8 -36M-28 -30L-8 -26M8 -36L28 -40M8 -26L28 -30" ${pen.line("#b8b0c8", 2.5)}/>`
      );
    },
  },
  balloon: {
    words: ["balloon", "balloons"],
    w: 130,
    h: 300,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const colors = [t("#ff6b8b"), t("#ffd166"), t("#4cc9f0")];
      const spots: [number, number][] = [
        [-30, -250],
        [28, -270],
        [0, -214],
      ];
      let s = spots.map(([x, y]) => `<path d="M${pt(x, y + 46)}Q${pt(x * 0.3, -120)} 0 0" ${pen.line("#7a6a80", 2.5)}/>`).join("");
      spots.forEach(([x, y], i) => {
        s +=
          pen.ellipse(x, y, 36, 44, colors[i]) +
          `<ellipse cx="${x - 12}" cy="${y - 16}" rx="8" ry="13" fill="#ffffff" opacity="0.55"/>` +
          pen.path(`M${pt(x - 6, y + 48)}L${pt(x + 6, y + 48)}L${pt(x, y + 42)}Z`, colors[i], 0.5);
      });
      return s;
    },
  },
  dog: {
    words: ["dog", "puppy", "dogs"],
    w: 200,
    h: 180,
    placement: "ground",
    companion: true,
    draw(pen, t, { sleepy }) {
      const fur = t("#e0b07a");
      const ear = t("#8b5a3c");
      let s = "";
      s += `<path d="M-84 -90Q-120 -130 -100 -150" ${pen.line(pen.ink(fur), 18)}/><path d="M-84 -90Q-120 -130 -100 -150" ${pen.line(fur, 12)}/>`;
      s += pen.ellipse(-20, -66, 78, 44, fur);
      for (const x of [-70, -40, 10, 36]) s += pen.rect(x - 12, -36, 24, 36, 11, x > 0 ? fur : darken(fur, 0.08));
      s += pen.rect(-60, -80, 50, 14, 6, t("#ff6b6b"), 0.6);
      s += pen.circle(60, -120, 52, fur);
      s += pen.ellipse(86, -102, 32, 24, lighten(fur, 0.35), 0.6) + `<ellipse cx="104" cy="-112" rx="10" ry="8" fill="${INK}"/>`;
      s += pen.path(`M${pt(14, -160)}Q${pt(-6, -120)} ${pt(14, -86)}Q${pt(34, -110)} ${pt(32, -150)}Z`, ear);
      s += sleepy ? closedEye(62, -132, 8, pen) : eye(64, -134, 9);
      s += `<path d="M90 -90Q100 -76 108 -90" fill="#ff8fa3" stroke="${INK}" stroke-width="2.5"/>` + blush(48, -106, 10);
      return s;
    },
  },
  cat: {
    words: ["cat", "kitten", "cats"],
    w: 150,
    h: 170,
    placement: "ground",
    companion: true,
    draw(pen, t, { sleepy }) {
      const fur = t("#9aa0b8");
      const stripe = darken(fur, 0.25);
      let s = "";
      s += `<path d="M-50 -30Q-110 -40 -90 -120" ${pen.line(pen.ink(fur), 20)}/><path d="M-50 -30Q-110 -40 -90 -120" ${pen.line(fur, 14)}/>`;
      s += pen.path(`M${pt(-56, 0)}Q${pt(-70, -100)} ${pt(0, -104)}Q${pt(60, -100)} ${pt(50, 0)}Z`, fur);
      s += `<path d="M-30 -70Q-16 -60 -30 -50M30 -70Q16 -60 30 -50" ${pen.line(stripe, 5)}/>`;
      s += pen.path(`M${pt(-40, -140)}L${pt(-44, -186)}L${pt(-8, -160)}Z`, fur) + pen.path(`M${pt(40, -140)}L${pt(46, -186)}L${pt(10, -160)}Z`, fur);
      s += pen.ellipse(0, -126, 56, 46, fur);
      s += `<path d="M-10 -170L-6 -150M0 -172L0 -150M10 -170L6 -150" ${pen.line(stripe, 4)}/>`;
      s += sleepy ? closedEye(-20, -128, 8, pen) + closedEye(20, -128, 8, pen) : eye(-20, -130, 9) + eye(20, -130, 9);
      s += `<path d="M-5 -114L5 -114L0 -108Z" fill="#ff8fab"/><path d="M-10 -104Q0 -96 0 -106Q0 -96 10 -104" ${pen.line(INK, 2.5)}/>`;
      s += blush(-34, -112, 9) + blush(34, -112, 9);
      s += pen.ellipse(-22, -4, 16, 9, lighten(fur, 0.2)) + pen.ellipse(22, -4, 16, 9, lighten(fur, 0.2));
      return s;
    },
  },
  map: {
    words: ["map", "maps", "treasure map"],
    w: 110,
    h: 80,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const paper = t("#f6e3b4");
      let s = pen.path(
        `M${pt(-55, -80)}Q${pt(-30, -88)} ${pt(-18, -80)}Q${pt(0, -72)} ${pt(18, -80)}Q${pt(36, -88)} ${pt(55, -80)}L${pt(55, 0)}Q${pt(36, -8)} ${pt(18, 0)}Q${pt(0, 8)} ${pt(-18, 0)}Q${pt(-36, -8)} ${pt(-55, 0)}Z`,
        paper,
      );
      s += `<path d="M-40 -20Q-20 -60 0 -40T40 -56" fill="none" stroke="${t("#d1495b")}" stroke-width="4" stroke-dasharray="7 6" stroke-linecap="round"/>`;
      s += `<path d="M34 -64l12 12M46 -64l-12 12" ${pen.line(t("#d1495b"), 5)}/>`;
      s += `<path d="M-44 -62l6 -12l6 12z" fill="${t("#6a994e")}"/><path d="M-30 -60l6 -12l6 12z" fill="${t("#6a994e")}"/>`;
      s += `<circle cx="0" cy="-40" r="40" fill="#fff6a8" opacity="0.25"/>`;
      return s;
    },
  },
  compass: {
    words: ["compass"],
    w: 60,
    h: 60,
    placement: "held",
    companion: false,
    draw(pen, t) {
      const brass = t("#e0a93b");
      let s = `<circle cx="0" cy="-30" r="44" fill="#fff6a8" opacity="0.35"/>`;
      s += pen.circle(0, -30, 30, brass) + `<circle cx="0" cy="-30" r="22" fill="#fffaf0"/>`;
      s += `<path d="M0 -50L6 -30L0 -10L-6 -30Z" fill="${t("#e63946")}"/><path d="M0 -10L6 -30L-6 -30Z" fill="#6c7a99"/>`;
      s += pen.circle(0, -64, 7, brass);
      s += eye(-9, -36, 2.6) + eye(9, -36, 2.6);
      return s;
    },
  },
} satisfies Record<string, ThingDef>;
