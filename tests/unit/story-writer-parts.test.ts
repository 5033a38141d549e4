import { describe, expect, it } from "vitest";
import type { StoryBrief } from "~/domain/story/book";
import { buildCharacterSheet } from "~/domain/story/writer";
import { EYE_COLOURS, HAIR_COLOURS, SKIN_TONES } from "~/domain/story/writer/character";
import type { Ctx } from "~/domain/story/writer/ctx";
import { gradeOf } from "~/domain/story/reading-level";
import { readDescription } from "~/domain/story/writer/description";
import { fitSentences } from "~/domain/story/writer/finish";
import { parseElement, parseElements } from "~/domain/story/writer/entities";
import { makeHero } from "~/domain/story/writer/hero";
import { landings, mineFromMoral, readMoral, type MoralKey } from "~/domain/story/writer/moral";
import { createRng } from "~/domain/story/writer/rng";
import { cleanName, cleanText, gerundOf, indefinite, joinList, pastOf, singular, smartQuotes, splitSentences } from "~/domain/story/writer/text";

const mia = makeHero({ childName: "Mia", age: 6, gender: "girl" });

describe("text helpers", () => {
  it.each([
    ["find", "found"],
    ["follow", "followed"],
    ["plan", "planned"],
    ["tidy", "tidied"],
    ["dive", "dived"],
    ["build", "built"],
    ["overcome", "overcame"],
    ["visit", "visited"],
    ["play", "played"],
    ["stop", "stopped"],
  ])("past of %s is %s", (base, past) => expect(pastOf(base)).toBe(past));

  it.each([
    ["sing", "singing"],
    ["dance", "dancing"],
    ["swim", "swimming"],
    ["tie", "tying"],
    ["see", "seeing"],
    ["play", "playing"],
  ])("-ing of %s is %s", (base, ing) => expect(gerundOf(base)).toBe(ing));

  it.each([
    ["owl", "an"],
    ["unicorn", "a"],
    ["hour", "an"],
    ["8-year-old", "an"],
    ["11-year-old", "an"],
    ["6-year-old", "a"],
    ["European", "a"],
    ["friendly fox", "a"],
  ])("article for %s is %s", (word, art) => expect(indefinite(word)).toBe(art));

  it.each([
    ["Dinosaurs", "Dinosaur"],
    ["Fairies", "Fairy"],
    ["Christmas", "Christmas"],
    ["Buses", "Bus"],
    ["boxes", "box"],
    ["children", "child"],
    ["Music", "Music"],
  ])("singular of %s is %s", (plural, one) => expect(singular(plural)).toBe(one));

  it("joins lists the way people say them", () => {
    expect(joinList(["a"])).toBe("a");
    expect(joinList(["a", "b"])).toBe("a and b");
    expect(joinList(["a", "b", "c"])).toBe("a, b and c");
  });

  it.each([
    ["<b>Mia</b> <script>alert(1)</script>loves cats", "Mia loves cats"],
    ["&lt;img src=x onerror=alert(1)&gt;Hello", "Hello"],
    ["Mia 🦄 loves 🌈 rainbows", "Mia loves rainbows"],
    ["**bold** and [a link](http://x.example)", "bold and a link"],
    ["  lots   of\n\n space\t ", "lots of space"],
    ["zero\u200Bwidth and\u0007bell", "zero width and bell"],
    ["see https://example.com/x now", "see now"],
  ])("cleanText(%j) = %j", (raw, clean) => expect(cleanText(raw)).toBe(clean));

  it("cuts long text at a sentence boundary, or a word boundary", () => {
    const long = "One two three. " + "word ".repeat(200);
    expect(cleanText(long, 100)).toBe("One two three.");
    const words = "word ".repeat(200);
    const cut = cleanText(words, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith("word")).toBe(true);
  });

  it.each([
    ["mia", "Mia"],
    ["jean-luc", "Jean-Luc"],
    ["D'Arcy", "D'Arcy"],
    ["<i>Zoë</i> 🦄", "Zoë"],
    ["Ζωή", "Ζωή"],
    ["李小龙", "李小龙"],
    ["   ", ""],
  ])("cleanName(%j) = %j", (raw, clean) => expect(cleanName(raw)).toBe(clean));

  it("a name is cut to 40 characters at a word boundary", () => {
    const n = cleanName("Maximiliana Alexandra Fitzgerald-Worthington Smith");
    expect(n.length).toBeLessThanOrEqual(40);
    expect(n).toBe("Maximiliana Alexandra");
  });

  it("a quote ending in ! or ? followed by a lower-case tag is one sentence", () => {
    expect(splitSentences(`"Look!" said Mia. Then she ran. "Why?" Nobody knew.`)).toEqual([`"Look!" said Mia.`, "Then she ran.", `"Why?"`, "Nobody knew."]);
  });

  it("makes typographic quotes", () => {
    expect(smartQuotes(`"It's mine," said Mia.`)).toBe("\u201CIt\u2019s mine,\u201D said Mia.");
  });
});

