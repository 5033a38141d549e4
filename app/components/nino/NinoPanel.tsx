import * as Dialog from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { useRef, type RefObject } from "react";
import { cn } from "~/components/ui/cn";
import { CloseIcon, HelpIcon, MutedIcon, SettingsIcon, SoundIcon } from "~/components/ui/icons";
import { ChatView } from "./ChatView";
import { HelpView } from "./HelpView";
import { NinoAvatar } from "./NinoAvatar";
import { btn } from "./panel-styles";
import { SettingsView } from "./SettingsView";
import { useNinoPanel, type NinoPanelState } from "./useNinoPanel";
import { isCreationPage } from "./visibility";

/**
 * Nino's panel: a dialog at the side of the screen (the whole screen on a phone) with Nino's face and
 * state, the chat, his help and his settings.
 */
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
  const panel = useNinoPanel({ open, onOpenChange });
  const contentRef = useRef<HTMLDivElement>(null);
  const { view, setView, error } = panel;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/30 motion-safe:animate-[fade-in_200ms_ease-out]" />
        <Dialog.Content
          ref={contentRef}
          onKeyDown={panel.onKeyDown}
          onEscapeKeyDown={() => panel.stopAll()}
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
          <PanelHeader panel={panel} />

          {/* Errors are announced to screen readers as 'Error: {message}'. */}
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
            <SettingsView
              settings={panel.settings}
              onSave={(s) => {
                panel.saveSettings(s);
                setView("chat");
              }}
              onBack={() => setView("chat")}
            />
          ) : (
            <ChatView panel={panel} onCreationPage={isCreationPage(location.pathname)} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Nino's face and what he is doing, and the help, settings, mute and close buttons. */
function PanelHeader({ panel }: { panel: NinoPanelState }) {
  const { view, setView, settings } = panel;
  return (
    <header className="flex items-center gap-0.5 border-b-2 border-lavender-soft bg-paper px-3 py-2 sm:rounded-tl-[2rem] sm:px-4">
      <NinoAvatar mood={panel.mood} activity={panel.activity} className="size-14 shrink-0" />
      <div className="ml-1 min-w-0 flex-1">
        <Dialog.Title className="font-display text-2xl font-semibold leading-tight text-ink">Nino</Dialog.Title>
        <p className="truncate text-sm font-semibold text-ink-soft" data-testid="nino-status" aria-live="polite">
          {panel.status}
        </p>
      </div>
      <button
        type="button"
        className={cn(btn.icon, "size-11")}
        aria-label="Help and shortcuts"
        aria-pressed={view === "help"}
        onClick={() => setView(view === "help" ? "chat" : "help")}
      >
        <HelpIcon />
      </button>
      <button
        type="button"
        className={cn(btn.icon, "size-11")}
        aria-label="Settings"
        aria-pressed={view === "settings"}
        onClick={() => setView(view === "settings" ? "chat" : "settings")}
      >
        <SettingsIcon />
      </button>
      <button
        type="button"
        className={cn(btn.icon, "size-11")}
        aria-label={settings.muted ? "Unmute Nino" : "Mute Nino"}
        aria-pressed={settings.muted}
        onClick={panel.toggleMute}
      >
        {settings.muted ? <MutedIcon /> : <SoundIcon />}
      </button>
      <Dialog.Close className={cn(btn.icon, "size-11")} aria-label="Close Nino">
        <CloseIcon size={24} />
      </Dialog.Close>
    </header>
  );
}
