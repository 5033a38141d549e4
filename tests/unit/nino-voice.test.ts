import { describe, expect, it } from "vitest";
import {
  adjustedConfidence,
  ageGroupFor,
  appendErrorRecord,
  categoriseError,
  confidenceMultiplier,
  confidenceThreshold,
  DEFAULT_VOICE,
  enqueueSpeech,
  judgeRecognition,
  makeErrorRecord,
  nextTurn,
  onNoSpeech,
  parseErrorHistory,
  RELISTEN_MS,
  resolveErrors,
  silenceLimitMs,
  SILENCE_MS,
  SPEECH_LANG,
  speechThreshold,
  toggleMuteVolume,
  voiceErrorFor,
  voiceFor,
  type SpeechItem,
} from "~/domain/nino/voice";

describe("age groups and confidence", () => {
  it.each([
    [3, "3-5"],
    [5, "3-5"],
    [6, "6-8"],
    [8, "6-8"],
    [9, "9-12"],
    [12, "9-12"],
    [2, "3-5"],
    [14, "9-12"],
    [null, "6-8"],
    [undefined, "6-8"],
  ] as const)("age %s is in group %s", (age, group) => {
    expect(ageGroupFor(age)).toBe(group);
  });

  it.each([
    [3, 0.6],
    [5, 0.6],
    [6, 0.7],
    [8, 0.7],
    [9, 0.8],
    [12, 0.8],
    [null, 0.7],
  ] as const)("a voice message from a child of %s must reach %s", (age, threshold) => {
    expect(speechThreshold(age)).toBe(threshold);
  });

  it.each([
    ["3-5", 0.6, 1.2, 1.3],
    ["6-8", 0.7, 1.1, 1.2],
    ["9-12", 0.8, 1, 1.1],
  ] as const)("group %s: threshold %s, multiplier %s (%s with pitch adjustment)", (group, threshold, mult, withPitch) => {
    expect(confidenceThreshold(group)).toBe(threshold);
    expect(confidenceMultiplier(group)).toBe(mult);
    expect(confidenceMultiplier(group, true)).toBe(withPitch);
  });

  it("caps the adjusted confidence at 1 and treats nonsense as 0", () => {
    expect(adjustedConfidence(0.9, "3-5")).toBe(1);
    expect(adjustedConfidence(0.5, "6-8")).toBe(0.55);
    expect(adjustedConfidence(Number.NaN, "6-8")).toBe(0);
    expect(adjustedConfidence(-1, "6-8")).toBe(0);
  });

  it.each([
    [0.5, "3-5", false, 0.6],
    [0.5, "6-8", false, 0.55],
    [0.5, "9-12", false, 0.5],
    [0.5, "6-8", true, 0.6],
    [0.5, "9-12", true, 0.55],
    [0.9, "3-5", true, 1],
  ] as const)("raw %s in group %s (pitch %s) → %s", (raw, group, pitch, adjusted) => {
    expect(adjustedConfidence(raw, group, pitch)).toBeCloseTo(adjusted, 10);
  });

  it.each([
    // transcript, raw confidence, final, age, pitch adjustment, expected kind
    ["a dragon", 0.9, false, 7, false, "ignore"],
    ["a dragon", 0.64, true, 7, false, "accept"], // 0.64 * 1.1 = 0.704 >= 0.7
    ["a dragon", 0.63, true, 7, false, "repeat"], // 0.693 < 0.7
    ["a dragon", 0.59, true, 7, true, "accept"], // 0.59 * 1.2 = 0.708
    ["a dragon", 0.5, true, 4, false, "accept"], // 0.6 exactly reaches 0.6
    ["a dragon", 0.49, true, 4, false, "repeat"],
    ["a dragon", 0.79, true, 10, false, "repeat"],
    ["a dragon", 0.8, true, 10, false, "accept"],
    ["a dragon", 0.3, true, null, false, "repeat"], // configured range 6-8
    ["   ", 0.99, true, 7, false, "ignore"],
  ] as const)("'%s' at %s (final %s, age %s, pitch %s) → %s", (transcript, confidence, isFinal, age, pitch, kind) => {
    const d = judgeRecognition({ transcript, confidence, isFinal }, { age, pitchAdjustment: pitch });
    expect(d.kind).toBe(kind);
    if (d.kind === "repeat") expect(d.message).toBe("Could you please repeat that?");
    if (d.kind === "accept") expect(d.text).toBe(transcript.trim());
  });
});

