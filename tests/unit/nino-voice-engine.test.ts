import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NINO_TEXTS } from "~/domain/nino/types";
import { ERROR_HISTORY_KEY } from "~/domain/nino/voice";
import { VoiceEngine, type VoiceCallbacks, type VoiceSnapshot } from "~/components/nino/voice/engine";

/**
 * The browser voice engine with a scripted SpeechRecognition and speechSynthesis and fake timers:
 * when it listens, waits, retries, falls back to typing and speaks, as the engine applies those timings.
 */

class FakeRecognition {
  static instances: FakeRecognition[] = [];
  static failNextStart = false;
  lang = "";
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  onstart: (() => void) | null = null;
  onspeechstart: (() => void) | null = null;
  onspeechend: (() => void) | null = null;
  stopped = false;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    if (FakeRecognition.failNextStart) {
      FakeRecognition.failNextStart = false;
      throw new Error("InvalidStateError");
    }
    this.onstart?.();
  }
  stop() {
    this.stopped = true;
    this.onend?.();
  }
  abort() {
    this.stopped = true;
  }
  say(transcript: string, confidence: number, isFinal = true) {
    this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript, confidence }], { isFinal })] });
    this.onend?.();
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
}

class FakeUtterance {
  lang = "";
  rate = 1;
  pitch = 1;
  volume = 1;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(public text: string) {}
}

const synth = {
  spoken: [] as FakeUtterance[],
  speak(u: FakeUtterance) {
    this.spoken.push(u);
    u.onstart?.();
  },
  cancel: vi.fn(),
};

function setup() {
  const calls = {
    utterances: [] as [string, number | undefined][],
    prompts: [] as string[],
    fallbacks: [] as string[],
    errors: [] as string[],
    snapshots: [] as VoiceSnapshot[],
  };
  const cb: VoiceCallbacks = {
    onUtterance: (t, c) => calls.utterances.push([t, c]),
    onPrompt: (t) => calls.prompts.push(t),
    onFallback: (m) => calls.fallbacks.push(m),
    onError: (m) => calls.errors.push(m),
    onChange: (s) => calls.snapshots.push(s),
  };
  return { engine: new VoiceEngine(cb), calls };
}

const last = () => FakeRecognition.instances[FakeRecognition.instances.length - 1];

