import { describe, expect, it } from "vitest";
import { detectEmotion, detectIntent, extractFamily, hasVoiceEndKeyword, mentionedKnownFamily, VOICE_END_KEYWORDS } from "~/domain/nino/detect";
import { parseAge, parseCharacterName, matchArtStyle, matchTheme, readBack, storyCreationPhase } from "~/domain/nino/story";
import { pick } from "~/domain/nino/text";
import { STORY_IDEAS } from "~/domain/nino/rules";
import { BUILT_IN_THEMES } from "~/domain/story/themes";

describe("emotion from a child's words", () => {
  it.each([
    ["I feel sad", "sad", true],
    ["so sad", "sad", true],
    ["I miss my grandma", "sad", true],
    ["I'm scared of the dark", "scared", true],
    ["I had a nightmare", "scared", true],
    ["I am SO angry!", "angry", true],
    ["I'm sleepy", "tired", true],
    ["yay!!", "excited", true],
    ["I'm happy", "happy", true],
    ["why is the sky blue", "curious", false],
    ["that's so silly haha", "playful", false],
    ["a scary cave", "scared", false],
    ["the dragon was angry at the rain", "angry", false],
    ["I'm not scared", "neutral", false],
    ["I'm not very scared", "neutral", false],
    ["I don't feel sad", "neutral", false],
    ["no, I'm scared", "scared", true],
    ["I am not happy", "sad", true],
    ["a castle", "neutral", false],
  ] as const)("%j → %s (the child's own: %s)", (text, emotion, self) => {
    expect(detectEmotion(text)).toEqual({ emotion, self });
  });
});

describe("intent", () => {
  it.each([
    ["let's make a story", "story_creation"],
    ["tell me a story", "story_creation"],
    ["can we play a game", "learning_activity"],
    ["I want to learn about stars", "learning_activity"],
    ["cheer me up", "emotional_support"],
    ["help", "help_request"],
    ["what can you do?", "help_request"],
    ["bye bye", "goodbye"],
    ["hello!", "greeting"],
    ["a purple elephant", "general"],
  ] as const)("%j → %s", (text, intent) => expect(detectIntent(text)).toBe(intent));
});

describe("family and pets", () => {
  it.each([
    ["my sister Mia is funny", { siblings: ["Mia"], parents: [], pets: [] }],
    ["my brother is called Tom", { siblings: ["Tom"], parents: [], pets: [] }],
    ["my baby brother cries", { siblings: ["a baby brother"], parents: [], pets: [] }],
    ["I went to the park with my mum and dad", { siblings: [], parents: ["Mum", "Dad"], pets: [] }],
    ["my dog Biscuit likes sticks", { siblings: [], parents: [], pets: ["Biscuit the dog"] }],
    ["I have a cat", { siblings: [], parents: [], pets: [] }],
    ["my guinea pig named Pip", { siblings: [], parents: [], pets: ["Pip the guinea pig"] }],
    ["the dog in the story", { siblings: [], parents: [], pets: [] }],
  ] as const)("%j → %j", (text, expected) => expect(extractFamily(text)).toEqual(expected));
  it("finds a known sibling by name and a known parent by word", () => {
    expect(mentionedKnownFamily("Mia drew a horse", { siblings: ["Mia"], parents: [] })).toBe("Mia");
    expect(mentionedKnownFamily("I baked with my mummy", { siblings: [], parents: ["Mum"] })).toBe("Mum");
    expect(mentionedKnownFamily("Tom drew a horse", { siblings: ["Mia"], parents: ["Dad"] })).toBeNull();
  });
});

describe("voice end keywords", () => {
  it.each([...VOICE_END_KEYWORDS, "Thats all", "good bye Nino", "OK, thank you!", "I'm done now"])("%j ends", (t) => expect(hasVoiceEndKeyword(t)).toBe(true));
  it.each(["a bird called Byron", "the thankful fox", "a donut", "stop", "see the moon"])("%j does not", (t) => expect(hasVoiceEndKeyword(t)).toBe(false));
});

