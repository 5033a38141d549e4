import { describe, expect, it } from "vitest";
import type { StoryBrief } from "~/domain/story/book";
import { checkBook, type CheckedCharacter } from "~/domain/story/checker";
import { makeHero, type Hero } from "~/domain/story/writer/hero";
import { heroOf } from "~/domain/story/writer/review";
import { normSentence, splitSentences } from "~/domain/story/writer/text";
import type { X } from "~/domain/story/writer/plot/beats";
import { TROUBLES, type EventClass } from "~/domain/story/writer/plot/classes";
import { scenesAt, scenesFor } from "~/domain/story/writer/plot/scenes";

const CALM: EventClass[] = [
  "make",
  "find",
  "sorry",
  "fix",
  "win",
  "go",
  "home",
  "play",
  "meet",
  "help",
  "share",
  "gift",
  "party",
  "eat",
  "learn",
  "search",
  "generic",
];
/** each place as the plot names it, and as the page that happens there says it */
const PLACES: [string, string][] = [
  ["the zoo", "at the zoo"],
  ["the park", "in the park"],
  ["the beach", "on the beach"],
  ["the school", "at school"],
  ["the farm", "on the farm"],
  ["the school fair", "at the school fair"],
  ["the garden", "in the garden"],
  ["the playground", "at the playground"],
  ["the forest", "in the forest"],
  ["the library", "at the library"],
  ["the museum", "at the museum"],
  ["the swimming pool", "at the swimming pool"],
  ["the supermarket", "at the supermarket"],
  ["the birthday party", "at the birthday party"],
  ["Grandma's house", "at Grandma's house"],
  ["the kitchen", "in the kitchen"],
  ["the campsite", "at the campsite"],
  ["the hospital", "at the hospital"],
  ["the dentist", "at the dentist"],
  ["the football pitch", "on the football pitch"],
  ["the cinema", "at the cinema"],
  ["the train station", "at the train station"],
  ["the moon", "on the moon"],
  ["outer space", "in outer space"],
];

const hero = (childName: string, gender: StoryBrief["gender"]) => makeHero({ childName, age: 7, gender });
const xOf = (h: Hero, over: Partial<X> = {}): X => ({
  H: h.name,
  names: h.names,
  he: h.he,
  He: h.He,
  his: h.his,
  him: h.him,
  was: h.was,
  S: h.name,
  they: h.he,
  They: h.He,
  their: h.his,
  were: h.was,
  heroIn: true,
  ...over,
});

interface Sample {
  label: string;
  h: Hero;
  x: X;
  /** where the class scenes' page happens */
  page?: string;
  characters: CheckedCharacter[];
}
const ravi = hero("Ravi", "boy");
const mia = hero("Mia", "girl");
const sam = hero("Sam", "child");
const SAMPLES: Sample[] = [
  {
    label: "a boy with Grandad and a kite at the zoo",
    h: ravi,
    x: xOf(ravi, { C: "Grandad", O: "the kite", P: "the zoo" }),
    page: "at the zoo",
    characters: [],
  },
  {
    label: "a girl with Zoe and Bolt on the moon",
    h: mia,
    x: xOf(mia, { C: "Zoe", O: "Bolt", P: "the moon" }),
    page: "on the moon",
    characters: [
      { name: "Zoe", kind: "person", pronoun: "she" },
      { name: "Bolt", kind: "thing", pronoun: "it" },
    ],
  },
  { label: "a child alone, nowhere named", h: sam, x: xOf(sam), characters: [] },
  {
    label: "a boy whose new baby sister comes home, with Uncle Raj",
    h: ravi,
    x: xOf(ravi, { heroIn: false, S: "the new baby sister", they: "she", They: "She", their: "her", were: "was", C: "Uncle Raj", P: "at home" }),
    page: "at home",
    characters: [],
  },
  {
    label: "a girl under the sea with a baby turtle",
    h: mia,
    x: xOf(mia, { O: "the baby turtle", P: "the sea" }),
    page: "under the sea",
    characters: [{ name: "the baby turtle", kind: "animal", pronoun: "it" }],
  },
];

