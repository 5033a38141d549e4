import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * The pieces the purchase pages share: the page's frame (a soft header, then cards), a card, a note
 * that something worked or is under way, and an alert that takes the focus.
 */
export function PurchaseFrame({ eyebrow, title, lede, children }: { eyebrow: string; title: string; lede?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -left-24 -top-24 h-72 w-72 rounded-full bg-sun/25 blur-3xl" />
        <div className="absolute -right-20 top-24 h-80 w-80 rounded-full bg-lavender/25 blur-3xl" />
      </div>
      <div className="relative mx-auto max-w-2xl px-4 pb-14 pt-8 sm:px-6 sm:pt-12">
        <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">{eyebrow}</p>
        <h1 className="mt-1 text-3xl font-semibold leading-tight text-ink sm:text-4xl">{title}</h1>
        {lede ? <div className="mt-3 max-w-prose text-lg leading-relaxed text-ink-soft">{lede}</div> : null}
        <div className="mt-6 grid gap-5">{children}</div>
      </div>
    </div>
  );
}

export function Card({ children, className, labelledBy, testId }: { children: ReactNode; className?: string; labelledBy?: string; testId?: string }) {
  return (
    <section aria-labelledby={labelledBy} className={cn("rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-7", className)} data-testid={testId}>
      {children}
    </section>
  );
}

/** A calm note (announced politely): something worked, or nothing happened. */
export function Note({ children, tone = "mint", testId }: { children: ReactNode; tone?: "mint" | "sun" | "sky"; testId?: string }) {
  const tones = { mint: "bg-mint-soft", sun: "bg-sun-soft", sky: "bg-sky-soft" };
  return (
    <div role="status" className={cn("rounded-2xl p-4 font-semibold leading-relaxed text-ink", tones[tone])} data-testid={testId}>
      {children}
    </div>
  );
}

/** A problem with the page or its form; with JavaScript it takes the focus when it appears. */
export { Alert } from "~/components/ui/Alert";

export const linkClass = "font-semibold text-plum underline underline-offset-2 hover:text-ink";
