import {
  ageGroupFor,
  appendErrorRecord,
  categoriseError,
  enqueueSpeech,
  ERROR_HISTORY_KEY,
  judgeRecognition,
  makeErrorRecord,
  nextTurn,
  onNoSpeech,
  parseErrorHistory,
  RELISTEN_MS,
  REPEAT_PROMPT,
  resolveErrors,
  silenceLimitMs,
  SILENCE_MS,
  SPEECH_LANG,
  voiceErrorFor,
  voiceFor,
  type SpeechItem,
} from "~/domain/nino/voice";
import { NINO_TEXTS, type Emotion, type Turn } from "~/domain/nino/types";
import { recognitionConstructor, recorderAvailable, synthesisAvailable, type Recognition } from "./speech-api";
import { recordOnce, transcriptionAvailable, type Recording } from "./recorder";

/**
 * Nino's voice in the browser: listening (the Web Speech API's recognition, or a recording the
 * server transcribes) and speaking (speech synthesis), following the pure rules of
 * app/domain/nino/voice.ts. The panel drives it and renders its snapshot.
 */
export type VoiceEngineKind = "recognition" | "recorder" | "none";

export interface VoiceSnapshot {
  kind: VoiceEngineKind | "checking";
  active: boolean;
  listening: boolean;
  speaking: boolean;
  turn: Turn;
}

export interface VoiceCallbacks {
  /** the child said something we understood well enough */
  onUtterance: (text: string, confidence: number | undefined) => void;
  /** Nino says something of the panel's own (e.g. 'Could you please repeat that?') */
  onPrompt: (text: string, emotion: Emotion) => void;
  /** voice is not working: the panel switches to typing and shows this */
  onFallback: (message: string) => void;
  /** an error worth telling the child about (high or critical) */
  onError: (friendlyMessage: string) => void;
  onChange: (snapshot: VoiceSnapshot) => void;
}

export class VoiceEngine {
  private snapshot: VoiceSnapshot = { kind: "checking", active: false, listening: false, speaking: false, turn: "waiting" };
  private recognition: Recognition | null = null;
  private recording: Recording | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private noSpeechCount = 0;
  private gotResult = false;
  private hadError = false;
  private awaitingReply = false;
  private current: SpeechItem | null = null;
  private queue: SpeechItem[] = [];
  private speechSeq = 0;

  age: number | null = null;
  muted = false;

  constructor(private readonly cb: VoiceCallbacks) {}

  /** Finds the engine this browser can use. */
  async detect(): Promise<VoiceEngineKind> {
    let kind: VoiceEngineKind = "none";
    if (recognitionConstructor()) kind = "recognition";
    else if (recorderAvailable() && (await transcriptionAvailable())) kind = "recorder";
    this.set({ kind });
    return kind;
  }

  get state(): VoiceSnapshot {
    return this.snapshot;
  }

  /** Starts the voice session (inactive → active). */
  start(): void {
    if (this.snapshot.kind === "none") {
      this.cb.onFallback(NINO_TEXTS.voiceTrouble);
      return;
    }
    this.noSpeechCount = 0;
    this.awaitingReply = false;
    this.set({ active: true });
    if (!this.snapshot.speaking) this.listen();
  }

  /** Stops the session: listening, speaking and the microphone. */
  stop(): void {
    this.clearTimers();
    this.set({ active: false });
    this.stopListening();
    this.cancelSpeech();
    this.awaitingReply = false;
    this.set({ turn: nextTurn(this.snapshot.turn, "stop", false).turn });
  }

  /** Space / the listen button: listen now, or stop listening. */
  toggleListening(): void {
    if (this.snapshot.listening) {
      this.stopListening();
      return;
    }
    if (!this.snapshot.active) {
      this.start();
      return;
    }
    this.cancelInterruptible();
    this.listen();
  }

  /** Nino answered: speak it, then listen again. */
  replyArrived(text: string, emotion: Emotion): void {
    this.awaitingReply = false;
    this.speak(text, emotion, true);
  }

  /** The server could not take the message (busy, error): listen again after the error delay. */
  replyFailed(): void {
    this.awaitingReply = false;
    if (this.snapshot.active) this.later(() => this.listen(), RELISTEN_MS.afterError);
  }