describe("timing: silence limits, relisten delays, turns and no-speech retries", () => {
  it("silence limits by age group and in the voice session", () => {
    expect(silenceLimitMs("3-5")).toBe(8000);
    expect(silenceLimitMs("6-8")).toBe(6000);
    expect(silenceLimitMs("9-12")).toBe(4000);
    expect(SILENCE_MS).toEqual({ voiceSession: 3000, simpleFlow: 5000, chatLayer: 5000 });
  });

  it("relisten delays", () => {
    expect(RELISTEN_MS).toEqual({ afterSpeaking: 600, afterError: 2000, afterStartFailure: 3000, afterSpeakingEnds: 1000 });
  });

  it.each([
    ["waiting", "listening_start", true, "user", null],
    ["waiting", "speaking_start", true, "nino", null],
    ["nino", "speaking_end", true, "waiting", 1000],
    ["nino", "speaking_end", false, "waiting", null],
    ["user", "stop", true, "waiting", null],
  ] as const)("turn %s + %s (active %s) → %s, relisten after %s", (turn, event, active, next, relisten) => {
    expect(nextTurn(turn, event, active)).toEqual({ turn: next, relistenAfterMs: relisten });
  });

  it.each([
    [1, { action: "retry", delayMs: 2000 }],
    [2, { action: "retry", delayMs: 2000 }],
    [3, { action: "retry", delayMs: 2000 }],
    [4, { action: "fallback_to_text" }],
  ] as const)("no-speech number %s → %o", (count, expected) => {
    expect(onNoSpeech(count)).toEqual(expected);
  });
});

describe("voice errors", () => {
  it.each([
    ["audio-capture", "Please check your microphone connection", true],
    ["not-allowed", "Microphone permission is required for voice chat", true],
    ["service-not-allowed", "Microphone permission is required for voice chat", true],
    ["network", "Network connection required for voice recognition", true],
    ["aborted", "Voice recognition was interrupted", false],
    ["language-not-supported", "Voice recognition does not understand this language yet", true],
    ["something-new", "Voice recognition stopped working", true],
  ] as const)("%s → '%s' (typing: %s)", (code, text, fallback) => {
    expect(voiceErrorFor(code)).toEqual({ text, fallbackToText: fallback });
  });

  it.each([
    ["The microphone is unplugged", "voice-recognition-error", "medium", "I'm having trouble hearing you. Let's try again!", false],
    ["No audio track", "voice-recognition-error", "medium", "I'm having trouble hearing you. Let's try again!", false],
    ["Network connection required for voice recognition", "network-error", "high", "I'm having trouble connecting. Let me try again in a moment.", true],
    ["Failed to fetch", "network-error", "high", "I'm having trouble connecting. Let me try again in a moment.", true],
    ["Access denied by the user", "permission-error", "high", "I need permission to use your microphone for voice chat.", true],
    ["Popup blocked", "permission-error", "high", "I need permission to use your microphone for voice chat.", true],
    ["The AI is asleep", "ai-service-error", "medium", "I'm having trouble thinking right now. Let me try again!", false],
    ["Service unavailable", "ai-service-error", "medium", "I'm having trouble thinking right now. Let me try again!", false],
    ["Please try again", "unknown-error", "low", "Something unexpected happened. Let's try again!", false],
  ] as const)("'%s' → %s (%s)", (message, category, severity, friendly, show) => {
    const c = categoriseError(message);
    expect(c).toMatchObject({ category, severity, friendlyMessage: friendly, show });
    expect(c.recoveryActions.length).toBeGreaterThan(0);
  });

  it("a speech synthesis failure is an audio error", () => {
    expect(categoriseError("synthesis-failed", "synthesis")).toMatchObject({
      category: "audio-error",
      severity: "medium",
      friendlyMessage: "I'm having trouble with the sound. Let's check the speakers.",
      show: false,
    });
  });

  it("keeps a capped error history that survives storage, and resolves by type", () => {
    let h = parseErrorHistory(null);
    for (let i = 0; i < 55; i++) {
      h = appendErrorRecord(h, makeErrorRecord({ id: `e${i}`, message: "network down", context: "recognition", at: "2026-01-01T00:00:00.000Z" }));
    }
    expect(h).toHaveLength(50);
    expect(h[0].id).toBe("e5");
    expect(h[0]).toMatchObject({ type: "network-error", severity: "high", resolved: false, resolutionTime: null });
    const stored = parseErrorHistory(JSON.stringify(h));
    expect(stored).toEqual(h);
    const resolved = resolveErrors(stored, "network-error", "2026-01-01T00:01:00.000Z");
    expect(resolved.every((r) => r.resolved && r.resolutionTime === "2026-01-01T00:01:00.000Z")).toBe(true);
    expect(parseErrorHistory("not json")).toEqual([]);
    expect(parseErrorHistory('{"a":1}')).toEqual([]);
    expect(parseErrorHistory('[{"nope":1}]')).toEqual([]);
  });
});

