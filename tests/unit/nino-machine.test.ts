import { describe, expect, it } from "vitest";
import { createConversation, FLOW_STEPS, greet, modelMessages, ninoSystemPrompt, respond, startOver, type ConversationState } from "~/domain/nino/machine";
import { SIMPLE_STEPS, NINO_TEXTS, NINO_LIMITS } from "~/domain/nino/types";
import { STEP_GOALS } from "~/domain/nino/prompt";
import { serverFrameSchema } from "~/domain/nino/protocol";
import { deps, fresh, last, seeded, T0, talk } from "./nino-helpers";

const WHOLE_STORY = [
  "Yes, let's make a story!",
  "Her name is Luna",
  "six and a half",
  "in a castle in the clouds",
  "🚀 Space journey",
  "Luna builds a rocket and visits the moon",
  "being brave",
  "watercolour",
  "Yes, make my story!",
];

describe("the simple flow", () => {
  it("advances one step per reply through every step and hands over the whole story", () => {
    const turns = talk(WHOLE_STORY);
    expect(turns.map((t) => t.state.flow.step)).toEqual([...SIMPLE_STEPS]);
    expect(turns.every((t) => t.state.flow.current === "simple_story")).toBe(true);
    const done = last(turns);
    const complete = done.effects.find((e) => e.type === "story_complete");
    expect(complete).toEqual({
      type: "story_complete",
      storyData: {
        characterName: "Luna",
        characterAge: 6,
        setting: "in a castle in the clouds",
        theme: "Space",
        plot: "Luna builds a rocket and visits the moon",
        moral: "being brave",
        artStyle: "watercolor",
      },
    });
    const remember = done.effects.find((e) => e.type === "remember");
    expect(remember).toMatchObject({
      type: "remember",
      patch: { storyCompleted: true, favoriteThemes: ["Space"], preferredArtStyles: ["watercolor"], milestone: "First Story" },
    });
    expect(done.reply.rephrasable).toBe(false);
    expect(done.reply.content).toContain("Luna's story is ready");
    // the story_complete frame the object sends parses with the shared protocol
    expect(serverFrameSchema.safeParse(complete).success).toBe(true);
  });

  it("asks each step's question, echoing what the child said before", () => {
    const turns = talk(WHOLE_STORY);
    expect(turns[1].reply.content).toMatch(/hero|name/i);
    expect(turns[2].reply.content).toContain("Luna");
    expect(turns[3].reply.content).toMatch(/6|where/i);
    expect(turns[4].reply.content.toLowerCase()).toMatch(/castle in the clouds|what a place for luna/);
    expect(turns[4].reply.suggestions).toHaveLength(4);
    expect(turns[5].reply.content.toLowerCase()).toMatch(/space|what an idea/);
    expect(turns[7].reply.suggestions).toHaveLength(6);
    // the review reads the story back
    const review = turns[8].reply.content;
    for (const bit of ["Luna", "6", "castle in the clouds", "space", "builds a rocket", "being brave", "watercolour"])
      expect(review.toLowerCase()).toContain(bit.toLowerCase());
  });

  it.each([
    ["7", 7],
    ["she is 5 years old", 5],
    ["six", 6],
    ["twenty one", 21],
    ["a hundred!", 100],
    ["I don't know", 7],
    ["very old", 7],
    ["999", 7],
  ])("parses the age %j as %i", (answer, age) => {
    const turns = talk(["yes", "Pip", answer, "a cave", "adventure", "Pip finds gold", "sharing", "cartoon", "yes"]);
    const done = last(turns).effects.find((e) => e.type === "story_complete");
    expect(done && done.type === "story_complete" && done.storyData.characterAge).toBe(age);
  });

  it("lets Nino choose when the child says 'you choose', still one step per reply", () => {
    const turns = talk(["yes", "you choose", "7", "surprise me", "I don't know", "you pick", "no idea", "you choose", "yes"]);
    expect(last(turns).state.flow.step).toBe("complete");
    const done = last(turns).effects.find((e) => e.type === "story_complete");
    expect(done?.type).toBe("story_complete");
    if (done?.type === "story_complete") {
      for (const v of Object.values(done.storyData)) expect(String(v).length).toBeGreaterThan(0);
    }
  });

  it("at the review, 'start over' begins the story again and remembers the dropped one", () => {
    const turns = talk(WHOLE_STORY.slice(0, 8).concat(["start over"]));
    const t = last(turns);
    expect(t.state.storyStep).toBe("character_name");
    expect(t.state.storyData).toEqual({});
    expect(t.effects).toContainEqual({ type: "remember", patch: { storyAbandoned: true } });
  });

  it("startOver resets to the greeting and keeps name and history", () => {
    const turns = talk(WHOLE_STORY.slice(0, 4));
    const before = last(turns).state;
    const t = startOver(before, deps());
    expect(t.state.flow).toMatchObject({ current: "simple_story", step: "greeting" });
    expect(t.state.storyData).toEqual({});
    expect(t.state.childName).toBe("Mia");
    expect(t.state.history.length).toBe(before.history.length + 1);
    expect(t.effects).toEqual([{ type: "remember", patch: { storyAbandoned: true } }]);
    // and the next reply starts the story again
    expect(respond(t.state, { text: "yes" }, deps()).state.flow.step).toBe("character_name");
  });

  it("a 'no' at the greeting goes to general chat instead of pushing the story", () => {
    const t = last(talk(["no thanks"]));
    expect(t.state.flow.current).toBe("general_chat");
  });
});

