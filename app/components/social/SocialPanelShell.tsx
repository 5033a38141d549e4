import type { ReactNode, Ref } from "react";

/** The reactions-and-comments section's frame and heading (shared by SocialPanel and the reader's placeholder for it). */
export function SocialPanelShell({ children, sectionRef }: { children: ReactNode; sectionRef?: Ref<HTMLElement> }) {
  return (
    <section
      ref={sectionRef}
      aria-labelledby="social-title"
      className="mx-auto mt-10 max-w-[64rem] rounded-[1.75rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8"
      data-testid="social-panel"
    >
      <h2 id="social-title" className="font-display text-2xl font-semibold text-ink">
        Reactions and comments
      </h2>
      {children}
    </section>
  );
}

/** What the section says while its reactions and comments are on their way. */
export function SocialPanelLoading() {
  return (
    <p className="mt-3 text-ink-soft" role="status">
      Loading reactions and comments…
    </p>
  );
}
