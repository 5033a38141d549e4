import * as Dialog from "@radix-ui/react-dialog";
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { ninoHandoffUrl } from "~/components/story-form/nino-prefill";
import { cn } from "~/components/ui/cn";
import type { AvatarActivity, Emotion, StoryData } from "~/domain/nino/types";
import { NINO_LIMITS } from "~/domain/nino/types";
import { BADGES, avatarMoodFor, badgeFor } from "./moods";
import { NinoAvatar } from "./NinoAvatar";
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_KEY, type NinoSettings } from "./session";
import { useNinoConnection, type PanelMessage } from "./useNinoConnection";
import { isCreationPage } from "./visibility";
import { VoiceEngine, type VoiceSnapshot } from "./voice/engine";

type Mode = "voice" | "text" | null;
type View = "chat" | "help" | "settings";

const ERROR_SHOWN_MS = 8000;

/** Big, friendly buttons: every tap target is at least 48 px. */
const btn = {
  primary:
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-coral px-5 font-bold text-white shadow-sm hover:bg-coral-dark disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
  secondary:
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-ink/15 bg-paper px-5 font-bold text-ink hover:border-plum/40 hover:bg-lavender-soft disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
  icon: "inline-flex shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5 aria-pressed:bg-lavender-soft focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
};

export const SHORTCUTS: readonly [string, string][] = [
  ["Enter", "Start talking"],
  ["Escape", "Stop and close"],
  ["Space", "Start or stop listening"],
  ["Ctrl + H", "This help"],
  ["Ctrl + S", "Settings"],
  ["Ctrl + M", "Mute or unmute Nino"],
  ["Ctrl + V", "Talk with your voice"],
  ["Ctrl + T", "Type messages"],
];

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}

function isControl(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (isTextField(el) || el.tagName === "BUTTON" || el.tagName === "A");
}

