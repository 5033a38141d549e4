import { describe, expect, it } from "vitest";
import { BUILT_IN_THEMES, fillPlaceholders } from "~/domain/story/themes";
import { CATEGORIES, fieldLabel, refusalMessage, type Category } from "~/services/moderation/categories";
import { rot13 } from "~/services/moderation/lexicon";
import { normalize } from "~/services/moderation/normalize";
import { classify, createOfflineModerator } from "~/services/moderation/offline";
import { findAddress, findEmail, findPhoneNumber } from "~/services/moderation/personal-data";

/** Children's-story text that must pass: the words a gentle book is made of. */
const PASSES: string[] = [
  "The dragon was sad because nobody would play with him.",
  "A brave knight with a wooden sword guarded the castle gate.",
  "The shark smiled and showed Mia the way to the coral town.",
  "They watched a shooting star and made a wish.",
  "A killer whale leapt out of the sparkling sea.",
  "The friendly ghost baked cookies for the whole village.",
  "A kind witch with a purple hat taught Leo to fly a broom.",
  "The monster under the bed was shy and loved bedtime stories.",
  "Our goldfish died last spring and we were very sad; the story can help her remember him.",
  "Sam fell off his bike and hurt himself, but Grandpa made it better.",
  "Mia scored a goal with a big kick.",
  "He shot the basketball and it swished through the hoop.",
  "They had a pillow fight and a snowball battle.",
  "Her wings were beating up and down as she flew over the hills.",
  "The pirates found a chest of treasure on the island.",
  "Cut the birthday cake with a knife and share it with everyone.",
  "A family of blue tits nested in the garden.",
  "Dad made root beer floats and ginger beer for the picnic.",
  "The therapist in Sussex loved grapes.",
  "Essex, Scunthorpe and Middlesex are places in England.",
  "The heroine saved the day with her clever idea.",
  "Grandma let us weed the vegetable patch.",
  "The cheeky monkey ate the kids' cookies!",
  "Rain drummed on the roof: pa rum pum pum pum.",
  "She took a stab at solving the riddle.",
  "A murder of crows sat on the fence, cawing hello.",
  "The volcano was smoking gently in the distance.",
  "Leo rifled through the toy box for his teddy.",
  "Ava is 5 years old and lives in Bristol with two cats.",
  "Her birthday is 12.05.2019 and she loves dinosaurs.",
  "Between 1999 2000 the old lighthouse was painted blue.",
  "Count to 100 with the three bears.",
  "They played with water guns in the garden on a hot day.",
  "A bath bomb fizzed in the tub like a tiny volcano.",
  "The speed demon race car zoomed round the track.",
  "Two friends walked down the lane to the duck pond.",
  "Skeletons danced at the Halloween party and everyone laughed.",
  "The vampire was a vegetarian who only liked tomato soup.",
  "Kindness grows when we share it.",
  "Zara, 7, loves space, rockets and the rings of Saturn.",
  "At the mouth of the cave sat a lonely dragon. But it wasn't fierce at all. It was hugging its knees.",
  "Bob's boat sailed to the island of the boobies, the blue-footed birds.",
  "A story for Mia, with love from Grandma xx",
];

