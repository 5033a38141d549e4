import { cn } from "~/components/ui/cn";
import { MicIcon, StopIcon } from "~/components/ui/icons";
import { NinoAvatar } from "./NinoAvatar";
import { btn } from "./panel-styles";

/** How the chat starts: Nino says hello (or welcome back) and offers voice or typing. */
export function StartScreen({
  name,
  voiceOff,
  onVoice,
  onText,
  onStop,
  hasHistory,
}: {
  name: string;
  voiceOff: boolean;
  onVoice: () => void;
  onText: () => void;
  onStop: () => void;
  hasHistory: boolean;
}) {
  return (
    <section aria-labelledby="nino-start-title" className="mb-5 rounded-[1.75rem] bg-paper p-5 text-center shadow-card" data-testid="nino-start">
      <NinoAvatar mood="excited" className="mx-auto size-28" />
      <h2 id="nino-start-title" className="mt-1 font-display text-2xl font-semibold text-ink">
        {hasHistory ? `Welcome back, ${name}!` : `Hi ${name}! I'm Nino.`}
      </h2>
      <p className="mx-auto mt-1 max-w-xs text-ink-soft">
        {hasHistory
          ? "Shall we keep going? Talk to me or type, whichever you like."
          : "I love making up stories, playing games and listening. How would you like to talk?"}
      </p>
      <div className="mt-4 grid gap-2">
        <button
          type="button"
          className={cn(btn.primary, "min-h-14 text-lg")}
          onClick={onVoice}
          disabled={voiceOff}
          aria-describedby={voiceOff ? "nino-voice-off" : undefined}
        >
          <MicIcon /> Start Voice Conversation
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
          <StopIcon /> Stop Processing
        </button>
      </div>
    </section>
  );
}
