/**
 * A scripted SpeechRecognition and speechSynthesis for the browser (added with page.addInitScript):
 * tests push what the "child says" into window.__stt.queue ({text, confidence} or {error}) and read
 * what Nino said from window.__tts.spoken. Chromium's own recognition needs Google's servers, which
 * tests never reach.
 */
export function installVoiceFakes() {
  type Item = { text?: string; confidence?: number; error?: string };
  const w = window as unknown as Record<string, unknown>;
  const stt = { queue: [] as Item[], started: 0 };
  const tts = { spoken: [] as string[], volumes: [] as number[] };
  w.__stt = stt;
  w.__tts = tts;

  class FakeRecognition {
    lang = "";
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    onstart: (() => void) | null = null;
    onspeechstart: (() => void) | null = null;
    onspeechend: (() => void) | null = null;
    private alive = false;
    private timer: ReturnType<typeof setInterval> | undefined;
    start() {
      if (this.alive) throw new DOMException("already started", "InvalidStateError");
      this.alive = true;
      stt.started += 1;
      setTimeout(() => {
        if (!this.alive) return;
        this.onstart?.();
        this.timer = setInterval(() => {
          const next = stt.queue.shift();
          if (next) this.deliver(next);
        }, 40);
      }, 30);
    }
    private deliver(item: Item) {
      clearInterval(this.timer);
      if (!this.alive) return;
      if (item.error) {
        this.onerror?.({ error: item.error });
        this.end();
        return;
      }
      this.onspeechstart?.();
      const result = Object.assign([{ transcript: item.text ?? "", confidence: item.confidence ?? 0.95 }], { isFinal: true });
      this.onresult?.({ resultIndex: 0, results: [result] });
      this.onspeechend?.();
      this.end();
    }
    private end() {
      clearInterval(this.timer);
      if (!this.alive) return;
      this.alive = false;
      this.onend?.();
    }
    stop() {
      this.end();
    }
    abort() {
      clearInterval(this.timer);
      this.alive = false;
    }
  }
  w.SpeechRecognition = FakeRecognition;
  w.webkitSpeechRecognition = FakeRecognition;

  let current: SpeechSynthesisUtterance | null = null;
  const queue: SpeechSynthesisUtterance[] = [];
  const playNext = () => {
    const u = queue.shift();
    if (!u) return;
    current = u;
    tts.spoken.push(u.text);
    tts.volumes.push(u.volume);
    setTimeout(() => {
      if (current !== u) return;
      u.onstart?.(new Event("start") as SpeechSynthesisEvent);
      setTimeout(() => {
        if (current !== u) return;
        current = null;
        u.onend?.(new Event("end") as SpeechSynthesisEvent);
        playNext();
      }, 120);
    }, 10);
  };
  const fakeSynth = {
    speak(u: SpeechSynthesisUtterance) {
      queue.push(u);
      if (!current) playNext();
    },
    cancel() {
      queue.length = 0;
      const u = current;
      current = null;
      if (u) u.onerror?.(Object.assign(new Event("error"), { error: "interrupted" }) as SpeechSynthesisErrorEvent);
    },
    pause() {},
    resume() {},
    getVoices: () => [],
    speaking: false,
    pending: false,
    paused: false,
  };
  Object.defineProperty(window, "speechSynthesis", { value: fakeSynth, configurable: true });
}
