import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

const TONES = {
  peach: "bg-peach",
  sky: "bg-sky-soft",
  mint: "bg-mint-soft",
  lavender: "bg-lavender-soft",
  sun: "bg-sun-soft",
} as const;

export type Tone = keyof typeof TONES;

interface ContentPageProps {
  eyebrow: string;
  title: string;
  lede: ReactNode;
  tone?: Tone;
  /** e.g. "Last updated 1 November 2026" for the legal pages. */
  updated?: string;
  /** A decorative drawing shown next to the title on wide screens. */
  art?: ReactNode;
  /** An "on this page" list for long pages. */
  contents?: ReadonlyArray<{ id: string; label: string }>;
  /** Set false when the children bring their own cards (the FAQ). */
  card?: boolean;
  children: ReactNode;
}

/** The frame of every information page: a soft coloured header, then the text on a paper card. */
export function ContentPage({ eyebrow, title, lede, tone = "peach", updated, art, contents, card = true, children }: ContentPageProps) {
  return (
    <article>
      <header className={cn(TONES[tone], "relative overflow-hidden")}>
        <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-20 size-72 rounded-full bg-white/40" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-10 size-56 rounded-full bg-white/30" />
        <div className="relative mx-auto max-w-3xl px-4 pb-16 pt-10 sm:px-6 sm:pb-20 sm:pt-14">
          <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">{eyebrow}</p>
          <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{title}</h1>
          <div className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-soft sm:text-xl">{lede}</div>
          {updated && <p className="mt-4 text-sm font-semibold text-ink-soft">{updated}</p>}
        </div>
        {art && (
          <div
            className="pointer-events-none absolute top-1/2 hidden -translate-y-1/2 rounded-full bg-white/60 p-5 shadow-card xl:block"
            style={{ right: "max(1.5rem, calc(50% - 35rem))" }}
          >
            {art}
          </div>
        )}
      </header>
      <div className={cn("relative mx-auto max-w-3xl px-3 pb-12 sm:px-6", card ? "-mt-8" : "pt-10")}>
        {contents && contents.length > 0 && (
          <nav aria-label="On this page" className="relative mb-4 rounded-3xl bg-paper p-5 shadow-card sm:p-6">
            <h2 className="font-display text-lg font-semibold">On this page</h2>
            <ol className="mt-2 grid gap-x-6 sm:grid-cols-2">
              {contents.map((c, i) => (
                <li key={c.id}>
                  <a href={`#${c.id}`} className="flex min-h-11 items-center gap-2 font-semibold text-coral-dark underline-offset-4 hover:underline">
                    <span className="w-5 text-right text-sm text-ink-soft">{i + 1}.</span>
                    {c.label}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {card ? (
          <div className="prose-story relative rounded-[2rem] bg-paper px-5 py-8 shadow-card sm:px-10 sm:py-10">{children}</div>
        ) : (
          <div className="relative">{children}</div>
        )}
      </div>
    </article>
  );
}

/** A titled section of an information page; its id is the anchor used by the contents list. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="[&+&]:mt-10 [&>*+*]:mt-[1.1em]">
      <h2 id={`${id}-title`} className="mt-0">
        {title}
      </h2>
      {children}
    </section>
  );
}
