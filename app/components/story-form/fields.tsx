import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { groupedCount } from "~/domain/dates";
import { ErrorText, fieldIds } from "~/components/ui/Field";

export const inputClass =
  "block w-full rounded-2xl border-2 bg-cream/50 px-4 text-[1.0625rem] text-ink placeholder:text-ink-soft/80 transition-colors focus:border-plum focus:bg-paper focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

/** A character count that turns to a warning near the limit; shown only once JavaScript runs. */
export function Counter({ value, max, show }: { value: string; max: number; show: boolean }) {
  if (!show) return null;
  const n = value.length;
  return (
    <span className={cn("shrink-0 text-sm tabular-nums", n > max ? "font-bold text-coral-dark" : n > max * 0.9 ? "font-semibold text-ink" : "text-ink-soft")}>
      {groupedCount(n)} / {groupedCount(max)}
    </span>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
}

/**
 * A row of large radio "chips": real radio inputs (arrow keys move between them, and they post
 * without JavaScript), drawn as rounded buttons.
 */
export function ChoiceChips({
  name,
  legend,
  hint,
  choices,
  value,
  onChange,
  error,
  columns,
  idPrefix,
}: {
  name: string;
  legend: string;
  hint?: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  columns: string;
  /** each radio's id is `{idPrefix}-{value}`, for links and focus */
  idPrefix: string;
}) {
  const { hintId, errorId, describedBy } = fieldIds("story", name, Boolean(hint), error);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-[1.0625rem] font-bold text-ink">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-[0.95rem] text-ink-soft">
          {hint}
        </p>
      ) : null}
      <div className={cn("mt-2 grid gap-2", columns)}>
        {choices.map((c) => (
          <label key={c.value} className="relative">
            <input
              type="radio"
              id={`${idPrefix}-${c.value}`}
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              className="peer sr-only"
            />
            <span
              className={cn(
                "flex min-h-12 cursor-pointer select-none items-center justify-center rounded-2xl border-2 px-3 text-center font-bold text-ink transition-colors",
                "hover:border-plum/50 hover:bg-lavender-soft peer-checked:border-plum peer-checked:bg-plum peer-checked:text-white",
                "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum",
                error ? "border-coral-dark bg-paper" : "border-ink/15 bg-cream/50",
              )}
            >
              {c.label}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <ErrorText id={errorId} field={name}>
          {error}
        </ErrorText>
      ) : null}
    </fieldset>
  );
}

/** One step of the form: a card with its number and title. */
export function Section({ id, step, title, intro, children }: { id: string; step: number; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-[1.75rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-7">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-coral font-display text-lg font-semibold text-white">
          {step}
        </span>
        <h2 id={`${id}-title`} className="min-w-0 text-[1.55rem] font-semibold leading-tight text-ink sm:text-[1.75rem]">
          <span className="sr-only">Step {step}: </span>
          {title}
        </h2>
      </div>
      {intro ? <p className="mt-2 text-ink-soft sm:pl-13">{intro}</p> : null}
      <div className="mt-6 grid gap-6">{children}</div>
    </section>
  );
}
