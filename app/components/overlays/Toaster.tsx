import type { FocusEvent, KeyboardEvent } from "react";
import { cn } from "~/components/ui/cn";
import { CheckIcon, CloseIcon, InfoIcon, AlertIcon } from "~/components/ui/icons-core";
import { toast, useToasts, type Toast } from "./toast";

/**
 * Renders the one toast (see toast-queue.ts for the rules). Two live regions are always in the page,
 * polite for news and assertive for errors, so screen readers announce a toast when it appears.
 */
export function Toaster() {
  const { visible, leaving } = useToasts();
  const shown = visible ?? leaving;
  const polite = shown && shown.kind !== "error" ? shown : null;
  const urgent = shown && shown.kind === "error" ? shown : null;
  return (
    <section aria-label="Notifications" data-overlay="toasts" className="flex w-full flex-col items-center">
      <div aria-live="polite" aria-atomic="true" className="w-full max-w-md">
        {polite ? <ToastCard key={polite.id} toast={polite} /> : null}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="w-full max-w-md">
        {urgent ? <ToastCard key={urgent.id} toast={urgent} /> : null}
      </div>
    </section>
  );
}

const KIND_LOOK = {
  info: {
    card: "bg-paper text-ink border-ink/10",
    badge: "bg-lavender/50 text-plum",
    icon: <InfoIcon />,
    sub: "text-ink-soft",
    close: "text-ink-soft hover:bg-ink/5 hover:text-ink",
  },
  success: {
    card: "bg-paper text-ink border-ink/10",
    badge: "bg-mint/50 text-[#1c6b49]",
    icon: <CheckIcon />,
    sub: "text-ink-soft",
    close: "text-ink-soft hover:bg-ink/5 hover:text-ink",
  },
  error: {
    card: "bg-[#b42318] text-white border-[#912018]",
    badge: "bg-white/20 text-white",
    icon: <AlertIcon />,
    sub: "text-white/90",
    close: "text-white/90 hover:bg-white/15 hover:text-white",
  },
} as const;

function ToastCard({ toast: t }: { toast: Toast }) {
  const look = KIND_LOOK[t.kind];
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) toast.resume();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") toast.dismiss(t.id);
  };
  // A leaving toast fades for a moment while it is already hidden from screen readers: its buttons
  // are disabled at once, so nothing hidden can take the keyboard's focus or a click.
  const leaving = !t.open;
  return (
    <div
      data-testid="toast"
      data-kind={t.kind}
      data-state={t.open ? "open" : "closed"}
      aria-hidden={t.open ? undefined : true}
      onMouseEnter={() => toast.pause()}
      onMouseLeave={() => toast.resume()}
      onFocus={() => toast.pause()}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-3 pr-2 shadow-lg transition-[opacity,translate,visibility] duration-300 starting:-translate-y-3 starting:opacity-0 motion-reduce:transition-none",
        look.card,
        !t.open && "pointer-events-none invisible -translate-y-3 opacity-0",
      )}
    >
      <span className={cn("mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full", look.badge)}>{look.icon}</span>
      <div className="min-w-0 flex-1 py-1">
        <p className="font-semibold leading-snug">{t.title}</p>
        {t.description ? <p className={cn("mt-0.5 text-[0.95rem] leading-snug", look.sub)}>{t.description}</p> : null}
        {t.action ? (
          <button
            type="button"
            disabled={leaving}
            onClick={() => {
              t.action?.onClick();
              toast.dismiss(t.id);
            }}
            className={cn(
              "mt-2 inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2",
              t.kind === "error"
                ? "bg-white text-[#912018] hover:bg-red-50 focus-visible:outline-white"
                : "bg-plum text-white hover:bg-ink focus-visible:outline-plum",
            )}
          >
            {t.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        disabled={leaving}
        onClick={() => toast.dismiss(t.id)}
        className={cn(
          "inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-current",
          look.close,
        )}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