beforeEach(() => {
  vi.useFakeTimers();
  FakeRecognition.instances = [];
  synth.spoken = [];
  synth.cancel.mockClear();
  const store = new Map<string, string>();
  const localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  vi.stubGlobal("window", { webkitSpeechRecognition: FakeRecognition, speechSynthesis: synth, SpeechSynthesisUtterance: FakeUtterance });
  vi.stubGlobal("SpeechSynthesisUtterance", FakeUtterance);
  vi.stubGlobal("localStorage", localStorage);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the voice engine", () => {
  it("listens en-US for final results only, and sends what it understood", async () => {
    const { engine, calls } = setup();
    expect(await engine.detect()).toBe("recognition");
    engine.start();
    const r = last();
    expect(r).toMatchObject({ lang: "en-US", continuous: false, interimResults: false, maxAlternatives: 1 });
    expect(engine.state).toMatchObject({ active: true, listening: true, turn: "user" });
    r.say("a purple dragon", 0.9);
    expect(calls.utterances).toEqual([["a purple dragon", 0.99]]);
    expect(engine.state.listening).toBe(false);
  });

  it("asks to repeat a result under the threshold, speaks it, and listens again 1 s after speaking ends", async () => {
    const { engine, calls } = setup();
    await engine.detect();
    engine.start();
    last().say("mumble", 0.3);
    expect(calls.utterances).toEqual([]);
    expect(calls.prompts).toEqual(["Could you please repeat that?"]);
    expect(synth.spoken.map((u) => u.text)).toEqual(["Could you please repeat that?"]);
    expect(engine.state.turn).toBe("nino");
    const before = FakeRecognition.instances.length;
    synth.spoken[0].onend?.();
    expect(engine.state).toMatchObject({ speaking: false, turn: "waiting" });
    vi.advanceTimersByTime(999);
    expect(FakeRecognition.instances.length).toBe(before);
    vi.advanceTimersByTime(1);
    expect(FakeRecognition.instances.length).toBe(before + 1);
    expect(engine.state.turn).toBe("user");
  });

  it("speaks Nino's reply with his emotion's voice; muted at volume 0", async () => {
    const { engine } = setup();
    await engine.detect();
    engine.start();
    last().say("hello", 0.9);
    engine.replyArrived("Hooray!", "excited");
    expect(synth.spoken[0]).toMatchObject({ text: "Hooray!", lang: "en-US", rate: 1.2, pitch: 1.3, volume: 0.9 });
    engine.setMuted(true);
    engine.speak("Shh", "gentle", false);
    synth.spoken[0].onend?.();
    expect(synth.spoken[1]).toMatchObject({ text: "Shh", volume: 0 });
  });

  it("retries no-speech 3 times 2 s apart, then falls back to typing", async () => {
    const { engine, calls } = setup();
    await engine.detect();
    engine.start();
    for (let i = 0; i < 3; i++) {
      const n = FakeRecognition.instances.length;
      last().fail("no-speech");
      vi.advanceTimersByTime(1999);
      expect(FakeRecognition.instances.length).toBe(n);
      vi.advanceTimersByTime(1);
      expect(FakeRecognition.instances.length).toBe(n + 1);
    }
    last().fail("no-speech");
    vi.advanceTimersByTime(5000);
    expect(FakeRecognition.instances.length).toBe(4);
    expect(calls.fallbacks).toEqual([NINO_TEXTS.voiceTrouble]);
    expect(engine.state.active).toBe(false);
  });

  it("stops listening after the age group's silence limit (6 s for the configured 6-8)", async () => {
    const { engine } = setup();
    await engine.detect();
    engine.start();
    const r = last();
    vi.advanceTimersByTime(5999);
    expect(r.stopped).toBe(false);
    vi.advanceTimersByTime(1);
    expect(r.stopped).toBe(true);
  });

  it("waits 3 s after speech ends in the voice session, and 8 s of silence for a 4-year-old", async () => {
    const { engine } = setup();
    engine.age = 4;
    await engine.detect();
    engine.start();
    let r = last();
    vi.advanceTimersByTime(7999);
    expect(r.stopped).toBe(false);
    vi.advanceTimersByTime(1);
    expect(r.stopped).toBe(true);
    vi.advanceTimersByTime(2000); // the no-speech retry
    r = last();
    r.onspeechstart?.();
    r.onspeechend?.();
    vi.advanceTimersByTime(2999);
    expect(r.stopped).toBe(false);
    vi.advanceTimersByTime(1);
    expect(r.stopped).toBe(true);
  });

  it("tries again 3 s after recognition fails to start", async () => {
    const { engine } = setup();
    await engine.detect();
    FakeRecognition.failNextStart = true;
    engine.start();
    expect(engine.state.listening).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(FakeRecognition.instances.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(FakeRecognition.instances.length).toBe(2);
    expect(engine.state.listening).toBe(true);
  });

  it("listens again 2 s after the server could not take a message", async () => {
    const { engine } = setup();
    await engine.detect();
    engine.start();
    last().say("hello", 0.9);
    engine.replyFailed();
    vi.advanceTimersByTime(1999);
    expect(FakeRecognition.instances.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(FakeRecognition.instances.length).toBe(2);
  });

  it("a permission error falls back to typing and is kept in the error history; only high severity is shown", async () => {
    const { engine, calls } = setup();
    await engine.detect();
    engine.start();
    last().fail("not-allowed");
    expect(calls.fallbacks).toEqual([NINO_TEXTS.voiceTrouble]);
    // 'Microphone permission is required…' names the microphone first: medium, not shown.
    expect(calls.errors).toEqual([]);
    engine.start();
    last().fail("network");
    expect(calls.errors).toEqual(["I'm having trouble connecting. Let me try again in a moment."]);
    const history = JSON.parse(localStorage.getItem(ERROR_HISTORY_KEY) ?? "[]") as { type: string; message: string }[];
    expect(history.map((h) => [h.type, h.message])).toEqual([
      ["voice-recognition-error", "Microphone permission is required for voice chat"],
      ["network-error", "Network connection required for voice recognition"],
    ]);
  });

  it("an interruptible line gives way to the next; other speech waits its turn", async () => {
    const { engine } = setup();
    await engine.detect();
    engine.speak("first", "curious", true);
    engine.speak("second", "curious", false);
    expect(synth.cancel).toHaveBeenCalledTimes(1);
    expect(synth.spoken.map((u) => u.text)).toEqual(["first", "second"]);
    engine.speak("third", "curious", false);
    expect(synth.cancel).toHaveBeenCalledTimes(1);
    expect(synth.spoken.map((u) => u.text)).toEqual(["first", "second"]);
    synth.spoken[1].onend?.();
    expect(synth.spoken.map((u) => u.text)).toEqual(["first", "second", "third"]);
  });

  it("without recognition or a transcription service, voice goes straight to typing", async () => {
    vi.stubGlobal("window", { speechSynthesis: synth, SpeechSynthesisUtterance: FakeUtterance });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ available: false }))),
    );
    const { engine, calls } = setup();
    expect(await engine.detect()).toBe("none");
    engine.start();
    expect(calls.fallbacks).toEqual([NINO_TEXTS.voiceTrouble]);
    expect(engine.state.active).toBe(false);
  });
});

