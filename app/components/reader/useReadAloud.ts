import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/** Reading to a child: a little slower than conversation; the usual speech defaults otherwise. */
export const READ_ALOUD_VOICE = { lang: "en-US", rate: 0.9, pitch: 1, volume: 1 } as const;
/** A breath before the first sentence, and after a page turn so the new page is seen first. */
const START_DELAY_MS = 150;
const TURN_DELAY_MS = 700;

export interface ReadAloud {
  /** null until we know whether the browser can speak (and always on the server) */
  supported: boolean | null;
  playing: boolean;
  /** the sentence being spoken, an index into the leaf's `spoken` list */
  sentence: number | null;
  error: string | null;
  play(): void;
  pause(): void;
  toggle(): void;
}

function pickVoice(synth: SpeechSynthesis): SpeechSynthesisVoice | null {
  const voices = synth.getVoices();
  const english = voices.filter((v) => v.lang?.toLowerCase().startsWith("en"));
  return (
    english.find((v) => v.lang === "en-US" && v.localService) ?? english.find((v) => v.lang === "en-US") ?? english.find((v) => v.default) ?? english[0] ?? null
  );
}

/**
 * Read-aloud with the browser's speech synthesis: one utterance per sentence, so the sentence being
 * spoken is known exactly (boundary events are unreliable across browsers and voices). At the end
 * of a page `onLeafEnd` is asked to turn the page; it answers false on the last page, which stops.
 * Pausing cancels speech and remembers the sentence; playing again starts that sentence over.
 *
 * @param sentences what the current leaf says
 * @param leafKey changes when the page changes
 */
export function useReadAloud(sentences: readonly string[], leafKey: string, onLeafEnd: () => boolean): ReadAloud {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [playing, setPlaying] = useState(false);
  const [sentence, setSentence] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sentencesRef = useRef(sentences);
  sentencesRef.current = sentences;
  const onLeafEndRef = useRef(onLeafEnd);
  onLeafEndRef.current = onLeafEnd;
  const resumeAt = useRef(0);
  const lastLeaf = useRef(leafKey);
  const turnedByUs = useRef(false);
  // Chrome drops the events of an utterance that was garbage-collected: keep the one being spoken.
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    const can = typeof window.speechSynthesis?.speak === "function" && typeof window.SpeechSynthesisUtterance === "function";
    // at low priority: showing the button is not worth blocking the first taps
    startTransition(() => setSupported(can));
  }, []);

  useEffect(() => {
    const pageChanged = lastLeaf.current !== leafKey;
    if (pageChanged) {
      lastLeaf.current = leafKey;
      resumeAt.current = 0;
    }
    if (!playing) {
      setSentence(null);
      return;
    }
    const synth = window.speechSynthesis;
    let cancelled = false;
    let index = resumeAt.current;

    const speakNext = () => {
      if (cancelled) return;
      const list = sentencesRef.current;
      if (index >= list.length) {
        resumeAt.current = 0;
        setSentence(null);
        turnedByUs.current = true;
        if (!onLeafEndRef.current()) {
          turnedByUs.current = false;
          setPlaying(false);
        }
        return;
      }
      const at = index;
      const u = new SpeechSynthesisUtterance(list[at]);
      u.lang = READ_ALOUD_VOICE.lang;
      u.rate = READ_ALOUD_VOICE.rate;
      u.pitch = READ_ALOUD_VOICE.pitch;
      u.volume = READ_ALOUD_VOICE.volume;
      const voice = pickVoice(synth);
      if (voice) u.voice = voice;
      u.onstart = () => {
        if (!cancelled) setSentence(at);
      };
      u.onend = () => {
        if (cancelled) return;
        index = at + 1;
        resumeAt.current = index;
        speakNext();
      };
      u.onerror = (event) => {
        if (cancelled || event.error === "interrupted" || event.error === "canceled") return;
        setError(
          event.error === "not-allowed"
            ? "Your browser needs a tap before it can read aloud. Please press Read aloud again."
            : "Read-aloud stopped: this browser could not speak the page.",
        );
        setPlaying(false);
      };
      current.current = u;
      resumeAt.current = at;
      setSentence(at);
      synth.speak(u);
    };

    // After a turn made by read-aloud itself, wait a moment so the new page is seen first.
    const delay = pageChanged && turnedByUs.current ? TURN_DELAY_MS : START_DELAY_MS;
    turnedByUs.current = false;
    synth.cancel();
    const timer = setTimeout(speakNext, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      current.current = null;
      synth.cancel();
    };
  }, [playing, leafKey]);

  // Stop speaking when the reader goes away.
  useEffect(
    () => () => {
      window.speechSynthesis?.cancel();
    },
    [],
  );

  const play = useCallback(() => {
    setError(null);
    setPlaying(true);
  }, []);
  const pause = useCallback(() => setPlaying(false), []);
  const toggle = useCallback(() => {
    setError(null);
    setPlaying((p) => !p);
  }, []);

  return { supported, playing, sentence: playing ? sentence : null, error, play, pause, toggle };
}
