import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { PAGE_COUNT, pageType, type CharacterSheet } from "~/domain/story/book";
import {
  ART_STYLES,
  ART_STYLE_IDS,
  composePage,
  drawPage,
  drawStylePreview,
  findThings,
  resolveArtStyle,
  THINGS,
  type Box,
  type DrawPageInput,
} from "~/domain/story/illustrator";
import { ACTIONS, SETTINGS, type Setting } from "~/domain/story/scene-vocabulary";
import { flattenOpacity, silhouette } from "~/domain/story/illustrator/svg";
import { MIA } from "../fixtures/sheets";

const mia = MIA;

const leo: CharacterSheet = {
  name: "Leo",
  age: 5,
  gender: "boy",
  skinTone: "#8d5524",
  hairColor: "#1f1a17",
  hairStyle: "curly",
  eyeColor: "#4b2e1e",
  outfitColor: "#3a86ff",
  outfitAccent: "#8ac926",
  outfit: "hoodie and trousers",
  accessory: "glasses",
  description: "Leo, a five-year-old boy with curly black hair, glasses and a blue hoodie",
};

const SCENES = [
  "Mia holds a glowing map with a friendly fox beside her",
  "Mia waves hello",
  "Mia finds a glowing map in the attic one morning",
  "Mia looks at the map in her bedroom",
  "Mia sets off through the garden with the map",
  "Mia meets a friendly fox at the edge of the forest",
  "The fox and Mia walk into the whispering woods",
  "Mia listens to a talking compass",
  "Mia is worried when the path splits in two",
  "Mia thinks hard about which way to go",
  "Mia climbs a hill with the fox",
  "Mia discovers a secret waterfall in the mountain",
  "Mia helps the fox across the stream",
  "Mia runs through the meadow full of flowers",
  "Mia spots a castle far away",
  "Mia and the fox share a picnic basket",
  "Mia floats over the trees holding balloons in the sky",
  "Mia reaches for a star",
  "The fox and Mia watch the sunset from the hill",
  "Mia tries to read the map by the evening light",
  "Mia finds the hidden valley where the trees hum",
  "Mia and the fox celebrate with a dance",
  "Mia walks home under the starry night",
  "Mia sleeps in her bed, dreaming of the forest",
];