describe("branching (each branch resets the step to greeting)", () => {
  const cases: [string, string[], string, string][] = [
    // [name, texts after the greeting, expected flow, expected first step after greeting]
    ["sad → emotional support", ["I feel sad today"], "emotional_support", "acknowledgment"],
    ["scared → emotional support", ["I'm scared of the dark"], "emotional_support", "acknowledgment"],
    ["angry → emotional support", ["I am so angry"], "emotional_support", "acknowledgment"],
    ["learning intent → learning activity", ["can we play a game?"], "learning_activity", "activity_introduction"],
    ["the keyword 'learn' → learning activity", ["I want to learn"], "learning_activity", "activity_introduction"],
    ["help request → general chat", ["help"], "general_chat", "chatting"],
  ];
  it.each(cases)("%s", (_name, texts, flow, step) => {
    const t = last(talk(texts));
    expect(t.state.flow.current).toBe(flow);
    expect(t.state.flow.step).toBe(step);
    expect(t.state.flow.stepHistory).toContain("greeting");
    expect(FLOW_STEPS[t.state.flow.current]).toContain(step);
  });

  it("a known sibling mentioned → family integration; unknown the first time", () => {
    const first = talk(["no", "my sister Ella is funny"]);
    expect(last(first).state.flow.current).toBe("general_chat");
    expect(last(first).effects).toContainEqual({ type: "remember", patch: { siblings: ["Ella"] } });
    const second = respond(last(first).state, { text: "Ella drew a horse" }, deps());
    expect(second.state.flow).toMatchObject({ current: "family_integration", step: "family_sharing" });
    expect(second.state.flow.stepHistory.at(-1)).toBe("greeting");
    expect(second.reply.content).toContain("Ella");
  });

  it("a parent known from memory → family integration, then a story starring them", () => {
    const d = deps({}, { parents: ["Mum"] });
    const turns = talk(["no", "I baked a cake with my mum", "chocolate!", "yes"], d);
    expect(turns[2].state.flow.current).toBe("family_integration");
    expect(turns[3].state.flow.step).toBe("family_story");
    expect(turns[4].state.flow.current).toBe("story_creation");
    expect(turns[4].state.storyData.characterName).toBe("Mum");
  });

  it("a story intent from another flow → story creation at greeting, with its own steps", () => {
    const turns = talk(["no", "let's make a story", "Bo", "4", "the jungle", "animals", "Bo finds a friend", "kindness", "crayon", "yes"]);
    expect(turns[2].state.flow).toMatchObject({ current: "story_creation", step: "greeting" });
    expect(turns.slice(3).map((t) => t.state.flow.step)).toEqual([
      "character_creation",
      "setting_creation",
      "setting_creation",
      "plot_development",
      "plot_development",
      "plot_development",
      "plot_development",
      "plot_development",
    ]);
    expect(last(turns).effects.some((e) => e.type === "story_complete")).toBe(true);
  });

  it("happy after comfort → back to general chat", () => {
    const turns = talk(["I'm sad", "my friend moved away", "a calm story", "I feel better, I'm happy"]);
    expect(turns.map((t) => t.state.flow.step).slice(1)).toEqual(["acknowledgment", "comfort_offering", "story_comfort", "chatting"]);
    expect(last(turns).state.flow.current).toBe("general_chat");
    expect(turns[3].reply.content).toMatch(/Once upon a time/);
    expect(turns[3].effects).toContainEqual({ type: "remember", patch: { mood: { mood: "sad", comfortActivities: ["calm story"] } } });
  });

  it("the story keeps its place during a branch and resumes", () => {
    const turns = talk(["yes", "Pip", "8", "I'm scared", "breathing please", "I feel better", "back to our story", "a big adventure"]);
    expect(turns[4].state.flow.current).toBe("emotional_support");
    expect(turns[4].state.storyData).toMatchObject({ characterName: "Pip", characterAge: 8 });
    expect(turns[5].reply.content).toMatch(/breathe|balloon/i);
    const back = turns[7];
    expect(back.state.flow).toMatchObject({ current: "story_creation", step: "greeting" });
    expect(back.reply.content).toMatch(/where does|where/i);
    // "a big adventure" answers the pending setting question
    expect(turns[8].state.storyData.setting).toBe("a big adventure");
  });

  it("story words inside answers do not branch: 'a scary cave', 'learn to share', 'a happy dragon'", () => {
    const turns = talk(["yes", "a happy dragon called Fizz", "10", "a scary cave", "magic", "Fizz is angry at the rain", "learn to share", "cartoon"]);
    expect(turns.every((t) => t.state.flow.current === "simple_story")).toBe(true);
    expect(last(turns).state.flow.step).toBe("review");
    expect(last(turns).state.storyData).toMatchObject({
      characterName: "Fizz",
      setting: "a scary cave",
      theme: "Fantasy",
      moral: "learn to share",
      artStyle: "cartoon",
    });
  });

  it("but feelings the child states about themselves interrupt a story", () => {
    const t = last(talk(["yes", "Pip", "I'm really sad"]));
    expect(t.state.flow.current).toBe("emotional_support");
  });
});