describe("story answers", () => {
  it.each([
    ["Luna", "Luna"],
    ["her name is luna", "Luna"],
    ["a dragon called pip", "Pip"],
    ["It's Captain Whiskers", "Captain Whiskers"],
    ["let's call him Bob.", "Bob"],
    ["me!", "Mia"],
  ] as const)("name %j → %j", (text, name) => expect(parseCharacterName(text, "Mia")).toBe(name));
  it("'me' without a known child name stays a name", () => expect(parseCharacterName("me", "Friend")).toBe("Me"));

  it.each([
    ["8", 8],
    ["8.5", 8],
    ["she's six", 6],
    ["Twelve years old", 12],
    ["forty-two", 42],
    ["a hundred", 100],
    ["0", 0],
    ["121", 7],
    ["dunno", 7],
    ["", 7],
  ] as const)("age %j → %i", (text, age) => expect(parseAge(text)).toBe(age));

  it.each([
    ["🚀 Space journey", "Space"],
    ["under the sea", "Ocean"],
    ["magic", "Fantasy"],
    ["something with unicorns", "Fantasy"],
    ["Best friends", "Friendship"],
    ["animals", "Animals"],
    ["treasure hunt", "Adventure"],
    ["a cooking story", "Cooking"],
  ] as const)("theme %j → %j", (text, theme) => expect(matchTheme(text)).toBe(theme));

  it.each([
    ["Watercolour", "watercolor"],
    ["cartoon please", "cartoon"],
    ["anime", "cartoon"],
    ["Classic storybook", "storybook"],
    ["Fairy tale", "fairy tale"],
    ["paper cut-out", "paper cut-out"],
    ["Crayon & pastel", "crayon"],
    ["with crayons", "crayon"],
    ["blue", null],
  ] as const)("art style %j → %j", (text, id) => expect(matchArtStyle(text)).toBe(id));

  it("reads the story back", () => {
    const text = readBack({
      characterName: "Pip",
      characterAge: 5,
      setting: "on the moon.",
      theme: "Adventure",
      plot: "Pip finds a star",
      moral: "kindness matters",
      artStyle: "fairy tale",
    });
    expect(text).toBe(
      "Here's our story! Pip, who is 5, lives on the moon. It's an adventure story: Pip finds a star. In the end, Pip learns this: kindness matters. The pictures will be in the fairy tale style.",
    );
  });

  it.each([
    ["greeting", "greeting"],
    ["character_name", "character_creation"],
    ["character_age", "character_creation"],
    ["setting", "setting_creation"],
    ["theme", "setting_creation"],
    ["plot", "plot_development"],
    ["review", "plot_development"],
  ] as const)("story creation shows %s as %s", (step, phase) => expect(storyCreationPhase(step)).toBe(phase));
});

describe("pick", () => {
  it("never returns the line to avoid when another exists, and stays in range for random() near 1", () => {
    const options = ["a", "b", "c"];
    for (const r of [0, 0.2, 0.5, 0.99999999]) {
      expect(pick(options, () => r, "a")).not.toBe("a");
      expect(options).toContain(pick(options, () => r));
    }
    expect(pick(["only"], () => 0.5, "only")).toBe("only");
  });
});

describe("themes match the product's built-in themes", () => {
  it.each(BUILT_IN_THEMES.map((t) => [t.title, t.theme]))("%j → %j", (title, theme) => {
    expect(matchTheme(title)).toBe(theme);
    expect(matchTheme(theme.toLowerCase())).toBe(theme);
  });
  it("every story idea's label and id match its theme", () => {
    for (const idea of STORY_IDEAS) {
      expect(matchTheme(`${idea.icon} ${idea.label}`)).toBe(idea.theme);
      expect(matchTheme(idea.id)).toBe(idea.theme);
    }
  });
});