/** Text a child's book must not carry, with the category it is refused for. */
const REFUSALS: [string, Category][] = [
  ["The knight killed the dragon with one blow.", "violence"],
  ["k1ll them all", "violence"],
  ["kiiiiill the bad guy", "violence"],
  ["k i l l everyone", "violence"],
  ["The soldier pointed a gun at the villagers.", "violence"],
  ["The pirate stabbed the sailor.", "violence"],
  ["There was a pool of blood on the floor.", "violence"],
  ["The bully beat him up behind the school.", "violence"],
  ["The hunter shot the dog.", "violence"],
  ["They were burned alive in the tower.", "violence"],
  ["A zombie crawled out of the grave.", "horror"],
  ["The witch ate the children.", "horror"],
  ["A demon lived in the attic.", "horror"],
  ["They found a dead body in the woods.", "horror"],
  ["She wants to kill herself.", "self-harm"],
  ["He talked about suicide.", "self-harm"],
  ["cutting myself to feel better", "self-harm"],
  ["The prince and princess had sex.", "sexual"],
  ["$3x in the castle", "sexual"],
  ["s e x", "sexual"],
  ["a naked lady danced", "sexual"],
  ["p0rn", "sexual"],
  ["Dad drank beer all night.", "drugs"],
  ["The wizard smoked weed.", "drugs"],
  ["Mum was drunk at the party.", "drugs"],
  ["Uncle sells cocaine.", "drugs"],
  ["Grandpa lit a cigarette.", "drugs"],
  ["a bottle of rum for the pirates", "drugs"],
  [rot13("Gur jvmneq fnvq shpx."), "profanity"],
  [rot13("s h p x"), "profanity"],
  [rot13("s.h.p.x"), "profanity"],
  [rot13("shhhhhpx"), "profanity"],
  ["f*ck", "profanity"],
  ["sh!t happens", "profanity"],
  [rot13("fu vg"), "profanity"],
  [rot13("Gurl pnyyrq uvz n snttbg."), "hate"],
  [rot13("a1tt3e"), "hate"],
  [rot13("a v t t r e"), "hate"],
  ["I hate all immigrants.", "hate"],
  ["heil hitler", "hate"],
  ["Call me on +44 7700 900123.", "personal-data"],
  ["Her number is 555-1234.", "personal-data"],
  ["Write to mia.jones@example.com for the party.", "personal-data"],
  ["email mia at example dot com", "personal-data"],
  ["We live at 12 Baker Street.", "personal-data"],
  ["221b baker street is our house", "personal-data"],
  ["Our flat is at 4 Elm Rd. in town", "personal-data"],
  ["Send it to PO Box 1234.", "personal-data"],
  ["Our postcode is SW1A 1AA.", "personal-data"],
  ["Apartment 12, come and play!", "personal-data"],
  ["ѕех", "sexual"], // Cyrillic look-alike letters
  ["k\u200Bi\u200Bl\u200Bl", "violence"], // zero-width spaces
  ["The troll said: you are a stupid idiot.", "insult"],
  ["I know where you live", "threat"],
  ["dm me sweetie, it's our secret", "grooming"],
];

describe("offline moderation: rules", () => {
  it.each(PASSES)("passes a children's-story text: %s", (text) => {
    expect(classify(text)).toEqual([]);
  });

  it.each(REFUSALS)("refuses %j as %s", (text, category) => {
    expect(classify(text)).toContain(category);
  });

  it("has a table of at least 40 refusals and 40 passes", () => {
    expect(REFUSALS.length).toBeGreaterThanOrEqual(40);
    expect(PASSES.length).toBeGreaterThanOrEqual(40);
    // every category the offline rules can find is exercised
    const covered = new Set(REFUSALS.map(([, c]) => c));
    for (const c of CATEGORIES.filter((c) => c !== "illegal")) expect(covered).toContain(c);
  });

  it("reports the most serious category first", () => {
    expect(classify("She wants to kill herself.")).toEqual(["self-harm", "violence"]);
  });

  it("empty and blank text passes", () => {
    expect(classify("")).toEqual([]);
    expect(classify("   \n ")).toEqual([]);
  });
});

describe("offline moderation: normaliser", () => {
  it("undoes leetspeak only in words, never in plain numbers", () => {
    expect(normalize("k1ll 3 bears $ex").tokens).toEqual(["kill", "3", "bears", "sex"]);
  });

  it("joins spelled-out letters and keeps sentence ends", () => {
    expect(normalize("s e x. f.u.n!").text).toBe("sex . fun .");
  });

  it("folds accents, look-alikes and invisible characters", () => {
    expect(normalize("Crème ѕ\u200Bun").tokens).toEqual(["creme", "sun"]);
  });
});