describe("readDescription", () => {
  it.each<[string, Partial<ReturnType<typeof readDescription>>]>([
    ["Mia loves dinosaurs and is scared of the dark.", { loves: ["dinosaurs"], fears: ["the dark"] }],
    ["Mia loves to sing and dance.", { loves: ["singing and dancing"] }],
    ["She is obsessed with fossils but doesn't like thunderstorms.", { loves: ["fossils"], fears: ["thunderstorms"] }],
    ["Mia is nervous about starting school.", { fears: ["starting school"] }],
    ["Her brother loves football.", { loves: [] }],
    ["Mia wants to be an astronaut.", { wishes: ["to be an astronaut"] }],
    ["Mia dreams of flying.", { wishes: ["of flying"] }],
    ["She lives in Lisbon with her mum.", { home: "in Lisbon" }],
    ["We live by the sea.", {}],
  ])("%s", (text, expected) => {
    const facts = readDescription(text, mia);
    for (const [k, v] of Object.entries(expected)) expect(facts[k as keyof typeof facts], k).toEqual(v);
  });

  it("reads a pet, a best friend and a sibling", () => {
    const f = readDescription("Mia has a fluffy dog called Biscuit. Her best friend is Noor. Her little brother Leo copies everything she does.", mia);
    expect(f.pet).toMatchObject({ the: "Biscuit", a: "a dog called Biscuit", label: "Biscuit the dog" });
    expect(f.friend?.the).toBe("Noor");
    expect(f.sibling).toMatchObject({ the: "Leo", a: "her little brother Leo" });
  });

  it("moves the parent's premise into the past tense, predicate by predicate", () => {
    const f = readDescription(
      "[ChildName] builds a cardboard rocket that really flies, visits a moon made of bouncy cheese and helps a lonely little star find its way back to its constellation.",
      mia,
    );
    expect(f.events.map((e) => e.pred)).toEqual(["built a cardboard rocket that really flew", "visited a moon made of bouncy cheese"]);
    expect(f.events.map((e) => e.verb)).toEqual(["build", "visit"]);
    expect(f.help).toMatchObject({
      who: "a lonely little star",
      need: "find its way back to its constellation",
      done: "found its way back to its constellation",
    });
  });

  it("keeps a leading phrase, and a leading clause as the trouble", () => {
    const a = readDescription("In the kingdom of Willowmere, Mia joins a princess and a very nervous knight.", mia);
    expect(a.events[0]).toMatchObject({ lead: "In the kingdom of Willowmere", pred: "joined a princess and a very nervous knight", verb: "join" });
    const b = readDescription(
      "When the animals of Buttercup Meadow stop talking to each other, Mia helps a shy hedgehog and a bossy goose plan a picnic.",
      mia,
    );
    expect(b.help?.trouble).toBe("The animals of Buttercup Meadow stopped talking to each other.");
    expect(b.help?.who).toBe("a shy hedgehog and a bossy goose");
  });

  it("reads other subjects, 'we', topics and 'a story about'", () => {
    expect(readDescription("Grandma is coming to visit and Mia wants to bake her a cake.", mia)).toMatchObject({
      worldLines: ["Grandma was coming to visit."],
      wishes: ["to bake her a cake"],
    });
    expect(readDescription("We are moving to a new house in Berlin.", mia).worldLines).toEqual(["Mia and her family were moving to a new house in Berlin."]);
    expect(readDescription("First day at the new school", mia).topics).toEqual(["first day at the new school"]);
    expect(readDescription("A story about sharing toys with her cousins.", mia).about).toBe("sharing toys with her cousins");
    expect(readDescription("My daughter goes to the zoo.", mia).events[0].pred).toBe("went to the zoo");
  });

  it("ignores instructions to the writer and first-person notes, and never throws on junk", () => {
    const f = readDescription("Please make it funny. I think she would like that. %%%% ;;; <>", mia);
    expect(f.events).toEqual([]);
    expect(f.worldLines).toEqual([]);
    expect(() => readDescription("x".repeat(5000), mia)).not.toThrow();
    expect(() => readDescription(undefined as unknown as string, mia)).not.toThrow();
  });
});