describe("the recording engine (no speech recognition, a transcription key on the server)", () => {
  function stubRecorderBrowser(options: { getUserMedia: () => Promise<unknown>; levels: number[] }) {
    const posted: FormData[] = [];
    const tracks = [
      {
        stopped: false,
        stop() {
          this.stopped = true;
        },
      },
    ];
    class FakeMediaRecorder {
      state = "inactive";
      mimeType = "audio/webm";
      private listeners: Record<string, ((e: unknown) => void)[]> = {};
      addEventListener(type: string, fn: (e: unknown) => void) {
        (this.listeners[type] ??= []).push(fn);
      }
      start() {
        this.state = "recording";
      }
      stop() {
        this.state = "inactive";
        for (const fn of this.listeners.dataavailable ?? []) fn({ data: new Blob([new Uint8Array(64)], { type: "audio/webm" }) });
        for (const fn of this.listeners.stop ?? []) fn({});
      }
    }
    let tick = 0;
    class FakeAudioContext {
      createAnalyser() {
        return {
          fftSize: 0,
          frequencyBinCount: 4,
          getByteFrequencyData(out: Uint8Array) {
            out.fill(options.levels[Math.min(tick++, options.levels.length - 1)]);
          },
        };
      }
      createMediaStreamSource() {
        return { connect() {} };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal("window", { speechSynthesis: synth, SpeechSynthesisUtterance: FakeUtterance, MediaRecorder: FakeMediaRecorder });
    vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
    vi.stubGlobal("AudioContext", FakeAudioContext);
    vi.stubGlobal("navigator", { mediaDevices: { getUserMedia: options.getUserMedia } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (!init?.method) return new Response(JSON.stringify({ available: true }));
        posted.push(init.body as FormData);
        return new Response(JSON.stringify({ text: " a dragon who loves pancakes " }));
      }),
    );
    return { posted, tracks };
  }

  it("records until 3 s of quiet after speech, has it transcribed, and sends the words", async () => {
    // speech (level 80) for 0.5 s, then quiet
    const { posted, tracks } = stubRecorderBrowser({ getUserMedia: async () => ({ getTracks: () => tracks }), levels: [80, 80, 80, 80, 80, 5] });
    const { engine, calls } = setup();
    expect(await engine.detect()).toBe("recorder");
    engine.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.utterances).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(posted).toHaveLength(1);
    expect(posted[0].get("audio")).toBeInstanceOf(Blob);
    expect(calls.utterances).toEqual([["a dragon who loves pancakes", undefined]]);
    // The microphone is released once the clip is taken.
    expect(tracks[0].stopped).toBe(true);
  });

  it("a refused microphone falls back to typing", async () => {
    stubRecorderBrowser({ getUserMedia: async () => Promise.reject(new DOMException("denied", "NotAllowedError")), levels: [0] });
    const { engine, calls } = setup();
    expect(await engine.detect()).toBe("recorder");
    engine.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.fallbacks).toEqual([NINO_TEXTS.voiceTrouble]);
    const history = JSON.parse(localStorage.getItem(ERROR_HISTORY_KEY) ?? "[]") as { message: string }[];
    expect(history.map((h) => h.message)).toEqual(["Microphone permission is required for voice chat"]);
  });
});