describe("learning activities play turn by turn", () => {
  it("the memory game: list, ready, which is missing, three rounds, a score", () => {
    let turns = talk(["let's play a game", "the memory game"]);
    let t = last(turns);
    expect(t.state.flow.step).toBe("activity_instructions");
    let answersRight = 0;
    for (let round = 0; round < 3; round++) {
      const a = t.state.activity;
      if (!a || a.type !== "memory-game") throw new Error("no memory game");
      expect(a.items).toHaveLength([3, 4, 5][round]);
      for (const item of a.items) expect(t.reply.content).toContain(item);
      t = respond(t.state, { text: "ready" }, deps());
      expect(t.reply.content).toMatch(/missing/);
      expect(t.reply.content).not.toContain(`${a.missing},`);
      const answer = round === 1 ? "the banana?" : a.missing;
      if (answer === a.missing) answersRight++;
      t = respond(t.state, { text: answer }, deps());
    }
    expect(t.state.activity).toBeNull();
    const remember = t.effects.find((e) => e.type === "remember");
    expect(remember).toMatchObject({
      patch: { activityCompleted: true, activityScore: { activity: "memory-game", score: Math.round((answersRight / 3) * 100) } },
    });
    turns = [];
  });

  it("find the hidden animal: wrong guesses get more clues, the third clue reveals it", () => {
    let t = last(talk(["can we play a game", "find the hidden animal"]));
    const a = t.state.activity;
    if (!a || a.type !== "find-hidden") throw new Error("no game");
    t = respond(t.state, { text: "a giraffe" }, deps());
    expect(t.reply.content).toMatch(/Clue two/);
    t = respond(t.state, { text: "a zebra" }, deps());
    expect(t.reply.content).toMatch(/Clue three/);
    t = respond(t.state, { text: "a hippo" }, deps());
    expect(t.reply.content).toMatch(/I was an? /);
    expect(t.reply.content).toMatch(/Animal number 2/);
  });

  it("draw with Nino: one step per 'ready', then done with full marks", () => {
    let t = last(talk(["I want to learn", "drawing"]));
    expect(t.reply.content).toMatch(/Step 1/);
    for (let i = 2; i <= 5; i++) {
      t = respond(t.state, { text: "ready" }, deps());
      expect(t.reply.content).toContain(`Step ${i}`);
    }
    t = respond(t.state, { text: "ready" }, deps());
    expect(t.reply.content).toMatch(/You drew/);
    expect(t.effects).toContainEqual(
      expect.objectContaining({ type: "remember", patch: expect.objectContaining({ activityScore: { activity: "draw-picture", score: 100 } }) }),
    );
  });
});