describe("special elements", () => {
  it.each([
    ["a friendly fox", { kind: "creature", a: "a friendly fox", the: "the friendly fox", short: "the fox", head: "fox" }],
    ["her teddy Bun", { kind: "toy", a: "her teddy Bun", the: "Bun", label: "Bun the teddy", named: true }],
    ["my teddy", { kind: "toy", a: "her teddy", the: "her teddy" }],
    ["Grandpa Joe", { kind: "person", a: "Grandpa Joe", the: "Grandpa Joe", named: true }],
    ["rings of Saturn", { kind: "place", a: "the rings of Saturn", plural: true, setting: "space" }],
    ["a castle with a hundred towers", { kind: "place", head: "castle", short: "the castle", setting: "castle" }],
    ["a box of crayons", { kind: "thing", fn: "art" }],
    ["a picnic basket", { kind: "thing", fn: "carry" }],
    ["Glowing map", { kind: "thing", a: "a glowing map", fn: "way" }],
    ["an old umbrella", { a: "an old umbrella" }],
    ["magic beans", { a: "some magic beans", plural: true, fn: "magic" }],
    ["a sunken ship", { kind: "place", setting: "underwater" }],
    ["a talking compass", { speaks: true }],
    ["a dog called Rex", { kind: "creature", a: "a dog called Rex", the: "Rex", label: "Rex the dog" }],
  ])("%s", (raw, expected) => expect(parseElement(raw, mia)).toMatchObject(expected));

  it("splits, cleans and de-duplicates the list, and caps it", () => {
    const list = parseElements(["a fox, a map", "A fox", "", "🦄", "<b>a kite</b>"], mia);
    expect(list.map((e) => e.a)).toEqual(["a fox", "a map", "a kite"]);
    expect(
      parseElements(
        Array.from({ length: 30 }, (_, i) => `thing ${i}`),
        mia,
      ),
    ).toHaveLength(8);
  });
});