  /** Says something; interruptible speech gives way to what comes next, the rest waits its turn. */
  speak(text: string, emotion: Emotion, interruptible: boolean): void {
    if (!synthesisAvailable()) {
      if (this.snapshot.active) this.later(() => this.listen(), RELISTEN_MS.afterSpeaking);
      return;
    }
    const item: SpeechItem = { id: `s${++this.speechSeq}`, text, emotion, interruptible };
    const { cancelCurrent, queue } = enqueueSpeech(this.current, this.queue, item);
    this.queue = queue;
    if (cancelCurrent) {
      this.current = null;
      window.speechSynthesis.cancel();
    }
    if (!this.current) this.playNext();
  }

  cancelSpeech(): void {
    this.queue = [];
    this.current = null;
    if (synthesisAvailable()) window.speechSynthesis.cancel();
    this.set({ speaking: false });
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
  }

  dispose(): void {
    this.stop();
  }

  // ---- speaking ----

  private cancelInterruptible(): void {
    if (this.current?.interruptible) this.cancelSpeech();
  }

  private playNext(): void {
    const item = this.queue.shift();
    if (!item) return;
    this.current = item;
    this.stopListening();
    const u = new SpeechSynthesisUtterance(item.text);
    const v = voiceFor(item.emotion, this.muted);
    u.lang = SPEECH_LANG;
    u.rate = v.rate;
    u.pitch = v.pitch;
    u.volume = v.volume;
    u.onstart = () => {
      if (this.current !== item) return;
      this.set({ speaking: true, turn: nextTurn(this.snapshot.turn, "speaking_start", this.snapshot.active).turn });
    };
    const finished = (failed: boolean) => {
      if (this.current !== item) return;
      this.current = null;
      if (failed) this.record("Speech could not be played", "synthesis", "synthesis");
      if (this.queue.length > 0) {
        this.playNext();
        return;
      }
      const t = nextTurn(this.snapshot.turn, "speaking_end", this.snapshot.active);
      this.set({ speaking: false, turn: t.turn });
      if (t.relistenAfterMs !== null && !this.awaitingReply) this.later(() => this.listen(), t.relistenAfterMs);
    };
    u.onend = () => finished(false);
    u.onerror = (e) => finished(e.error !== "interrupted" && e.error !== "canceled");
    window.speechSynthesis.speak(u);
  }

  // ---- listening ----