describe("voice end keywords", () => {
  it.each(["goodbye", "bye Nino", "see you later", "talk to you later", "stop talking", "end conversation", "that's all", "thank you", "thanks", "I'm done"])(
    "%j in voice mode ends voice mode; in text mode it does not",
    (text) => {
      const start = last(talk(["no"])).state;
      const voice = respond(start, { text }, deps({ voiceMode: true }));
      expect(voice.effects).toContainEqual({ type: "voice_end", message: NINO_TEXTS.voiceEnded });
      const typed = respond(start, { text }, deps({ voiceMode: false }));
      expect(typed.effects.some((e) => e.type === "voice_end")).toBe(false);
    },
  );
  it.each(["a bird called Byron", "the thankful fox", "donut castle"])("%j does not end voice mode", (text) => {
    const voice = respond(last(talk(["no"])).state, { text }, deps({ voiceMode: true }));
    expect(voice.effects.some((e) => e.type === "voice_end")).toBe(false);
  });
});

describe("greetings", () => {
  const H = 3_600_000;
  it.each([
    [null, /^(Good morning|Hello|Hi Mia)/],
    [new Date(T0 - 24 * H - 1).toISOString(), /^Welcome back, Mia!/],
    [new Date(T0 - 24 * H).toISOString(), /^Hi again, Mia!/],
    [new Date(T0 - H - 1).toISOString(), /^Hi again, Mia!/],
    [new Date(T0 - H).toISOString(), /^(Good morning again|Here I am again)/],
  ])("last interaction %s", (lastInteraction, pattern) => {
    for (let seed = 1; seed < 6; seed++) {
      const t = greet(fresh(), deps({ random: seeded(seed) }, { lastInteraction }));
      expect(t.reply.content).toMatch(pattern);
    }
  });

  it("uses the remembered name when the panel sends none, mentions pets and stories", () => {
    const t = greet(createConversation({ sessionId: "abcdefghijklmnop", now: T0 }), deps({}, { name: "Noor", pets: ["Biscuit the dog"], storiesCreated: 3 }));
    expect(t.reply.content).toContain("Noor");
    expect(t.reply.content).toContain("Biscuit the dog");
    expect(t.reply.content).toMatch(/3 stories|brand new story/);
    expect(t.state.childName).toBe("Noor");
  });

  it("defaults the child's name to Friend", () => {
    const t = greet(createConversation({ sessionId: "abcdefghijklmnop", now: T0 }), deps());
    expect(t.state.childName).toBe("Friend");
    expect(t.reply.content).toContain("Friend");
  });

  it("a greeting mid-story offers to carry on", () => {
    const s = last(talk(["yes", "Pip"])).state;
    const t = greet(s, deps());
    expect(t.reply.content).toMatch(/carry on with our story about Pip/);
    expect(t.state.storyStep).toBe("character_age");
  });
});

