import { createConversation, emptyMemory, greet, respond, type ConversationState, type Deps, type MemoryView, type Transition } from "~/domain/nino/machine";

/** A seeded random in [0, 1) (mulberry32), so every test conversation is repeatable. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const T0 = Date.parse("2026-03-02T10:00:00.000Z");

export function deps(over: Partial<Deps> = {}, memory: Partial<MemoryView> = {}): Deps {
  return { now: T0, random: seeded(1), memory: { ...emptyMemory(), ...memory }, voiceMode: false, ...over };
}

export function fresh(childName = "Mia"): ConversationState {
  return createConversation({ sessionId: "abcdefghijklmnop", childName, now: T0 });
}

/** Greets, then sends each text in turn; returns every transition (greeting first). */
export function talk(texts: readonly string[], d: Deps = deps(), start: ConversationState = fresh()): Transition[] {
  const out: Transition[] = [greet(start, d)];
  for (const text of texts) out.push(respond(out[out.length - 1].state, { text }, d));
  return out;
}

export const last = <T>(a: readonly T[]): T => a[a.length - 1];