describe("personal data", () => {
  it("finds phone numbers but not dates, years or ages", () => {
    expect(findPhoneNumber("ring 020 7946 0958 today")).toBe("020 7946 0958");
    expect(findPhoneNumber("+91 98765 43210")).toBe("+91 98765 43210");
    expect(findPhoneNumber("call 5551234")).toBe("5551234");
    expect(findPhoneNumber("She counted 1234567 stars")).toBeNull();
    expect(findPhoneNumber("born 2019-05-12, aged 5")).toBeNull();
  });

  it("finds e-mail addresses, plain and spelled out", () => {
    expect(findEmail("a.b+c@mail.example.org")).toBe("a.b+c@mail.example.org");
    expect(findEmail("ada (at) example [dot] com")).not.toBeNull();
    expect(findEmail("ada [at] example.com")).not.toBeNull();
    expect(findEmail("ada at example dot co dot uk")).not.toBeNull();
    expect(findEmail("we met at the park")).toBeNull();
    expect(findEmail("It wasn't fierce at all. It was hugging its knees.")).toBeNull();
  });

  it("finds street addresses but not story sentences", () => {
    expect(findAddress("12 Baker Street")).not.toBeNull();
    expect(findAddress("3 little pigs walked down the lane")).toBeNull();
    expect(findAddress("2 friends found their way home")).toBeNull();
  });
});

describe("offline moderator", () => {
  const moderator = createOfflineModerator();

  it("passes a whole gentle form", async () => {
    await expect(
      moderator.check({
        childName: "Mia",
        storyDescription: "Mia finds a glowing map in the attic and follows it through a whispering forest.",
        moralLesson: "Being brave means trying anyway.",
        specialElements: "a talking compass, a friendly fox",
      }),
    ).resolves.toEqual({ ok: true });
  });

  it("names the first refused field with a kind message for that field", async () => {
    const verdict = await moderator.check({
      childName: "Mia",
      storyDescription: "The knight killed the dragon.",
      moralLesson: "Dad drank beer.",
    });
    expect(verdict).toEqual({
      ok: false,
      field: "storyDescription",
      message: "Let's keep stories gentle: please rephrase the description without violence.",
      categories: ["violence"],
    });
  });

  it("words the message for the field it refuses", async () => {
    const verdict = await moderator.check({ moralLesson: "Always call 07700 900123" });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok)
      expect(verdict.message).toBe("For your family's privacy, please leave phone numbers, e-mail addresses and home addresses out of the lesson.");
  });

  it("reads luring as dialogue in a story, and refuses it in a comment", async () => {
    const text = '"Where do you live?" asked the fox.';
    await expect(moderator.check({ storyDescription: text })).resolves.toEqual({ ok: true });
    await expect(moderator.check({ comment: text })).resolves.toMatchObject({ ok: false, categories: ["grooming"] });
  });

  it("judges a comment for what hurts people, not for the story's own words", async () => {
    for (const comment of ["I loved it when the knight fought the dragon and killed it!", "Grandad raised a glass of wine to you"]) {
      await expect(moderator.check({ comment }), comment).resolves.toEqual({ ok: true });
    }
    await expect(moderator.check({ storyDescription: "Grandad raised a glass of wine" })).resolves.toMatchObject({ ok: false, categories: ["drugs"] });
  });

  it("judges names only for slurs, sexual words and swearing", async () => {
    await expect(moderator.check({ childName: "Gin", authorName: "Grandad Beer" })).resolves.toEqual({ ok: true });
    const verdict = await moderator.check({ childName: "Gin", authorName: rot13("Ovgpu") });
    expect(verdict).toMatchObject({ ok: false, field: "authorName", categories: ["profanity"] });
    expect(verdict.ok ? "" : verdict.message).toMatch(/the author's name/);
  });

  it("passes every built-in theme template", async () => {
    for (const t of BUILT_IN_THEMES) {
      const verdict = await moderator.check({
        theme: t.theme,
        storyDescription: fillPlaceholders(t.description, "Mia"),
        moralLesson: fillPlaceholders(t.moralLesson, "Mia"),
        specialElements: t.specialElements,
      });
      expect(verdict, t.title).toEqual({ ok: true });
    }
  });

  it("skips empty fields", async () => {
    await expect(moderator.check({ storyDescription: "", moralLesson: "  " })).resolves.toEqual({ ok: true });
  });

  it("has a message for every category and a label for generated pages", () => {
    for (const c of CATEGORIES) expect(refusalMessage(c, "storyDescription")).toMatch(/the description/);
    expect(fieldLabel("page 7")).toBe("this page");
    expect(refusalMessage("self-harm", "page 7")).toMatch(/helpline/);
  });
});