  private listen(): void {
    if (!this.snapshot.active || this.snapshot.listening || this.snapshot.speaking || this.awaitingReply) return;
    if (this.snapshot.kind === "recorder") {
      void this.listenByRecording();
      return;
    }
    const Ctor = recognitionConstructor();
    if (!Ctor) {
      this.cb.onFallback(NINO_TEXTS.voiceTrouble);
      this.stop();
      return;
    }
    const r = new Ctor();
    r.lang = SPEECH_LANG;
    r.continuous = false;
    r.interimResults = false;
    r.maxAlternatives = 1;
    this.recognition = r;
    this.gotResult = false;
    this.hadError = false;
    const group = ageGroupFor(this.age);
    r.onstart = () => {
      this.set({ listening: true, turn: nextTurn(this.snapshot.turn, "listening_start", true).turn });
      this.armSilence(silenceLimitMs(group));
    };
    r.onspeechstart = () => this.disarmSilence();
    r.onspeechend = () => this.armSilence(SILENCE_MS.voiceSession);
    r.onresult = (e) => {
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const result = e.results[i];
        const alt = result[0];
        if (!alt) continue;
        const decision = judgeRecognition({ transcript: alt.transcript, confidence: alt.confidence, isFinal: result.isFinal }, { age: this.age });
        if (decision.kind === "ignore") continue;
        this.gotResult = true;
        this.noSpeechCount = 0;
        this.resolved("voice-recognition-error");
        if (decision.kind === "accept") {
          this.awaitingReply = true;
          this.cb.onUtterance(decision.text, decision.confidence);
        } else {
          this.cb.onPrompt(REPEAT_PROMPT, "gentle");
          this.speak(REPEAT_PROMPT, "gentle", true);
        }
      }
    };
    r.onerror = (e) => {
      this.hadError = true;
      if (e.error === "no-speech") {
        this.noSpeech();
        return;
      }
      const { text, fallbackToText } = voiceErrorFor(e.error);
      this.record(text, "recognition", "recognition");
      if (fallbackToText) {
        this.stop();
        this.cb.onFallback(NINO_TEXTS.voiceTrouble);
      }
    };
    r.onend = () => {
      this.disarmSilence();
      if (this.recognition === r) this.recognition = null;
      this.set({ listening: false });
      if (!this.snapshot.active) return;
      // Ended without words and without an error: the child was quiet.
      if (!this.gotResult && !this.hadError) this.noSpeech();
    };
    try {
      r.start();
    } catch {
      this.recognition = null;
      this.record("Speech recognition could not start", "recognition", "recognition");
      this.later(() => this.listen(), RELISTEN_MS.afterStartFailure);
    }
  }

  private async listenByRecording(): Promise<void> {
    const group = ageGroupFor(this.age);
    this.set({ listening: true, turn: nextTurn(this.snapshot.turn, "listening_start", true).turn });
    try {
      this.recording = await recordOnce({ silenceMs: SILENCE_MS.voiceSession, noSpeechMs: silenceLimitMs(group) });
      const text = await this.recording.done;
      this.recording = null;
      this.set({ listening: false });
      if (!this.snapshot.active) return;
      if (!text) {
        this.noSpeech();
        return;
      }
      this.noSpeechCount = 0;
      this.awaitingReply = true;
      this.cb.onUtterance(text, undefined);
    } catch (error) {
      this.recording = null;
      this.set({ listening: false });
      const name = error instanceof DOMException ? error.name : "";
      const message =
        name === "NotAllowedError"
          ? voiceErrorFor("not-allowed").text
          : name === "NotFoundError"
            ? voiceErrorFor("audio-capture").text
            : error instanceof Error
              ? error.message
              : String(error);
      this.record(message, "recording", "recognition");
      this.stop();
      this.cb.onFallback(NINO_TEXTS.voiceTrouble);
    }
  }

  private noSpeech(): void {
    this.noSpeechCount += 1;
    const next = onNoSpeech(this.noSpeechCount);
    if (next.action === "retry") {
      this.later(() => this.listen(), next.delayMs);
      return;
    }
    this.stop();
    this.cb.onFallback(NINO_TEXTS.voiceTrouble);
  }

  private stopListening(): void {
    this.disarmSilence();
    const r = this.recognition;
    this.recognition = null;
    if (r) {
      r.onend = null;
      r.onresult = null;
      r.onerror = null;
      try {
        r.abort();
      } catch {
        // already stopped
      }
    }
    this.recording?.stop();
    this.recording = null;
    if (this.snapshot.listening) this.set({ listening: false });
  }

  private armSilence(ms: number): void {
    this.disarmSilence();
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      this.recognition?.stop();
    }, ms);
  }

  private disarmSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  // ---- errors ----

  private record(message: string, context: string, source: "recognition" | "synthesis"): void {
    const c = categoriseError(message, source);
    try {
      const history = parseErrorHistory(localStorage.getItem(ERROR_HISTORY_KEY));
      const record = makeErrorRecord({ id: crypto.randomUUID(), message, context, at: new Date().toISOString(), source });
      localStorage.setItem(ERROR_HISTORY_KEY, JSON.stringify(appendErrorRecord(history, record)));
    } catch {
      // storage full or blocked: the history is a nicety
    }
    if (c.show) this.cb.onError(c.friendlyMessage);
  }

  private resolved(type: Parameters<typeof resolveErrors>[1]): void {
    try {
      const history = parseErrorHistory(localStorage.getItem(ERROR_HISTORY_KEY));
      if (history.some((r) => r.type === type && !r.resolved)) {
        localStorage.setItem(ERROR_HISTORY_KEY, JSON.stringify(resolveErrors(history, type, new Date().toISOString())));
      }
    } catch {
      // see record()
    }
  }

  // ---- plumbing ----

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.disarmSilence();
  }

  private set(patch: Partial<VoiceSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.cb.onChange(this.snapshot);
  }
}