describe("state bookkeeping", () => {
  it("records messages with emotion and intent, and tracks mood", () => {
    const turns = talk(["I'm so excited!"]);
    const s = last(turns).state;
    const user = s.history.find((m) => m.type === "user");
    expect(user).toMatchObject({ emotion: "excited", intent: "general" });
    expect(s.emotional.currentMood).toBe("excited");
    expect(s.emotional.comfortLevel).toBeCloseTo(0.55);
    expect(s.emotional.engagementLevel).toBeCloseTo(0.65);
    expect(s.metadata.messageCount).toBe(3);
  });

  it("learns the child's name and age from what they say", () => {
    const t = last(talk(["no", "my name is sam and I am 6"]));
    expect(t.state.childName).toBe("Sam");
    expect(t.effects).toContainEqual({ type: "remember", patch: { name: "Sam", age: 6 } });
  });

  it("modelMessages sends the system prompt and the last 10 messages", () => {
    const s = last(talk(WHOLE_STORY.slice(0, 7))).state;
    const msgs = modelMessages(s, "SYSTEM");
    expect(msgs).toHaveLength(NINO_LIMITS.contextWindow + 1);
    expect(msgs[0]).toEqual({ role: "system", content: "SYSTEM" });
    expect(msgs.at(-1)).toEqual({ role: "assistant", content: s.history.at(-1)?.content });
  });

  it("the system prompt is child-safe and names the current step", () => {
    const s: ConversationState = last(talk(["yes", "Pip"])).state;
    const p = ninoSystemPrompt(s);
    expect(p).toContain("Mia");
    expect(p).toContain('"character_age"');
    for (const rule of [
      /short, simple sentences/i,
      /kind/i,
      /personal details/i,
      /links/i,
      /never scary/i,
      /medical advice/i,
      /grown-up they trust/i,
      /emergency number/i,
      /current question/i,
    ])
      expect(p).toMatch(rule);
  });
});

describe("unsure voice input", () => {
  it("a voice message below the age's threshold asks to repeat and changes nothing else", () => {
    const start = last(talk(["yes"])).state;
    const t = respond(start, { text: "Pip", confidence: 0.65 }, deps());
    expect(t.reply).toEqual({ content: NINO_TEXTS.repeat, emotion: "gentle", rephrasable: false });
    expect(t.state.storyStep).toBe("character_name");
    expect(t.state.storyData).toEqual({});
    // shown as heard, marked unclear, and Nino's question again
    expect(t.state.history.slice(-2)).toMatchObject([
      { type: "user", content: "Pip", intent: "unclear", confidence: 0.65 },
      { type: "nino", content: NINO_TEXTS.repeat },
    ]);
    expect(t.state.emotional).toEqual(start.emotional);
    const again = respond(t.state, { text: "Pip", confidence: 0.2 }, deps());
    expect(again.reply.content).toBe(NINO_TEXTS.didNotCatch);
    const sure = respond(again.state, { text: "Pip", confidence: 0.7 }, deps());
    expect(sure.state.storyData.characterName).toBe("Pip");
    expect(sure.state.history.at(-2)).toMatchObject({ type: "user", content: "Pip", confidence: 0.7 });
  });
  it("uses the child's age group: 0.65 is enough at 4, not at 10", () => {
    const young = { ...last(talk(["yes"])).state, age: 4 };
    expect(respond(young, { text: "Pip", confidence: 0.65 }, deps()).state.storyData.characterName).toBe("Pip");
    const older = { ...young, age: 10 };
    expect(respond(older, { text: "Pip", confidence: 0.65 }, deps()).reply.content).toBe(NINO_TEXTS.repeat);
  });
  it("an empty message is not understood", () => {
    expect(respond(fresh(), { text: "   " }, deps()).reply.content).toBe(NINO_TEXTS.notUnderstood);
  });
});

describe("comfort keeps its words", () => {
  it("'another story please' and 'a breathing game' stay in emotional support", () => {
    const turns = talk(["I'm sad", "my fish died", "a breathing game", "another story please", "let's breathe again"]);
    for (const t of turns.slice(1)) expect(t.state.flow.current).toBe("emotional_support");
    expect(turns[4].reply.content).toMatch(/Once upon a time/);
    expect(turns[5].reply.content).toMatch(/breathe|balloon|Breathe/);
    expect(respond(last(turns).state, { text: "let's make a story" }, deps()).state.flow.current).toBe("story_creation");
  });
});