/** every scene a sample tells, with the page it would be printed on */
function scenesOf(s: Sample, small: boolean): { scene: string[]; page?: string; from: string }[] {
  const out: { scene: string[]; page?: string; from: string }[] = [];
  for (const cls of CALM) for (const scene of scenesFor(cls, s.x, small)) out.push({ scene, page: s.page, from: cls });
  for (const [place, page] of PLACES) for (const scene of scenesAt(place, { ...s.x, P: place }, small)) out.push({ scene, page, from: place });
  return out;
}

const outsideQuotes = (text: string) => text.replace(/“[^”]*”|"[^"]*"/g, " ");
const words = (sentence: string) => sentence.split(/\s+/).length;
/** the pronouns of the child's other two genders: none of them may stand for the child */
const WRONG_PRONOUNS: Record<StoryBrief["gender"], RegExp> = { boy: /\b(she|her|hers)\b/i, girl: /\b(he|his|him)\b/i, child: /\b(he|his|him|she|her)\b/i };

describe("whole-page scenes", () => {
  for (const s of SAMPLES)
    for (const small of [true, false])
      it(`${s.label} (${small ? "ages 1–5" : "ages 6–12"}): every scene is a clean page within the band's caps`, () => {
        const all = scenesOf(s, small);
        expect(all.length).toBeGreaterThan(small ? 80 : 100);
        for (const { scene, page, from } of all) {
          const text = scene.join(" ");
          const why = `${from}: ${text}`;
          const sentences = splitSentences(text);
          expect(sentences, why).toEqual(scene);
          expect(sentences.length, why).toBeGreaterThanOrEqual(small ? 2 : 3);
          expect(sentences.length, why).toBeLessThanOrEqual(5);
          for (const sentence of sentences) expect(words(sentence), `${from}: ${sentence}`).toBeLessThanOrEqual(small ? 9 : 16);
          expect(text, why).not.toMatch(/undefined|\{|\$\{/);
          expect(outsideQuotes(text), why).not.toMatch(/\b(you|your)\b/i);
          expect(outsideQuotes(text), why).not.toMatch(WRONG_PRONOUNS[s.h.gender]);
          expect(checkBook({ pages: [{ text, place: page, frame: false }], hero: heroOf(s.h), characters: s.characters }), why).toEqual([]);
        }
      });

  it("no sentence is said twice across all the scenes one story could draw on", () => {
    for (const s of SAMPLES)
      for (const small of [true, false]) {
        const seen = new Map<string, string>();
        for (const { scene, from } of scenesOf(s, small))
          for (const sentence of scene) {
            const key = normSentence(sentence);
            expect(seen.get(key), `${s.label}: “${sentence}” in ${from}`).toBeUndefined();
            seen.set(key, from);
          }
      }
  });

  it("sentences open in many ways: no word but the child's name opens more than a sixth of them", () => {
    for (const small of [true, false]) {
      const openers = new Map<string, number>();
      const sentences = scenesOf(SAMPLES[0], small).flatMap((s) => s.scene);
      for (const sentence of sentences) {
        const first = sentence.replace(/^[“"]/, "").split(/[\s,!.?]/)[0];
        openers.set(first, (openers.get(first) ?? 0) + 1);
      }
      expect(openers.get("Ravi")! / sentences.length).toBeLessThan(1 / 3);
      for (const [word, n] of openers) if (word !== "Ravi") expect(n / sentences.length, word).toBeLessThan(1 / 6);
    }
  });
});

describe("what the scenes hold", () => {
  const full = SAMPLES[0].x;

  it("every moment that is no trouble holds at least eight big scenes and five small ones; a trouble holds none", () => {
    for (const cls of CALM) {
      expect(scenesFor(cls, full, false).length, cls).toBeGreaterThanOrEqual(8);
      expect(scenesFor(cls, full, true).length, cls).toBeGreaterThanOrEqual(5);
    }
    for (const cls of TROUBLES) {
      expect(scenesFor(cls, full, false)).toEqual([]);
      expect(scenesFor(cls, full, true)).toEqual([]);
    }
  });

  it("someone else coming home holds as many scenes, and only a baby has a tiny hand", () => {
    const dad = { ...full, heroIn: false, S: "Dad", P: "at home" };
    const baby = { ...dad, S: "the new baby sister" };
    expect(scenesFor("home", dad, false).length).toBeGreaterThanOrEqual(8);
    expect(scenesFor("home", dad, true).length).toBeGreaterThanOrEqual(5);
    expect(scenesFor("home", dad, false).join(" ")).not.toMatch(/tiny/);
    expect(scenesFor("home", baby, false).flat().join(" ")).toMatch(/The new baby sister curled a tiny hand round Ravi's finger/);
    // nor does the child come home when it is someone else who does
    expect(scenesFor("home", dad, false).join(" ")).not.toMatch(/Ravi was home/);
  });

  it("a scene that needs the companion or the thing is left out without them, never told with a gap", () => {
    const alone = { ...full, C: undefined, O: undefined };
    for (const cls of CALM) {
      const withAll = scenesFor(cls, full, false).map((s) => s.join(" "));
      const without = scenesFor(cls, alone, false).map((s) => s.join(" "));
      expect(without.length, cls).toBeLessThan(withAll.length);
      for (const s of without) expect(withAll, cls).toContain(s);
    }
  });

  it("scenes where the child does the moment's deed are not told when it is someone else's deed", () => {
    const bolt = { ...full, heroIn: false, S: "Bolt", O: "Bolt" };
    expect(scenesFor("win", full, true).flat()).toContain("Ravi won!");
    expect(scenesFor("win", bolt, true).flat()).not.toContain("Ravi won!");
    expect(scenesFor("win", bolt, false).length).toBeLessThan(scenesFor("win", full, false).length);
  });

  it("every place holds at least six big scenes and four small ones, of its own things", () => {
    for (const [place] of PLACES) {
      expect(scenesAt(place, full, false).length, place).toBeGreaterThanOrEqual(6);
      expect(scenesAt(place, full, true).length, place).toBeGreaterThanOrEqual(4);
    }
    expect(scenesAt("the zoo", full, false).flat().join(" ")).toMatch(/penguins/);
    expect(scenesAt("the moon", full, false).flat().join(" ")).toMatch(/crater/i);
  });

  it("a place is known by its last word and its other names, and an unknown place has no scenes", () => {
    const same = (a: string, b: string) => expect(scenesAt(a, full, false), a).toEqual(scenesAt(b, full, false));
    same("the seaside", "the beach");
    same("the woods", "the forest");
    same("the big supermarket", "the shop");
    expect(scenesAt("Nani's cottage", full, false).flat()).toContain("Upstairs, the spare room had a patchwork quilt and a window seat.");
    same("the space station", "space");
    same("the doctor's", "the hospital");
    expect(scenesAt("the cricket final", full, false)).toEqual([]);
    expect(scenesAt(undefined, full, false)).toEqual([]);
  });

  it("on the moon and under the sea, a moment's scenes have no cars, sky, grass or weather", () => {
    for (const P of ["the moon", "the sea"])
      for (const cls of CALM)
        for (const small of [true, false])
          expect(
            scenesFor(cls, { ...full, P }, small)
              .flat()
              .join(" "),
            `${cls} ${P}`,
          ).not.toMatch(/\b(cars?|sky|grass|trees?|rain|wind|breeze|clouds?)\b/i);
  });

  it("the place a moment happens in is named with the right little word", () => {
    const first = (P: string) =>
      scenesFor("go", { ...full, P }, false)
        .flat()
        .find((s) => s.startsWith("The first thing"));
    expect(first("the zoo")).toBe("The first thing Ravi saw at the zoo was a huge sign with pictures.");
    expect(first("the forest")).toBe("The first thing Ravi saw in the forest was a huge sign with pictures.");
  });
});