describe("how Nino sounds", () => {
  it("speaks en-US with rate 1, pitch 1, volume 0.8 by default", () => {
    expect(SPEECH_LANG).toBe("en-US");
    expect(DEFAULT_VOICE).toEqual({ rate: 1, pitch: 1, volume: 0.8 });
    expect(voiceFor("neutral", false)).toEqual(DEFAULT_VOICE);
  });

  it.each([
    ["excited", 1.2, 1.3, 0.9],
    ["gentle", 0.8, 1, 0.7],
    ["playful", 1.1, 1.2, 0.8],
    ["curious", 1, 1.1, 0.8],
    ["wise", 0.7, 0.9, 0.8],
    ["sad", 0.8, 1, 0.7],
    ["happy", 1.2, 1.3, 0.9],
    ["thoughtful", 0.7, 0.9, 0.8],
  ] as const)("%s: rate %s, pitch %s, volume %s", (emotion, rate, pitch, volume) => {
    expect(voiceFor(emotion, false)).toEqual({ rate, pitch, volume });
    expect(voiceFor(emotion, true)).toEqual({ rate, pitch, volume: 0 });
  });

  it("mute toggles the volume between 0 and 0.8", () => {
    expect(toggleMuteVolume(0.8)).toBe(0);
    expect(toggleMuteVolume(0)).toBe(0.8);
    expect(toggleMuteVolume(toggleMuteVolume(0.8))).toBe(0.8);
  });

  it("interrupts interruptible speech, queues after the rest", () => {
    const a: SpeechItem = { id: "a", text: "Hello", emotion: "excited", interruptible: true };
    const b: SpeechItem = { id: "b", text: "Once upon a time", emotion: "gentle", interruptible: false };
    const c: SpeechItem = { id: "c", text: "And then", emotion: "curious", interruptible: false };
    expect(enqueueSpeech(null, [], a)).toEqual({ cancelCurrent: false, queue: [a] });
    expect(enqueueSpeech(a, [], b)).toEqual({ cancelCurrent: true, queue: [b] });
    expect(enqueueSpeech(b, [], c)).toEqual({ cancelCurrent: false, queue: [c] });
    expect(enqueueSpeech(b, [c], a)).toEqual({ cancelCurrent: false, queue: [c, a] });
  });
});
