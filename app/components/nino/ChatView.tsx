import { cn } from "~/components/ui/cn";
import { MicIcon, SendIcon, StopIcon } from "~/components/ui/icons";
import { NINO_LIMITS } from "~/domain/nino/types";
import { MessageBubble } from "./MessageBubble";
import { btn } from "./panel-styles";
import { StartScreen } from "./StartScreen";
import type { NinoPanelState } from "./useNinoPanel";

/**
 * The conversation: the start screen, the messages, Nino thinking, quick replies; then, at the
 * foot, the story buttons on the creation page, the voice controls in voice mode, and the message box.
 */
export function ChatView({ panel, onCreationPage }: { panel: NinoPanelState; onCreationPage: boolean }) {
  const { conn, settings, mode, voice } = panel;
  const name = conn.childName;
  const last = conn.messages.length > 0 ? conn.messages[conn.messages.length - 1] : null;
  return (
    <>
      <div ref={panel.listRef} className="flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        {mode === null ? (
          <StartScreen
            name={name}
            voiceOff={!settings.voiceEnabled}
            onVoice={panel.startVoice}
            onText={panel.startText}
            onStop={panel.stopAll}
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
        <div
          role="log"
          aria-live="polite"
          aria-label="Conversation with Nino"
          className="flex flex-col gap-3"
          data-testid="nino-log"
          data-flow={conn.flow ?? undefined}
          data-step={conn.step ?? undefined}
        >
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
              <button key={s} type="button" className={cn(btn.secondary, "min-h-11 px-4 text-[0.95rem]")} onClick={() => panel.chooseSuggestion(s)}>
                {s}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {onCreationPage ? (
        <div className="flex gap-2 border-t-2 border-lavender-soft bg-paper px-3 pt-3 sm:px-4" role="group" aria-label="Your story">
          <button type="button" className={cn(btn.secondary, "flex-1 px-3")} onClick={panel.startOver} disabled={conn.link !== "open"}>
            <span aria-hidden="true">↺</span> Start Over
          </button>
          <button type="button" className={cn(btn.primary, "flex-1 px-3")} onClick={panel.createNow} data-testid="nino-create-now">
            <span aria-hidden="true">📖</span> Create Story Now
          </button>
        </div>
      ) : null}

      {mode === "voice" ? (
        <div
          className="flex items-center gap-3 border-t-2 border-lavender-soft bg-lavender-soft/60 px-3 py-3 sm:px-4"
          role="group"
          aria-label="Voice controls"
          data-testid="nino-voice-bar"
        >
          <button
            type="button"
            className={cn(btn.primary, "min-h-14 flex-1 text-lg", voice.listening && "bg-plum hover:bg-plum")}
            aria-pressed={voice.listening}
            onClick={panel.toggleListening}
          >
            <MicIcon />
            {voice.listening ? "Listening…" : "Tap to talk"}
          </button>
          <button
            type="button"
            className={cn(btn.secondary, "min-h-14")}
            onClick={() => panel.leaveVoice("Okay! Voice is off. You can type to me here.")}
            aria-label="Stop voice mode"
          >
            <StopIcon /> Stop
          </button>
        </div>
      ) : null}

      <form
        onSubmit={panel.onSubmit}
        className="flex items-center gap-2 border-t-2 border-lavender-soft bg-paper px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4 sm:rounded-bl-[2rem]"
      >
        <button
          type="button"
          className={cn(btn.icon, "size-12 bg-lavender-soft text-plum")}
          aria-label={mode === "voice" ? (voice.listening ? "Stop listening" : "Listen") : "Talk with your voice"}
          aria-pressed={mode === "voice" && voice.listening}
          onClick={() => (mode === "voice" ? panel.toggleListening() : panel.startVoice())}
          disabled={!settings.voiceEnabled}
        >
          <MicIcon />
        </button>
        <label htmlFor="nino-input" className="sr-only">
          Your message to Nino
        </label>
        <input
          ref={panel.inputRef}
          id="nino-input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={NINO_LIMITS.maxMessageChars}
          value={panel.draft}
          onChange={(e) => panel.setDraft(e.target.value)}
          onFocus={panel.onInputFocus}
          disabled={conn.thinking}
          placeholder={conn.thinking ? "Nino is thinking..." : `Type your message, ${name}...`}
          className="min-h-12 min-w-0 flex-1 rounded-full border-2 border-ink/15 bg-cream px-4 text-base text-ink placeholder:text-ink-soft focus:border-plum focus:outline-none disabled:opacity-70"
        />
        <button
          type="submit"
          className={cn(btn.icon, "size-12 bg-coral text-white hover:bg-coral-dark disabled:opacity-50")}
          aria-label="Send message"
          disabled={conn.thinking || panel.draft.trim() === ""}
        >
          <SendIcon />
        </button>
      </form>
    </>
  );
}
