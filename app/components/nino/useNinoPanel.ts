import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ninoHandoffUrl } from "~/components/story-form/nino-prefill";
import type { AvatarActivity, StoryData } from "~/domain/nino/types";
import { NINO_LIMITS } from "~/domain/nino/types";
import { avatarMoodFor } from "./moods";
import { useNinoConnection, type NinoConnection } from "./useNinoConnection";
import { useNinoSettings } from "./useNinoSettings";
import { VoiceEngine, type VoiceSnapshot } from "./voice/engine";

type Mode = "voice" | "text" | null;
type View = "chat" | "help" | "settings";

const ERROR_SHOWN_MS = 8000;
const CANNOT_SEND = "I'm having trouble connecting. Let me try again in a moment.";

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}

function isControl(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (isTextField(el) || el.tagName === "BUTTON" || el.tagName === "A");
}

/** What Nino is doing, in a word or two under his name. */
function panelStatus(conn: NinoConnection, voice: VoiceSnapshot, mode: Mode): string {
  if (conn.link !== "open") {
    if (conn.failures >= 3) return "Offline for now";
    return conn.link === "connecting" ? "Waking up…" : "Reconnecting…";
  }
  if (conn.thinking || conn.typing) return "Thinking…";
  if (voice.speaking) return "Speaking…";
  if (voice.listening) return "Listening…";
  if (mode === "voice") return voice.active ? "Your turn soon…" : "Voice is paused";
  return "Ready";
}

interface KeyActions {
  mode: Mode;
  /** Enter starts with the voice (when it is on and the browser can listen), else with typing */
  voiceFirst: boolean;
  toggleView: (view: "help" | "settings") => void;
  toggleMute: () => void;
  startVoice: () => void;
  startText: () => void;
  focusInput: () => void;
  toggleListening: () => void;
}

/**
 * The panel's keyboard shortcuts (listed in its help): Ctrl + H, S, M, V and T; Enter starts talking
 * (or goes to the message box, or listens); Space starts or stops listening. In a text field,
 * Ctrl + V pastes, and Enter and Space belong to the field or the button.
 */
function onPanelKey(event: KeyboardEvent<HTMLDivElement>, act: KeyActions) {
  const key = event.key;
  if (event.ctrlKey && !event.altKey && !event.metaKey) {
    const k = key.toLowerCase();
    if (k === "v" && isTextField(event.target)) return; // paste stays paste
    const actions: Record<string, () => void> = {
      h: () => act.toggleView("help"),
      s: () => act.toggleView("settings"),
      m: act.toggleMute,
      v: act.startVoice,
      t: act.startText,
    };
    const action = actions[k];
    if (action) {
      event.preventDefault();
      event.stopPropagation();
      action();
    }
    return;
  }
  if (key === "Enter" && !isControl(event.target)) {
    event.preventDefault();
    if (act.mode === null) {
      if (act.voiceFirst) act.startVoice();
      else act.startText();
    } else if (act.mode === "text") act.focusInput();
    else act.toggleListening();
    return;
  }
  if (key === " " && !isControl(event.target)) {
    event.preventDefault();
    if (act.mode !== "voice") act.startVoice();
    else act.toggleListening();
  }
}

/**
 * Everything Nino's panel does: the conversation (over the connection), talking by voice or typing,
 * the settings, a passing error, the keyboard shortcuts, and handing a finished story to the form.
 */
