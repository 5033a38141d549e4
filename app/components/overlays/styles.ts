import { buttonClass, type Size } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";

const sizes: Record<Size, string> = {
  sm: "min-h-11 px-4 text-sm",
  md: "min-h-12 px-5 text-base",
  lg: "min-h-14 px-7 text-lg",
};

/**
 * The overlays' main action: the shared button's shape with a deep coral fill. White on coral-dark is
 * 5.4:1 (WCAG AA for body-size text); white on the lighter coral is only 3.5:1.
 */
export function strongButton(size: Size = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full bg-coral-dark font-semibold text-white shadow-sm transition-colors hover:bg-[#9c3721] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum disabled:cursor-not-allowed disabled:opacity-60",
    sizes[size],
    extra,
  );
}

export function softButton(size: Size = "md", extra?: string) {
  return buttonClass("secondary", size, extra);
}

/** A round icon-only button with a 44 px tap target. */
export const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-ink/5 hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";