describe("answers that are not answers", () => {
  it("a question back is answered and the step's question asked again", () => {
    const turns = talk(["yes", "why do birds fly?", "what about Pip?"]);
    expect(turns[2].state.storyStep).toBe("character_name");
    expect(turns[2].reply.content).toMatch(/question/);
    expect(turns[2].reply.content).toMatch(/hero|name/);
    expect(turns[3].state.storyData.characterName).toBe("Pip");
  });
  it("'yes' to a story question lets Nino choose", () => {
    const turns = talk(["yes", "Pip", "5", "a cave", "yes!"]);
    expect(last(turns).state.storyStep).toBe("plot");
    expect(["Adventure", "Friendship", "Fantasy", "Animals", "Space", "Ocean"]).toContain(last(turns).state.storyData.theme);
  });
  it("'hi' at the greeting says hello and begins", () => {
    const t = last(talk(["hi nino"]));
    expect(t.state.storyStep).toBe("character_name");
    expect(t.reply.content).toMatch(/^(Hello|Hi), Mia!/);
  });
});

describe("leaving a game", () => {
  it.each(["stop", "I don't want to play", "no more", "I'm bored"])("%j ends the game without a score", (text) => {
    const start = last(talk(["can we play a game", "memory game"])).state;
    expect(start.activity).not.toBeNull();
    const t = respond(start, { text }, deps());
    expect(t.state.activity).toBeNull();
    expect(t.state.flow.current).toBe("general_chat");
    expect(t.effects.some((e) => e.type === "remember" && e.patch.activityCompleted)).toBe(false);
  });
  it("a goodbye keeps the game for later", () => {
    const start = last(talk(["can we play a game", "memory game"])).state;
    const t = respond(start, { text: "bye" }, deps());
    expect(t.state.activity).toEqual(start.activity);
    expect(t.reply.content).toMatch(/Bye|See you|Goodbye/);
  });
});

describe("flows, steps and intent moves", () => {
  it("story creation, emotional support, learning and the simple flow each have their fixed steps in order", () => {
    expect(FLOW_STEPS.story_creation).toEqual(["greeting", "character_creation", "setting_creation", "plot_development"]);
    expect(FLOW_STEPS.emotional_support).toEqual(["acknowledgment", "comfort_offering", "story_comfort"]);
    expect(FLOW_STEPS.learning_activity).toEqual(["activity_introduction", "activity_instructions", "activity_progress"]);
    expect(FLOW_STEPS.simple_story).toEqual([...SIMPLE_STEPS]);
  });
  it("every step of every flow has a goal in the system prompt", () => {
    for (const steps of Object.values(FLOW_STEPS)) for (const step of steps) expect(STEP_GOALS[step], step).toBeTruthy();
  });
  // [what the child says in general chat, the intent, the flow it moves to]
  it.each([
    ["let's make a story", "story_creation", "story_creation"],
    ["cheer me up", "emotional_support", "emotional_support"],
    ["play a game", "learning_activity", "learning_activity"],
  ] as const)("from general chat, %j (%s) → %s", (text, intent, flow) => {
    const chat = last(talk(["no"])).state;
    expect(chat.flow.current).toBe("general_chat");
    const t = respond(chat, { text }, deps());
    expect(t.state.history.at(-2)?.intent).toBe(intent);
    expect(t.state.flow.current).toBe(flow);
  });
  it("help_request → general chat from a game menu or a family chat; comfort stays comfort", () => {
    const menu = last(talk(["can we play a game"])).state;
    expect(respond(menu, { text: "help" }, deps()).state.flow.current).toBe("general_chat");
    const sad = last(talk(["I'm sad"])).state;
    expect(respond(sad, { text: "help me" }, deps()).state.flow.current).toBe("emotional_support");
  });
});
