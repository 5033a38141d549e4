/** Nino's panel's buttons: big and friendly, every tap target at least 48 px. */
export const btn = {
  primary:
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-coral px-5 font-bold text-white shadow-sm hover:bg-coral-dark disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
  secondary:
    "inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-ink/15 bg-paper px-5 font-bold text-ink hover:border-plum/40 hover:bg-lavender-soft disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
  icon: "inline-flex shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5 aria-pressed:bg-lavender-soft focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
};
