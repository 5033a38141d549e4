import { describe, expect, it } from "vitest";
import { respond } from "~/domain/nino/machine";
import { checkSafety, SAFETY_NEAR_MISSES, SAFETY_TEXTS, SAFETY_TRIGGERS, type SafetyKind } from "~/domain/nino/safety";
import { deps, last, talk } from "./nino-helpers";

// Every trigger of the table with at least one message that must fire it.
const MUST_TRIGGER: [string, SafetyKind, string][] = [
  ["I'm lost and I can't see anyone", "danger", "lost"],
  ["I can't find my mum in the shop", "danger", "cannot find parent"],
  ["there's a fire in the kitchen", "danger", "fire"],
  ["someone is in my house", "danger", "intruder"],
  ["a man is following me", "danger", "followed"],
  ["I am in danger", "danger", "in danger"],
  ["I want to hurt myself", "risk", "self-harm"],
  ["I wish I was dead", "risk", "self-harm"],
  ["my uncle hits me", "risk", "someone hurts me"],
  ["he kicked me really hard", "risk", "someone hurts me"],
  ["someone touched me and I didn't like it", "risk", "touching"],
  ["is that abuse?", "risk", "abuse"],
  ["I'm being bullied at school", "risk", "bullying"],
  ["a stranger said I could have sweets if I came to his car", "risk", "stranger"],
  ["a man online wants to meet me", "risk", "asked to meet"],
  ["he told me not to tell anyone", "risk", "secret from parents"],
  ["someone in my game asked for my address", "risk", "personal details asked"],
  ["I'm scared to go home", "risk", "scared at home"],
  ["how much medicine can I take?", "medical", "medicine question"],
  ["can I have some of mum's pills", "medical", "medicine question"],
  ["I feel sick", "medical", "feeling ill"],
  ["my tummy hurts", "medical", "pain"],
  ["I have a headache", "medical", "pain"],
  ["I'm bleeding", "medical", "injury"],
  ["I cut my finger", "medical", "injury"],
  ["I'm allergic to nuts", "medical", "allergy or doctor"],
  ["should I go to the doctor", "medical", "allergy or doctor"],
];

describe("safety triggers", () => {
  it("every trigger of the table is tested", () => {
    const tested = new Set(MUST_TRIGGER.map((r) => r[2]));
    for (const t of SAFETY_TRIGGERS) expect(tested, t.name).toContain(t.name);
  });
  it.each(MUST_TRIGGER)("%j → %s (%s)", (text, kind, trigger) => {
    expect(checkSafety(text)).toEqual({ kind, trigger });
  });
  it.each(SAFETY_NEAR_MISSES.map((t) => [t]))("near-miss %j stays ordinary conversation", (text) => {
    expect(checkSafety(text)).toBeNull();
    const t = respond(last(talk(["no"])).state, { text }, deps());
    expect(Object.values(SAFETY_TEXTS).flat()).not.toContain(t.reply.content);
  });
});

describe("safety replies", () => {
  it.each([
    ["someone hurts me", "risk"],
    ["I'm lost", "danger"],
  ] as const)("%j gets the fixed %s reply, sends the child to a trusted grown-up, and moves to emotional support", (text, kind) => {
    for (const during of [[], ["yes", "Pip"], ["can we play a game", "memory game"]]) {
      const t = last(talk([...during, text]));
      expect(t.reply.content).toBe(SAFETY_TEXTS[kind][0]);
      expect(t.reply.rephrasable).toBe(false);
      expect(t.reply.content).toMatch(/grown-up you trust/);
      expect(t.reply.content).toMatch(/parent or a teacher/);
      expect(t.reply.content).toMatch(/local emergency number/);
      expect(t.state.flow.current).toBe("emotional_support");
      expect(t.state.activity).toBeNull();
    }
  });
  it("a medical question gets the fixed reply, never advice, and the story keeps its place", () => {
    const turns = talk(["yes", "Pip", "how many pills should I take?"]);
    const t = last(turns);
    expect(t.reply.content).toBe(SAFETY_TEXTS.medical[0]);
    expect(t.reply.rephrasable).toBe(false);
    expect(t.reply.content).toMatch(/can't give advice about medicine/);
    expect(t.state.flow).toEqual(turns[2].state.flow);
    expect(t.state.storyStep).toBe("character_age");
  });
  it("the same fixed reply is never said twice in a row: the second wording follows", () => {
    const turns = talk(["someone hurts me", "he hits me"]);
    expect(turns[1].reply.content).toBe(SAFETY_TEXTS.risk[0]);
    expect(turns[2].reply.content).toBe(SAFETY_TEXTS.risk[1]);
    for (const [, second] of Object.values(SAFETY_TEXTS)) expect(second).toMatch(/grown-up you trust/);
  });
});
