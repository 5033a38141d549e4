import type { CSSProperties, ReactNode } from "react";
import { safeThemeColor } from "~/components/layout/ThemeCard";
import { cn } from "~/components/ui/cn";
import { FORM_LIMITS } from "~/domain/story/form-limits";
import type { ThemeTemplate } from "~/domain/story/themes";
import { ErrorText, Field, fieldIds } from "~/components/ui/Field";
import { CheckIcon } from "~/components/ui/icons";
import { inputClass } from "./fields";
import { OTHER_THEME } from "./values";

/**
 * The theme cards: the templates and "Something else" (a theme of the parent's own). Real radio
 * inputs, so the group is one tab stop, arrow keys choose, and it posts without JavaScript.
 */
export function ThemePicker({
  themes,
  value,
  other,
  onChange,
  onOtherChange,
  error,
  otherError,
  showOther,
}: {
  themes: readonly ThemeTemplate[];
  value: string;
  other: string;
  onChange: (value: string) => void;
  onOtherChange: (value: string) => void;
  error?: string;
  otherError?: string;
  /** the typed theme's box: always there without JavaScript, with it only for 'Something else' */
  showOther: boolean;
}) {
  const { errorId, describedBy } = fieldIds("story", "themeChoice", false, error);
  return (
    <div>
      <fieldset aria-describedby={describedBy}>
        <legend className="sr-only">Theme</legend>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {themes.map((t) => (
            <ThemeOption
              key={t.themeId}
              name="themeChoice"
              value={t.theme}
              checked={value === t.theme}
              onChange={onChange}
              color={t.color}
              invalid={Boolean(error)}
              errorId={errorId}
            >
              <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-[color-mix(in_srgb,var(--theme)_18%,white)] text-3xl">
                {t.emoji}
              </span>
              <span className="mt-2 block font-display text-lg font-semibold leading-tight">{t.title}</span>
              <span className="mt-1 block text-sm font-semibold text-ink-soft">Ages {t.ageRange.replace(/\s*-\s*/, "–")}</span>
            </ThemeOption>
          ))}
          <ThemeOption
            name="themeChoice"
            value={OTHER_THEME}
            checked={value === OTHER_THEME}
            onChange={onChange}
            color="#5b3fa6"
            invalid={Boolean(error)}
            errorId={errorId}
            dashed
          >
            <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-lavender-soft text-3xl">
              ✨
            </span>
            <span className="mt-2 block font-display text-lg font-semibold leading-tight">Something else</span>
            <span className="mt-1 block text-sm font-semibold text-ink-soft">Your own theme</span>
          </ThemeOption>
        </div>
      </fieldset>
      {error ? (
        <ErrorText id={errorId} field="themeChoice">
          {error}
        </ErrorText>
      ) : null}
      {showOther ? (
        <div className="mt-5 rounded-3xl bg-lavender-soft/60 p-4 sm:p-5">
          <Field
            idPrefix="story"
            name="themeOther"
            label="Your theme, in a word or two"
            hint={<>For &lsquo;Something else&rsquo;: dinosaurs, a first day at school, a new baby sister, a trip to the zoo…</>}
            error={otherError}
          >
            {(a) => (
              <input
                {...a}
                type="text"
                value={other}
                onChange={(e) => onOtherChange(e.target.value)}
                maxLength={FORM_LIMITS.theme + 20}
                autoComplete="off"
                className={cn(inputClass, "min-h-13", a.className)}
              />
            )}
          </Field>
        </div>
      ) : null}
    </div>
  );
}

function ThemeOption({
  name,
  value,
  checked,
  onChange,
  color,
  invalid,
  errorId,
  dashed,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  color: string;
  invalid: boolean;
  errorId: string | undefined;
  dashed?: boolean;
  children: ReactNode;
}) {
  const style = { "--theme": safeThemeColor(color) } as CSSProperties;
  return (
    <label className="relative block" style={style} data-theme-option={value}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={errorId}
        className="peer sr-only"
      />
      <span
        className={cn(
          "relative flex h-full min-h-36 cursor-pointer select-none flex-col rounded-3xl border-2 bg-paper p-4 text-ink transition",
          "hover:-translate-y-0.5 hover:shadow-card peer-checked:border-[var(--theme)] peer-checked:bg-[color-mix(in_srgb,var(--theme)_8%,white)] peer-checked:shadow-card",
          "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum",
          dashed ? "border-dashed" : "",
          invalid ? "border-coral-dark" : "border-ink/10",
        )}
      >
        {children}
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-3 grid size-7 scale-50 place-items-center rounded-full bg-[var(--theme)] text-white opacity-0 transition peer-checked:scale-100 peer-checked:opacity-100"
      >
        <CheckIcon className="size-4" strokeWidth={3.1} />
      </span>
    </label>
  );
}