describe("readMoral", () => {
  it.each<[string, MoralKey, string]>([
    ["Being brave doesn't mean never feeling scared; it means trying anyway.", "brave", "declarative"],
    ["Kindness grows when we share it.", "kind", "declarative"],
    ["Always share your toys.", "share", "imperative"],
    ["Things are not always what they seem: listen first.", "listen", "declarative"],
    ["Curiosity opens doors.", "curious", "declarative"],
    ["Never give up.", "persevere", "imperative"],
    ["Good things come to those who wait.", "patient", "declarative"],
    ["Always tell the truth.", "honest", "imperative"],
    ["We take care of the places we love.", "care", "declarative"],
    ["Be yourself.", "self", "imperative"],
    ["Say thank you.", "grateful", "imperative"],
    ["It's okay to say sorry.", "sorry", "declarative"],
    ["Friends help each other.", "together", "declarative"],
    ["Kindness", "kind", "phrase"],
    ["Eat your vegetables.", "general", "imperative"],
    ["", "general", "none"],
  ])("%s -> %s (%s)", (text, key, form) => {
    const m = readMoral(text);
    expect(m.spec.key).toBe(key);
    expect(m.form).toBe(form);
  });

  const ctx = (band: Ctx["band"], family?: string) => ({ h: { ...mia, band }, band, family }) as unknown as Ctx;

  it("lands the parent's words in frames that fit their form", () => {
    for (const l of landings(readMoral("Kindness grows when we share it."), ctx("young"))) expect(l).toContain("kindness grows when we share it.");
    expect(landings(readMoral("Always tell the truth."), ctx("older"))).toContain("Mia knew now how important it was to always tell the truth.");
    expect(landings(readMoral("Don't give up."), ctx("older"))).toContain("Mia knew now how important it was not to give up.");
    expect(landings(readMoral("Believe in yourself."), ctx("older"))).toContain("Mia knew now how important it was to believe in herself.");
    expect(landings(readMoral("Kindness"), ctx("young"))).toContain("Mia had learned a lot about kindness that day.");
    expect(landings(readMoral("Share."), ctx("tiny"))).toEqual(["Mia can share."]);
    for (const l of landings(readMoral("Curiosity opens doors: asking questions helps."), ctx("older", "Grandma"))) expect(l).not.toMatch(/:.*:/);
  });

  it("gives the child first-person words from an imperative", () => {
    expect(mineFromMoral(readMoral("Eat your vegetables."))).toBe("I will eat my vegetables.");
    expect(mineFromMoral(readMoral("Don't forget your manners."))).toBe("I won't forget my manners.");
    expect(mineFromMoral(readMoral("Treat others as you want to be treated."))).toBeUndefined();
  });
});

describe("createRng", () => {
  it("is deterministic per seed, differs across seeds, and stays in range", () => {
    const a = createRng("book-1");
    const b = createRng("book-1");
    const c = createRng("book-2");
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c.next())).not.toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it("picks, shuffles and forks", () => {
    const r = createRng("x");
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[r.int(3)]++;
    for (const k of counts) expect(k).toBeGreaterThan(850);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(createRng("x").fork("a").next()).toBe(createRng("x").fork("a").next());
    expect(createRng("x").fork("a").next()).not.toBe(createRng("x").fork("b").next());
    expect(() => r.pick([])).toThrow(RangeError);
  });
});

