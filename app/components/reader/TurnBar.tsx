import type { MouseEvent } from "react";
import { cn } from "~/components/ui/cn";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";

const turnButton =
  "inline-flex min-h-14 min-w-14 shrink-0 max-lg:landscape:min-h-11 items-center justify-center gap-2 rounded-full px-4 text-lg font-bold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum sm:px-6 aria-disabled:cursor-not-allowed aria-disabled:opacity-45";

export interface TurnButtonProps {
  type: "submit" | "button";
  form: string;
  name: string;
  value: string;
  "aria-disabled": boolean;
  onClick(e: MouseEvent): void;
}

/**
 * Previous, the counter and Next. Below the wide layout it floats at the bottom of the window while
 * the book is in view, above the dock (the status, Nino, the cookie banner: --dock-h).
 */
export function TurnBar({
  prev,
  next,
  label,
  progress,
  className,
  aboveDock,
}: {
  prev: TurnButtonProps;
  next: TurnButtonProps;
  label: { short: string; spoken: string };
  progress: number;
  className: string;
  aboveDock: boolean;
}) {
  return (
    <nav
      aria-label="Turn the pages"
      className={cn(
        "sticky z-20 mx-auto mt-2 flex w-full shrink-0 items-center justify-between gap-3 rounded-full bg-paper/95 p-1.5 shadow-lift ring-1 ring-ink/5 backdrop-blur max-lg:landscape:p-1 lg:static lg:mt-4 lg:bg-transparent lg:p-0 lg:shadow-none lg:ring-0 lg:backdrop-blur-none",
        aboveDock ? "bottom-[calc(var(--dock-h,0px)+0.5rem)]" : "bottom-2",
        className,
      )}
    >
      <button {...prev} aria-label="Previous page" className={cn(turnButton, "border-2 border-ink/15 bg-paper text-ink hover:border-ink/30")}>
        <ChevronLeftIcon />
        <span>Previous</span>
      </button>
      <div className="flex min-w-0 flex-1 flex-col items-center gap-1.5">
        {/* one line always: "10 / 24" never breaks */}
        <p className="font-display text-lg font-semibold whitespace-nowrap text-ink tabular-nums" data-testid="page-indicator">
          <span className="sr-only">{label.spoken}</span>
          <span aria-hidden="true">{label.short}</span>
        </p>
        <div className="h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-ink/10 max-lg:landscape:hidden" aria-hidden="true">
          <div className="h-full rounded-full bg-coral transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${progress * 100}%` }} />
        </div>
      </div>
      <button {...next} aria-label="Next page" className={cn(turnButton, "bg-coral-dark text-white shadow-sm hover:bg-[#873019]")}>
        <span>Next</span>
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