export function useNinoPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { settings, saveSettings } = useNinoSettings();

  const [mode, setMode] = useState<Mode>(null);
  const [view, setView] = useState<View>("chat");
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [voice, setVoice] = useState<VoiceSnapshot>({ kind: "checking", active: false, listening: false, speaking: false, turn: "waiting" });
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<VoiceEngine | null>(null);
  const modeRef = useRef<Mode>(null);
  modeRef.current = mode;

  const showError = useCallback((message: string) => setError(message), []);
  useEffect(() => {
    if (!error) return;
    const t = setTimeout(() => setError(null), ERROR_SHOWN_MS);
    return () => clearTimeout(t);
  }, [error]);

  const handOff = useCallback(
    (data: Partial<StoryData>) => {
      engineRef.current?.stop();
      onOpenChange(false);
      navigate(ninoHandoffUrl(data));
    },
    [navigate, onOpenChange],
  );

  const conn = useNinoConnection({
    active: open,
    childName: settings.childName,
    age: settings.age,
    page: location.pathname,
    handlers: {
      onNinoMessage: (m) => {
        if (modeRef.current === "voice") engineRef.current?.replyArrived(m.content, m.emotion);
      },
      onStoryComplete: (data) => handOff(data),
      onVoiceEnd: (message) => {
        leaveVoice(message);
      },
      onServerError: (message) => {
        showError(message);
        engineRef.current?.replyFailed();
      },
    },
  });

  // The voice engine lives as long as the panel.
  useEffect(() => {
    const engine = new VoiceEngine({
      onUtterance: (text, confidence) => {
        const sent = conn.send({ type: "user_message", text: text.slice(0, NINO_LIMITS.maxMessageChars), source: "voice", confidence });
        if (!sent) {
          showError(CANNOT_SEND);
          engine.replyFailed();
        }
      },
      onPrompt: (text, emotion) => conn.addLocal(text, emotion),
      onFallback: (message) => {
        conn.addLocal(message, "gentle");
        setMode("text");
        requestAnimationFrame(() => inputRef.current?.focus());
      },
      onError: (message) => showError(message),
      onChange: setVoice,
    });
    engineRef.current = engine;
    void engine.detect();
    return () => engine.dispose();
    // conn.send and conn.addLocal are stable callbacks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const engine = engineRef.current;
    if (!engine) return;
    engine.age = settings.age;
    engine.setMuted(settings.muted);
  }, [settings.age, settings.muted]);

  // Closing the panel ends any voice session.
  useEffect(() => {
    if (!open) {
      engineRef.current?.stop();
      setMode(null);
      setView("chat");
    }
  }, [open]);

  // Keep the newest message in view (the start screen, above the messages, is shown from its top).
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = mode === null ? 0 : list.scrollHeight;
  }, [conn.messages.length, conn.typing, mode]);

  // After Nino answers a typed message, the input (disabled while he thought) takes focus again.
  const wasThinking = useRef(false);
  useEffect(() => {
    if (wasThinking.current && !conn.thinking && mode === "text") inputRef.current?.focus();
    wasThinking.current = conn.thinking;
  }, [conn.thinking, mode]);

  function leaveVoice(message: string) {
    engineRef.current?.stop();
    // Nino may have just said it himself: no need to show it twice.
    const lastSaid = [...conn.messages].reverse().find((m) => m.type === "nino");
    if (!lastSaid || !lastSaid.content.includes(message)) conn.addLocal(message, "gentle");
    setMode("text");
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function startVoice() {
    setView("chat");
    if (!settings.voiceEnabled) {
      showError("Voice is turned off in settings.");
      return;
    }
    setMode("voice");
    engineRef.current?.start();
  }

  function startText() {
    setView("chat");
    engineRef.current?.stop();
    setMode("text");
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function stopAll() {
    engineRef.current?.stop();
  }

  function toggleListening() {
    engineRef.current?.toggleListening();
  }

  function toggleMute() {
    const muted = !settings.muted;
    saveSettings({ ...settings, muted });
    if (muted) engineRef.current?.cancelSpeech();
  }

  function sendText(text: string) {
    const clean = text.trim();
    if (!clean || conn.thinking) return;
    const sent = conn.send({ type: "user_message", text: clean.slice(0, NINO_LIMITS.maxMessageChars), source: "text" });
    if (sent) setDraft("");
    else showError(CANNOT_SEND);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    sendText(draft);
  }

  function chooseSuggestion(text: string) {
    if (mode === null) setMode("text");
    sendText(text);
  }

  function startOver() {
    engineRef.current?.cancelSpeech();
    if (!conn.send({ type: "start_over" })) showError(CANNOT_SEND);
  }

  function createNow() {
    void conn.refresh().then(handOff);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onPanelKey(event, {
      mode,
      voiceFirst: settings.voiceEnabled && voice.kind !== "none",
      toggleView: (v) => setView((now) => (now === v ? "chat" : v)),
      toggleMute,
      startVoice,
      startText,
      focusInput: () => inputRef.current?.focus(),
      toggleListening,
    });
  }

  const lastNino = [...conn.messages].reverse().find((m) => m.type === "nino") ?? null;
  const complete = conn.step === "complete";
  const activity: AvatarActivity = conn.thinking ? "thinking" : conn.step === "art_style" || conn.step === "review" ? "drawing" : "idle";
  const mood = avatarMoodFor(lastNino?.emotion ?? null, complete);
  const status = panelStatus(conn, voice, mode);

  return {
    conn,
    settings,
    saveSettings,
    mode,
    view,
    setView,
    draft,
    setDraft,
    error,
    voice,
    inputRef,
    listRef,
    status,
    mood,
    activity,
    startVoice,
    startText,
    stopAll,
    leaveVoice,
    toggleListening,
    toggleMute,
    onSubmit,
    chooseSuggestion,
    startOver,
    createNow,
    onKeyDown,
    /** typing in the message box starts text mode */
    onInputFocus: () => mode === null && setMode("text"),
  };
}

export type NinoPanelState = ReturnType<typeof useNinoPanel>;