const book = (sheet: CharacterSheet, artStyle: string, theme = "Adventure"): DrawPageInput[] =>
  Array.from({ length: PAGE_COUNT }, (_, i) => ({
    sheet,
    pageNumber: i + 1,
    pageType: pageType(i + 1),
    scene: SCENES[i],
    theme,
    artStyle,
    bookTitle: `${sheet.name} and the Glowing Map`,
  }));

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
const fills = (svg: string) => new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => m[1].toLowerCase()));
const jaccard = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x)).length / new Set([...a, ...b]).size;
function expectIdsResolve(svg: string) {
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const ref of svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) expect(ids).toContain(ref[1] ?? ref[2]);
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe("drawPage", () => {
  const pages = book(mia, "storybook").map((p) => composePage(p));

  it("returns a well-formed 1024×1024 SVG for every page", () => {
    for (const { svg } of pages) {
      expect(XMLValidator.validate(svg)).toBe(true);
      const root = parser.parse(svg).svg;
      expect(root.width).toBe("1024");
      expect(root.height).toBe("1024");
      expect(root.viewBox).toBe("0 0 1024 1024");
      expect(svg.length).toBeGreaterThan(5_000);
      // ids are unique and every reference to a gradient, filter, pattern or clip resolves
      const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      for (const ref of svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) expect(ids).toContain(ref[1] ?? ref[2]);
    }
  });

  it("draws the same child on every page: the sheet's colours are on every page", () => {
    pages.forEach(({ svg, layout }, i) => {
      for (const colour of [mia.skinTone, mia.hairColor, mia.outfitColor, mia.outfitAccent]) expect(svg, `page ${i + 1} ${colour}`).toContain(colour);
      const eyesOpen = i > 1 && !["sleepy", "proud"].includes(layout.plan.mood);
      if (eyesOpen) expect(svg, `page ${i + 1} eyes`).toContain(mia.eyeColor);
    });
    // and the other child's colours never leak in
    for (const { svg } of pages) expect(svg).not.toContain(leo.outfitColor);
  });

  it("makes every page of a book different: framing, place of the child, props", () => {
    const svgs = new Set(pages.map((p) => p.svg));
    expect(svgs.size).toBe(PAGE_COUNT);
    const cameras = new Set(pages.slice(2).map((p) => p.layout.plan.camera));
    expect(cameras.size).toBe(3);
    const xs = new Set(pages.slice(2).map((p) => Math.round((p.layout.character.x0 + p.layout.character.x1) / 100)));
    expect(xs.size).toBeGreaterThanOrEqual(3);
    // neighbouring pages never look the same
    for (let i = 3; i < pages.length; i++) {
      const a = pages[i - 1].layout;
      const b = pages[i].layout;
      const same = a.plan.setting === b.plan.setting && a.plan.camera === b.plan.camera && a.plan.side === b.plan.side && a.plan.action === b.plan.action;
      expect(same, `pages ${i} and ${i + 1}`).toBe(false);
    }
  });

  it("is deterministic: the same input gives the same SVG, in any order", () => {
    const again = book(mia, "storybook")
      .reverse()
      .map((p) => drawPage(p))
      .reverse();
    expect(again).toEqual(pages.map((p) => p.svg));
  });

  it("follows the scene's setting, and each setting is a different picture", () => {
    const settings = Object.keys(SETTINGS) as Setting[];
    const drawn = settings.map((setting) => {
      const word = SETTINGS[setting][0];
      const { svg, layout } = composePage({ ...book(mia, "cartoon")[6], scene: `Mia looks around the ${word}` });
      expect(layout.plan.setting).toBe(setting);
      for (const artStyle of ART_STYLE_IDS)
        for (const page of [1, 2, 9, 23]) expectIdsResolve(drawPage({ ...book(mia, artStyle)[page - 1], scene: `Mia looks around the ${word}` }));
      return fills(svg);
    });
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) expect(jaccard(drawn[i], drawn[j]), `${settings[i]} vs ${settings[j]}`).toBeLessThan(0.75);
  });

  it("falls back to the theme's setting when the scene names none", () => {
    const scene = "Mia smiles";
    expect(composePage({ ...book(mia, "cartoon")[5], scene, theme: "Space" }).layout.plan.setting).toBe("space");
    expect(composePage({ ...book(mia, "cartoon")[5], scene, theme: "Ocean" }).layout.plan.setting).toBe("underwater");
    expect(composePage({ ...book(mia, "cartoon")[5], scene, theme: "Fantasy" }).layout.plan.setting).toBe("castle");
    expect(composePage({ ...book(mia, "cartoon")[5], scene, theme: "Dinosaurs" }).layout.plan.setting).toBe("forest");
  });

  it("reads the time of day: night has a moon and stars, day a sun", () => {
    const night = composePage({ ...book(mia, "cartoon")[8], scene: "Mia walks in the garden at night" });
    const day = composePage({ ...book(mia, "cartoon")[8], scene: "Mia walks in the garden at noon" });
    expect(night.layout.plan.time).toBe("night");
    expect(day.layout.plan.time).toBe("day");
    expect(night.svg).toContain("#fff3c4"); // the moon
    expect(day.svg).not.toContain("#fff3c4");
  });

  it("poses the child for every action and draws every named friend and prop", () => {
    for (const action of Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]) {
      const scene = `Mia ${ACTIONS[action][0]} in the garden`;
      const { layout } = composePage({ ...book(mia, "cartoon")[10], scene });
      expect(layout.plan.action, scene).toBe(action === "swimming" ? "flying" : action);
    }
    for (const thing of Object.keys(THINGS) as (keyof typeof THINGS)[])
      for (const input of book(mia, "cartoon").slice(2)) {
        const scene = `Mia looks at the ${THINGS[thing][0]} in the garden`;
        const { layout, svg } = composePage({ ...input, scene });
        expect(findThings(scene)).toContain(thing);
        // a castle named first makes the whole picture a castle scene
        if (thing === "castle") expect(layout.plan.setting).toBe("castle");
        else
          expect(
            layout.things.map((t) => t.thing),
            scene,
          ).toContain(thing);
        expect(XMLValidator.validate(svg)).toBe(true);
      }
  }, 20_000); // every action drawn in turn: about 2 s alone, more on a busy machine

  it("keeps the child, the friends and the title apart", () => {
    const crowded = [
      "Mia talks to a fox, a hedgehog and a dog with a picnic basket in the garden",
      "Mia meets a knight and a dragon near the castle",
      "Mia and a robot fly a rocket past a star in space",
      "Mia swims with a turtle and a whale near a sunken ship under the sea",
      "Mia reads a book with her cat and a goose in the town",
      "Mia thinks about the badger and the fox in the forest",
      "Mia swims with a whale under the sea",
      "Mia sees a ship and a castle from the beach",
    ];
    for (const input of [...book(mia, "watercolor"), ...book(leo, "cartoon", "Space")]) {
      for (const scene of [input.scene, ...crowded]) {
        const { layout } = composePage({ ...input, scene });
        const solid = layout.things.filter((t) => t.placement === "ground" || t.placement === "air");
        for (const t of solid) expect(overlaps(t.box, layout.character), `${scene}: ${t.thing} on the child (page ${input.pageNumber})`).toBe(false);
        for (let i = 0; i < solid.length; i++)
          for (let j = i + 1; j < solid.length; j++)
            expect(overlaps(solid[i].box, solid[j].box), `${scene}: ${solid[i].thing} and ${solid[j].thing}`).toBe(false);
        if (layout.title) {
          expect(overlaps(layout.title, layout.character)).toBe(false);
          for (const t of layout.things) expect(overlaps(layout.title, t.box), `${t.thing} under the title`).toBe(false);
        }
        // the child stays in the picture
        expect(layout.character.x0).toBeGreaterThanOrEqual(0);
        expect(layout.character.x1).toBeLessThanOrEqual(1024);
      }
    }
  });

  it("keeps the cover's title band calm for the title laid over it, and paints no lettering a rename would leave behind", () => {
    const [cover, title] = pages;
    expect(cover.svg).not.toContain("Glowing Map");
    expect(title.svg).not.toContain("Glowing Map");
    expect(cover.svg).not.toContain("<text");
    expect(cover.layout.title!.y1).toBeLessThan(cover.layout.character.y0);
    // a renamed book's cover is the same picture: nothing in it names the old title
    const renamed = composePage({ ...book(mia, "storybook")[0], bookTitle: "A New Name" });
    expect(renamed.svg).toBe(cover.svg);
    expect(title.svg).toContain('clip-path="url(#vignette)"');
    expect(title.layout.plan.camera).toBe("medium");
    expect(title.svg).not.toMatch(/width="12" height="7" rx="3"/); // no confetti on the calm page
    expect(cover.svg).toMatch(/width="12" height="7" rx="3"/); // the cover celebrates
  });

  it("escapes text and ignores colours that are not colours", () => {
    const svg = drawPage({
      ...book(mia, "cartoon")[0],
      bookTitle: `Mia & the <script>alert("x")</script> Map`,
      sheet: { ...mia, outfitColor: `red" onload="alert(1)`, name: "<b>Mia & Co</b>" },
    });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("onload");
    expect(svg).toContain("&amp;");
  });
});