describe("buildCharacterSheet", () => {
  const brief = (o: Partial<StoryBrief> = {}): StoryBrief => ({
    childName: "Mia",
    age: 6,
    gender: "girl",
    authorName: "",
    theme: "Space",
    storyDescription: "",
    moralLesson: "",
    specialElements: [],
    artStyle: "cartoon",
    ...o,
  });

  it("uses the photo's colours, named by the nearest real colour", () => {
    const s = buildCharacterSheet(brief({ photoPalette: { hair: "#3a2518", skin: "#8a5a3c", eyes: "#5d3b1f" } }), "seed");
    expect(s.hairColor).toBe("#3a2518");
    expect(s.skinTone).toBe("#8a5a3c");
    expect(s.eyeColor).toBe("#5d3b1f");
    expect(s.description).toContain("dark-brown");
    expect(s.description).toContain("warm brown skin");
    expect(s.description).toContain("brown eyes");
  });

  it("ignores a malformed palette and picks realistic colours from the seed", () => {
    const s = buildCharacterSheet(brief({ photoPalette: { hair: "blue!", skin: "" } }), "seed");
    expect(HAIR_COLOURS.map((c) => c.hex)).toContain(s.hairColor);
    expect(SKIN_TONES.map((c) => c.hex)).toContain(s.skinTone);
    expect(EYE_COLOURS.map((c) => c.hex)).toContain(s.eyeColor);
  });

  it("is deterministic per seed and varies across seeds", () => {
    expect(buildCharacterSheet(brief(), "a")).toEqual(buildCharacterSheet(brief(), "a"));
    const looks = new Set(Array.from({ length: 30 }, (_, i) => buildCharacterSheet(brief(), `s${i}`).description));
    expect(looks.size).toBeGreaterThan(20);
  });

  it("writes one sentence with the name, age and gender", () => {
    expect(buildCharacterSheet(brief({ age: 8, gender: "boy", childName: "Leo" }), "x").description).toMatch(/^Leo, an 8-year-old boy with .+, wearing .+\.$/);
    expect(buildCharacterSheet(brief({ age: 11, gender: "child", childName: "Sam" }), "x").description).toMatch(/^Sam, an 11-year-old child with /);
    expect(buildCharacterSheet(brief({ childName: "<b>Mia</b>" }), "x").name).toBe("Mia");
  });

  it("takes an accessory from the special elements", () => {
    expect(buildCharacterSheet(brief({ specialElements: ["her round glasses"] }), "x").accessory).toBe("glasses");
    expect(buildCharacterSheet(brief({ specialElements: ["a red backpack"] }), "x").accessory).toBe("backpack");
  });

  it("keeps to the sheet's allowed values", () => {
    for (let i = 0; i < 60; i++) {
      const s = buildCharacterSheet(brief({ gender: (["girl", "boy", "child"] as const)[i % 3], age: (i % 12) + 1 }), `v${i}`);
      expect(["short", "curly", "long", "ponytail", "bun", "buzz"]).toContain(s.hairStyle);
      expect(["t-shirt and shorts", "dress", "overalls", "hoodie and trousers"]).toContain(s.outfit);
      expect(["none", "glasses", "cap", "scarf", "star hairclip", "backpack"]).toContain(s.accessory);
      expect(s.outfitColor).not.toBe(s.outfitAccent);
      expect(s.description.split(/[.!?](\s|$)/).filter((x) => x && x.trim()).length).toBe(1);
    }
  });
});

describe("reading level", () => {
  it("a name reads as one short word however it is written: Mary-Kate, D'Arcy, Mia's", () => {
    const plain = gradeOf("Mia ran to the gate. Mia's dog ran too.", ["Mia"]);
    expect(gradeOf("Mary-Kate ran to the gate. Mary-Kate's dog ran too.", ["Mary-Kate"])).toBeCloseTo(plain, 5);
    expect(gradeOf("D\u2019Arcy ran to the gate. D\u2019Arcy\u2019s dog ran too.", ["D'Arcy"])).toBeCloseTo(plain, 5);
  });

  it("a young listener's long sentence is split where a clause can stand alone, while the page has room", () => {
    const easy = { words: 7, most: 4 };
    expect(fitSentences("Mia found a key under the pot, and she opened the little door.", 13, easy)).toBe(
      "Mia found a key under the pot. She opened the little door.",
    );
    // "and thought" is no sentence, and dialogue is never cut
    expect(fitSentences("Mia looked at the star, then at Bleep, and thought.", 13, easy)).toBe("Mia looked at the star, then at Bleep, and thought.");
    expect(fitSentences('"We found it, and now we can go home," said Mia.', 13, easy)).toBe('"We found it, and now we can go home," said Mia.');
    // a page already at its most sentences keeps the rest whole
    const full = "Mia ran. Leo ran. Pip hopped. Mia found a key under the pot, and she opened the little door.";
    expect(fitSentences(full, 13, easy)).toBe(full);
  });
});
