import { describe, expect, it } from "vitest";
import { greet, respond, startOver, type Transition } from "~/domain/nino/machine";
import { NINO_LIMITS, SIMPLE_STEPS } from "~/domain/nino/types";
import { chatMessageSchema, serverFrameSchema } from "~/domain/nino/protocol";
import { deps, fresh, seeded, T0 } from "./nino-helpers";

// Things a child says, across every flow: story answers, feelings, games, family, chat, goodbyes.
const SAYINGS = [
  "yes",
  "no",
  "Pip",
  "my sister Ella",
  "Ella is funny",
  "7",
  "in a castle",
  "space",
  "magic",
  "he finds a star",
  "be kind",
  "cartoon",
  "watercolour",
  "I'm sad",
  "I'm scared",
  "I'm happy now",
  "a calm story",
  "breathing",
  "can we play a game",
  "memory game",
  "ready",
  "apple",
  "owl",
  "drawing",
  "find the hidden animal",
  "let's make a story",
  "help",
  "hello",
  "why is the sky blue",
  "my dog Biscuit",
  "I don't know",
  "you choose",
  "start over",
  "bye",
  "thank you",
  "haha that's silly",
  "I'm tired",
  "I want to learn",
  "my mum",
  "a purple elephant",
  "I feel better",
  "back to our story",
];

function conversation(turns: number, seed: number, voiceMode = false): Transition[] {
  const random = seeded(seed);
  const choose = seeded(seed * 7919);
  const d = () => deps({ random, voiceMode, now: T0 });
  const out: Transition[] = [greet(fresh(), d())];
  for (let i = 0; i < turns; i++) {
    const prev = out[out.length - 1].state;
    const r = choose();
    out.push(r < 0.02 ? startOver(prev, d()) : respond(prev, { text: SAYINGS[Math.floor(choose() * SAYINGS.length)] }, d()));
  }
  return out;
}

describe("a long random conversation", () => {
  it.each([1, 2, 3])("never says the same line twice in a row over 200 turns (seed %i)", (seed) => {
    const turns = conversation(200, seed);
    for (let i = 1; i < turns.length; i++) {
      expect(turns[i].reply.content, `turn ${i}`).not.toBe(turns[i - 1].reply.content);
      expect(turns[i].reply.content.trim().length).toBeGreaterThan(0);
    }
  });

  it("every reply and stored message fits the protocol", () => {
    for (const t of conversation(200, 4, true)) {
      const frame = {
        type: "nino_message",
        id: "n1",
        content: t.reply.content,
        emotion: t.reply.emotion,
        flow: t.state.flow.current,
        step: t.state.flow.step,
        timestamp: new Date(T0).toISOString(),
        suggestions: t.reply.suggestions,
      };
      expect(serverFrameSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
      for (const e of t.effects) if (e.type !== "remember" && e.type !== "safe_reply") expect(serverFrameSchema.safeParse(e).success).toBe(true);
    }
    const last = conversation(60, 5).at(-1);
    for (const m of last?.state.history ?? []) expect(chatMessageSchema.safeParse(m).success).toBe(true);
  });

  it("uses several flows and finishes stories along the way", () => {
    const turns = conversation(400, 6);
    const flows = new Set(turns.map((t) => t.state.flow.current));
    for (const f of ["simple_story", "story_creation", "emotional_support", "learning_activity", "general_chat"]) expect(flows).toContain(f);
    expect(turns.some((t) => t.effects.some((e) => e.type === "story_complete"))).toBe(true);
  });

  it("keeps every history capped over 5,000 turns, with a constant-size state", () => {
    const turns = conversation(5000, 7);
    const sizes: number[] = [];
    turns.forEach((t, i) => {
      const s = t.state;
      expect(s.history.length).toBeLessThanOrEqual(NINO_LIMITS.historyCap);
      expect(s.emotional.history.length).toBeLessThanOrEqual(NINO_LIMITS.emotionalHistoryCap);
      expect(s.flow.stepHistory.length).toBeLessThanOrEqual(NINO_LIMITS.stepHistoryCap);
      expect(s.metadata.topics.length).toBeLessThanOrEqual(20);
      expect(s.metadata.intents.length).toBeLessThanOrEqual(20);
      expect(s.metadata.emotions.length).toBeLessThanOrEqual(20);
      for (const v of [s.emotional.comfortLevel, s.emotional.engagementLevel]) expect(v >= 0 && v <= 1).toBe(true);
      if (i % 500 === 0 && i > 0) sizes.push(JSON.stringify(s).length);
    });
    const final = turns[turns.length - 1].state;
    expect(final.history).toHaveLength(NINO_LIMITS.historyCap);
    expect(final.metadata.messageCount).toBeGreaterThan(9000);
    // the stored state does not grow with the conversation
    expect(Math.max(...sizes)).toBeLessThan(Math.min(...sizes) * 1.6);
    expect(Math.max(...sizes)).toBeLessThan(40_000);
    expect(SIMPLE_STEPS.length).toBe(10);
  });
});