describe("cost", () => {
  it("draws a whole 24-page book in well under a second", () => {
    book(mia, "watercolor").forEach((p) => drawPage(p)); // warm up
    const started = performance.now();
    for (const p of book(leo, "crayon", "Space")) drawPage(p);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("art styles", () => {
  it("offers at least six styles with labels and descriptions", () => {
    expect(ART_STYLES.length).toBeGreaterThanOrEqual(6);
    for (const s of ART_STYLES) {
      expect(s.label.length).toBeGreaterThan(2);
      expect(s.description.length).toBeGreaterThan(20);
    }
    expect(new Set(ART_STYLES.map((s) => s.id)).size).toBe(ART_STYLES.length);
  });

  it("makes each style a visibly different picture of the same page", () => {
    const input = book(leo, "cartoon", "Space")[6];
    const svgs = ART_STYLE_IDS.map((artStyle) => drawPage({ ...input, artStyle }));
    const outlines = svgs.map((svg) => new Set([...svg.matchAll(/stroke="(#[0-9a-f]{6})"/gi)].map((m) => m[1])));
    for (let i = 0; i < svgs.length; i++) {
      for (let j = i + 1; j < svgs.length; j++) {
        expect(svgs[i]).not.toBe(svgs[j]);
        expect(jaccard(fills(svgs[i]), fills(svgs[j])), `${ART_STYLE_IDS[i]} vs ${ART_STYLE_IDS[j]}`).toBeLessThan(0.8);
        expect(jaccard(outlines[i], outlines[j]) < 0.9 || svgs[i].includes("filter") !== svgs[j].includes("filter")).toBe(true);
      }
      // the child's own colours are never restyled
      expect(svgs[i]).toContain(leo.outfitColor);
    }
    expect(svgs[ART_STYLE_IDS.indexOf("watercolor")]).toContain("feDisplacementMap");
    // paper cut-out: a shadow under its layers, each layer's silhouette offset and translucent
    const shadows = svgs[ART_STYLE_IDS.indexOf("paper cut-out")].match(/<g opacity="0\.42" transform="translate\(7 10\)"><g fill="#2e1f17">/g) ?? [];
    expect(shadows.length).toBeGreaterThanOrEqual(2);
  });

  it("understands the names a template or a parent may use", () => {
    expect(resolveArtStyle("Watercolour")).toBe("watercolor");
    expect(resolveArtStyle("fairy tale")).toBe("fairy tale");
    expect(resolveArtStyle("Fairytale")).toBe("fairy tale");
    expect(resolveArtStyle("paper cutout")).toBe("paper cut-out");
    expect(resolveArtStyle("pastel crayons")).toBe("crayon");
    expect(resolveArtStyle("something new")).toBe("storybook");
  });

  it("draws a small preview for each style", () => {
    const previews = ART_STYLE_IDS.map((id) => drawStylePreview(id));
    for (const svg of previews) {
      expect(XMLValidator.validate(svg)).toBe(true);
      const root = parser.parse(svg).svg;
      expect(root.width).toBe("256");
      expect(root.viewBox).toBe("0 0 1024 1024");
    }
    expect(new Set(previews).size).toBe(previews.length);
    // several previews can share one HTML page: no id appears in two of them, every reference resolves
    const ids = previews.flatMap((svg) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const svg of previews) {
      const own = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const ref of svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) expect(own.has(ref[1] ?? ref[2])).toBe(true);
    }
  });
});

describe("flattenOpacity", () => {
  it("turns a lone shape's opacity into its fill or stroke opacity, and keeps it where fill and outline blend", () => {
    const svg =
      `<svg><circle cx="1" cy="1" r="5" fill="#fff" opacity="0.4"/>` +
      `<path d="M0 0L9 9" fill="none" stroke="#fff" stroke-width="3" opacity="0.5"/>` +
      `<rect width="4" height="4" fill="#abc" stroke="#123" opacity="0.6"/>` +
      `<ellipse cx="1" cy="1" rx="2" ry="3" fill="#fff" filter="url(#f)" opacity="0.7"/>` +
      `<g opacity="0.8"><circle r="1"/></g></svg>`;
    const out = flattenOpacity(svg);
    expect(out).toContain(`<circle cx="1" cy="1" r="5" fill="#fff" fill-opacity="0.4"/>`);
    expect(out).toContain(`stroke-width="3" stroke-opacity="0.5"/>`);
    expect(out).toContain(`stroke="#123" opacity="0.6"/>`);
    expect(out).toContain(`filter="url(#f)" opacity="0.7"/>`);
    expect(out).toContain(`<g opacity="0.8"><circle r="1"/></g>`);
  });
});

describe("silhouette", () => {
  it("paints every fill and outline one colour, keeps what has none and every opacity, and leaves definitions out", () => {
    const body =
      `<defs><linearGradient id="sea"><stop offset="0" stop-color="#2f9fd8"/></linearGradient></defs>` +
      `<clipPath id="win"><rect width="9" height="9"/></clipPath>` +
      `<rect width="9" height="9" fill="url(#sea)" clip-path="url(#win)"/>` +
      `<path d="M0 0L9 9" fill="none" stroke="#fffaf0" stroke-width="2"/>` +
      `<circle r="4" fill="#ff7a59" fill-opacity="0.5"/><g opacity="0.95"><ellipse rx="2" ry="3"/></g>`;
    const out = silhouette(body, "#3d291f");
    expect(out).toBe(
      `<g fill="#3d291f">` +
        `<rect width="9" height="9" fill="#3d291f" clip-path="url(#win)"/>` +
        `<path d="M0 0L9 9" fill="none" stroke="#3d291f" stroke-width="2"/>` +
        `<circle r="4" fill="#3d291f" fill-opacity="0.5"/><g opacity="0.95"><ellipse rx="2" ry="3"/></g></g>`,
    );
  });
});