function loadSettings(): NinoSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export default function NinoPanel({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** where focus goes back to when the panel closes (the button that opened it) */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const onCreationPage = isCreationPage(location.pathname);
  const [settings, setSettings] = useState<NinoSettings>(DEFAULT_SETTINGS);
  useEffect(() => setSettings(loadSettings()), []);
  const saveSettings = useCallback((next: NinoSettings) => {
    setSettings(next);
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
    } catch {
      // private mode: the settings last for this visit
    }
  }, []);

  const [mode, setMode] = useState<Mode>(null);
  const [view, setView] = useState<View>("chat");
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [voice, setVoice] = useState<VoiceSnapshot>({ kind: "checking", active: false, listening: false, speaking: false, turn: "waiting" });
  const inputRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
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
          showError("I'm having trouble connecting. Let me try again in a moment.");
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
    else showError("I'm having trouble connecting. Let me try again in a moment.");
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
    if (!conn.send({ type: "start_over" })) showError("I'm having trouble connecting. Let me try again in a moment.");
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const key = event.key;
    if (event.ctrlKey && !event.altKey && !event.metaKey) {
      const k = key.toLowerCase();
      if (k === "v" && isTextField(event.target)) return; // paste stays paste
      const actions: Record<string, () => void> = {
        h: () => setView((v) => (v === "help" ? "chat" : "help")),
        s: () => setView((v) => (v === "settings" ? "chat" : "settings")),
        m: toggleMute,
        v: startVoice,
        t: startText,
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
      if (mode === null) {
        if (settings.voiceEnabled && voice.kind !== "none") startVoice();
        else startText();
      } else if (mode === "text") inputRef.current?.focus();
      else engineRef.current?.toggleListening();
      return;
    }
    if (key === " " && !isControl(event.target)) {
      event.preventDefault();
      if (mode !== "voice") startVoice();
      else engineRef.current?.toggleListening();
    }
  }

  const name = conn.childName;
  const last = conn.messages.length > 0 ? conn.messages[conn.messages.length - 1] : null;
  const lastNino = [...conn.messages].reverse().find((m) => m.type === "nino") ?? null;
  const complete = conn.step === "complete";
  const activity: AvatarActivity = conn.thinking ? "thinking" : conn.step === "art_style" || conn.step === "review" ? "drawing" : "idle";
  const mood = avatarMoodFor(lastNino?.emotion ?? null, complete);
  const status = useMemo(() => {
    if (conn.link !== "open") {
      if (conn.failures >= 3) return "Offline for now";
      return conn.link === "connecting" ? "Waking up…" : "Reconnecting…";
    }
    if (conn.thinking || conn.typing) return "Thinking…";
    if (voice.speaking) return "Speaking…";
    if (voice.listening) return "Listening…";
    if (mode === "voice") return voice.active ? "Your turn soon…" : "Voice is paused";
    return "Ready";
  }, [conn.link, conn.failures, conn.thinking, conn.typing, voice.speaking, voice.listening, voice.active, mode]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/30 motion-safe:animate-[fade-in_200ms_ease-out]" />
        <Dialog.Content
          ref={contentRef}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={() => stopAll()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const back = returnFocusTo?.current;
            if (back && back.isConnected) back.focus();
            else document.querySelector<HTMLElement>("[data-testid=nino-button]")?.focus();
          }}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            contentRef.current?.focus();
          }}
          aria-describedby={undefined}
          data-testid="nino-panel"
          className="fixed inset-y-0 right-0 z-[80] flex h-dvh w-full flex-col bg-cream shadow-2xl outline-none sm:w-[27rem] sm:rounded-l-[2rem] sm:border-l-4 sm:border-lavender motion-safe:animate-[fade-in_200ms_ease-out]"
        >
          <header className="flex items-center gap-0.5 border-b-2 border-lavender-soft bg-paper px-3 py-2 sm:rounded-tl-[2rem] sm:px-4">
            <NinoAvatar mood={mood} activity={activity} className="size-14 shrink-0" />
            <div className="ml-1 min-w-0 flex-1">
              <Dialog.Title className="font-display text-2xl font-semibold leading-tight text-ink">Nino</Dialog.Title>
              <p className="truncate text-sm font-semibold text-ink-soft" data-testid="nino-status" aria-live="polite">
                {status}
              </p>
            </div>
            <button type="button" className={cn(btn.icon, "size-11")} aria-label="Help and shortcuts" aria-pressed={view === "help"} onClick={() => setView(view === "help" ? "chat" : "help")}>
              <IconHelp />
            </button>
            <button type="button" className={cn(btn.icon, "size-11")} aria-label="Settings" aria-pressed={view === "settings"} onClick={() => setView(view === "settings" ? "chat" : "settings")}>
              <IconSettings />
            </button>
            <button type="button" className={cn(btn.icon, "size-11")} aria-label={settings.muted ? "Unmute Nino" : "Mute Nino"} aria-pressed={settings.muted} onClick={toggleMute}>
              {settings.muted ? <IconMuted /> : <IconSound />}
            </button>
            <Dialog.Close className={cn(btn.icon, "size-11")} aria-label="Close Nino">
              <IconClose />
            </Dialog.Close>
          </header>

          {/* Errors are announced to screen readers as 'Error: {message}' (spec point 8). */}
          <div aria-live="assertive" aria-atomic="true" className="px-4" data-testid="nino-error">
            {error ? (
              <p className="mt-3 rounded-2xl border-2 border-coral/40 bg-peach px-4 py-2 text-[0.95rem] font-semibold text-ink">
                <span className="sr-only">Error: </span>
                <span aria-hidden="true">🙈 </span>
                {error}
              </p>
            ) : null}
          </div>

          {view === "help" ? (
            <HelpView onBack={() => setView("chat")} />
          ) : view === "settings" ? (
            <SettingsView settings={settings} onSave={(s) => { saveSettings(s); setView("chat"); }} onBack={() => setView("chat")} />
          ) : (
            <>
              <div ref={listRef} className="flex-1 overflow-y-auto px-3 py-4 sm:px-4">
                {mode === null ? (
                  <StartScreen
                    name={name}
                    voiceOff={!settings.voiceEnabled}
                    onVoice={startVoice}
                    onText={startText}
                    onStop={stopAll}
                    hasHistory={conn.messages.some((m) => m.type === "user")}
                  />
                ) : null}
                {conn.link === "reconnecting" ? (
                  <div role="status" className="mb-3 flex items-center gap-3 rounded-2xl bg-sky-soft px-4 py-3 text-[0.95rem] text-ink" data-testid="nino-connection">
                    <span aria-hidden="true" className="text-xl">
                      {conn.failures >= 3 ? "📡" : "🪶"}
                    </span>
                    <p>
                      {conn.failures >= 3
                        ? "I can't reach you right now. Please check the internet connection. I'll keep trying, and our chat will be right here."
                        : "Oops, I lost you for a moment! Reconnecting…"}
                    </p>
                  </div>
                ) : null}
                <div role="log" aria-live="polite" aria-label="Conversation with Nino" className="flex flex-col gap-3" data-testid="nino-log" data-flow={conn.flow ?? undefined} data-step={conn.step ?? undefined}>
                  {conn.messages.map((m) => (
                    <MessageBubble key={m.id} message={m} />
                  ))}
                </div>
                {conn.typing || conn.thinking ? (
                  <p className="mt-3 flex items-center gap-2 pl-2 text-sm font-semibold text-ink-soft" data-testid="nino-thinking">
                    <span aria-hidden="true" className="inline-flex gap-1">
                      <span className="size-2 rounded-full bg-plum motion-safe:animate-pulse" />
                      <span className="size-2 rounded-full bg-plum motion-safe:animate-pulse [animation-delay:150ms]" />
                      <span className="size-2 rounded-full bg-plum motion-safe:animate-pulse [animation-delay:300ms]" />
                    </span>
                    Nino is thinking…
                  </p>
                ) : null}
                {last && last.type === "nino" && last.suggestions && last.suggestions.length > 0 && !conn.thinking ? (
                  <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick replies">
                    {last.suggestions.map((s) => (
                      <button key={s} type="button" className={cn(btn.secondary, "min-h-11 px-4 text-[0.95rem]")} onClick={() => chooseSuggestion(s)}>
                        {s}
                      </button>
                    ))}
                  </div>
                ) : null}
              </div>

              {onCreationPage ? (
                <div className="flex gap-2 border-t-2 border-lavender-soft bg-paper px-3 pt-3 sm:px-4" role="group" aria-label="Your story">
                  <button type="button" className={cn(btn.secondary, "flex-1 px-3")} onClick={startOver} disabled={conn.link !== "open"}>
                    <span aria-hidden="true">↺</span> Start Over
                  </button>
                  <button type="button" className={cn(btn.primary, "flex-1 px-3")} onClick={() => void conn.refresh().then(handOff)} data-testid="nino-create-now">
                    <span aria-hidden="true">📖</span> Create Story Now
                  </button>
                </div>
              ) : null}

              {mode === "voice" ? (
                <div className="flex items-center gap-3 border-t-2 border-lavender-soft bg-lavender-soft/60 px-3 py-3 sm:px-4" role="group" aria-label="Voice controls" data-testid="nino-voice-bar">
                  <button
                    type="button"
                    className={cn(btn.primary, "min-h-14 flex-1 text-lg", voice.listening && "bg-plum hover:bg-plum")}
                    aria-pressed={voice.listening}
                    onClick={() => engineRef.current?.toggleListening()}
                  >
                    <IconMic />
                    {voice.listening ? "Listening…" : "Tap to talk"}
                  </button>
                  <button type="button" className={cn(btn.secondary, "min-h-14")} onClick={() => leaveVoice("Okay! Voice is off. You can type to me here.")} aria-label="Stop voice mode">
                    <IconStop /> Stop
                  </button>
                </div>
              ) : null}

              <form onSubmit={onSubmit} className="flex items-center gap-2 border-t-2 border-lavender-soft bg-paper px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4 sm:rounded-bl-[2rem]">
                <button
                  type="button"
                  className={cn(btn.icon, "size-12 bg-lavender-soft text-plum")}
                  aria-label={mode === "voice" ? (voice.listening ? "Stop listening" : "Listen") : "Talk with your voice"}
                  aria-pressed={mode === "voice" && voice.listening}
                  onClick={() => (mode === "voice" ? engineRef.current?.toggleListening() : startVoice())}
                  disabled={!settings.voiceEnabled}
                >
                  <IconMic />
                </button>
                <label htmlFor="nino-input" className="sr-only">
                  Your message to Nino
                </label>
                <input
                  ref={inputRef}
                  id="nino-input"
                  type="text"
                  autoComplete="off"
                  enterKeyHint="send"
                  maxLength={NINO_LIMITS.maxMessageChars}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onFocus={() => mode === null && setMode("text")}
                  disabled={conn.thinking}
                  placeholder={conn.thinking ? "Nino is thinking..." : `Type your message, ${name}...`}
                  className="min-h-12 min-w-0 flex-1 rounded-full border-2 border-ink/15 bg-cream px-4 text-base text-ink placeholder:text-ink-soft focus:border-plum focus:outline-none disabled:opacity-70"
                />
                <button type="submit" className={cn(btn.icon, "size-12 bg-coral text-white hover:bg-coral-dark disabled:opacity-50")} aria-label="Send message" disabled={conn.thinking || draft.trim() === ""}>
                  <IconSend />
                </button>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StartScreen({ name, voiceOff, onVoice, onText, onStop, hasHistory }: { name: string; voiceOff: boolean; onVoice: () => void; onText: () => void; onStop: () => void; hasHistory: boolean }) {
  return (
    <section aria-labelledby="nino-start-title" className="mb-5 rounded-[1.75rem] bg-paper p-5 text-center shadow-card" data-testid="nino-start">
      <NinoAvatar mood="excited" className="mx-auto size-28" />
      <h2 id="nino-start-title" className="mt-1 font-display text-2xl font-semibold text-ink">
        {hasHistory ? `Welcome back, ${name}!` : `Hi ${name}! I'm Nino.`}
      </h2>
      <p className="mx-auto mt-1 max-w-xs text-ink-soft">
        {hasHistory ? "Shall we keep going? Talk to me or type, whichever you like." : "I love making up stories, playing games and listening. How would you like to talk?"}
      </p>
      <div className="mt-4 grid gap-2">
        <button type="button" className={cn(btn.primary, "min-h-14 text-lg")} onClick={onVoice} disabled={voiceOff} aria-describedby={voiceOff ? "nino-voice-off" : undefined}>
          <IconMic /> Start Voice Conversation
        </button>
        {voiceOff ? (
          <p id="nino-voice-off" className="text-sm text-ink-soft">
            Voice is turned off in settings.
          </p>
        ) : null}
        <button type="button" className={cn(btn.secondary, "min-h-14 text-lg")} onClick={onText}>
          <span aria-hidden="true">⌨️</span> Type Messages Instead
        </button>
        <button type="button" className={cn(btn.secondary, "border-transparent bg-transparent text-ink-soft")} onClick={onStop}>
          <IconStop /> Stop Processing
        </button>
      </div>
    </section>
  );
}

function MessageBubble({ message }: { message: PanelMessage }) {
  if (message.type === "user") {
    return (
      <div className="flex justify-end" data-testid="nino-user-message">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-3xl rounded-br-md bg-plum px-4 py-2.5 text-[1.02rem] leading-snug text-white">
          <span className="sr-only">You said: </span>
          {message.content}
        </p>
      </div>
    );
  }
  const badge = BADGES[badgeFor(message.emotion as Emotion)];
  return (
    <div className="flex items-end gap-2" data-testid="nino-message">
      <NinoAvatar mood={avatarMoodFor(message.emotion, false)} className="size-9 shrink-0" />
      <div className="max-w-[85%] rounded-3xl rounded-bl-md bg-paper px-4 py-2.5 shadow-card">
        <span className={cn("mb-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold", badge.className)} data-testid="nino-badge">
          <span aria-hidden="true">{badge.icon}</span>
          <span className="sr-only">Nino, </span>
          {badge.label}
        </span>
        <p className="whitespace-pre-wrap text-[1.02rem] leading-snug text-ink">{message.content}</p>
      </div>
    </div>
  );
}

function HelpView({ onBack }: { onBack: () => void }) {
  return (
    <section aria-labelledby="nino-help-title" className="flex-1 overflow-y-auto px-4 py-5" data-testid="nino-help">
      <h2 id="nino-help-title" className="font-display text-2xl font-semibold text-ink">
        How to talk with Nino
      </h2>
      <p className="mt-2 text-ink-soft">Talk with your voice, or type. Nino can help make up a story, play a learning game, or just listen.</p>
      <h3 className="mt-4 font-bold text-ink">Keyboard shortcuts</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded-lg border-2 border-ink/15 bg-paper px-2 py-0.5 font-mono text-sm font-bold">{keys}</kbd>
            </dt>
            <dd className="text-ink">{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={cn(btn.secondary, "mt-6")} onClick={onBack}>
        Back to Nino
      </button>
    </section>
  );
}

function SettingsView({ settings, onSave, onBack }: { settings: NinoSettings; onSave: (s: NinoSettings) => void; onBack: () => void }) {
  const [name, setName] = useState(settings.childName);
  const [age, setAge] = useState(settings.age ? String(settings.age) : "");
  const [muted, setMuted] = useState(settings.muted);
  const [voiceEnabled, setVoiceEnabled] = useState(settings.voiceEnabled);
  return (
    <form
      aria-labelledby="nino-settings-title"
      className="flex-1 overflow-y-auto px-4 py-5"
      data-testid="nino-settings"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ childName: name.trim().slice(0, 40), age: age ? Number(age) : null, muted, voiceEnabled });
      }}
    >
      <h2 id="nino-settings-title" className="font-display text-2xl font-semibold text-ink">
        Settings
      </h2>
      <div className="mt-4 grid gap-4">
        <div>
          <label htmlFor="nino-settings-name" className="font-bold text-ink">
            Child's name
          </label>
          <input
            id="nino-settings-name"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            placeholder="Friend"
            className="mt-1 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base focus:border-plum focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="nino-settings-age" className="font-bold text-ink">
            Age
          </label>
          <select
            id="nino-settings-age"
            value={age}
            onChange={(e) => setAge(e.target.value)}
            className="mt-1 block min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-paper px-4 text-base focus:border-plum focus:outline-none"
          >
            <option value="">Not saying</option>
            {Array.from({ length: 10 }, (_, i) => i + 3).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-ink-soft">Nino listens more patiently to younger children.</p>
        </div>
        <label className="flex min-h-12 items-center gap-3 font-bold text-ink">
          <input type="checkbox" className="size-6 accent-plum" checked={voiceEnabled} onChange={(e) => setVoiceEnabled(e.target.checked)} />
          Talk with voice
        </label>
        <label className="flex min-h-12 items-center gap-3 font-bold text-ink">
          <input type="checkbox" className="size-6 accent-plum" checked={muted} onChange={(e) => setMuted(e.target.checked)} />
          Mute Nino's voice
        </label>
      </div>
      <div className="mt-6 flex gap-2">
        <button type="submit" className={btn.primary}>
          Save
        </button>
        <button type="button" className={btn.secondary} onClick={onBack}>
          Cancel
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-soft">Settings stay on this device. Voice recordings are never stored.</p>
    </form>
  );
}

const svg = { viewBox: "0 0 24 24", width: 24, height: 24, fill: "none", stroke: "currentColor", strokeWidth: 2.2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const, "aria-hidden": true, focusable: false };
function IconMic() {
  return (
    <svg {...svg}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
function IconSend() {
  return (
    <svg {...svg}>
      <path d="M4 12l16-8-6 16-2.5-6.5z" />
    </svg>
  );
}
function IconStop() {
  return (
    <svg {...svg}>
      <rect x="6" y="6" width="12" height="12" rx="3" />
    </svg>
  );
}
function IconClose() {
  return (
    <svg {...svg}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
function IconHelp() {
  return (
    <svg {...svg}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
    </svg>
  );
}
function IconSettings() {
  return (
    <svg {...svg}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
    </svg>
  );
}
function IconSound() {
  return (
    <svg {...svg}>
      <path d="M4 10v4h4l5 4V6L8 10z" />
      <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </svg>
  );
}
function IconMuted() {
  return (
    <svg {...svg}>
      <path d="M4 10v4h4l5 4V6L8 10z" />
      <path d="M17 9l5 6M22 9l-5 6" />
    </svg>
  );
}
