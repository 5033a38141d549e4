import { useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/auth/forms";
import { useHydrated } from "./useAuthForm";

/**
 * The account forms' controls, named and marked up for password managers: `email` (autocomplete
 * email, or username beside a new password), `password` / `currentPassword` (current-password),
 * `password` on sign-up and `newPassword` (new-password, with the length rules as attributes so a
 * generated password fits).
 */
export const authInputClass =
  "block min-h-13 w-full rounded-2xl border-2 bg-cream/50 px-4 text-base text-ink placeholder:text-ink-soft/70 transition-colors focus:border-plum focus:bg-paper focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

export function EmailField({
  idPrefix,
  error,
  defaultValue,
  label = "E-mail address",
  hint,
}: {
  idPrefix: string;
  error?: string;
  defaultValue?: string;
  label?: string;
  hint?: ReactNode;
}) {
  return (
    <Field idPrefix={idPrefix} size="md" required name="email" label={label} hint={hint} error={error}>
      {(a) => (
        <input
          {...a}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          defaultValue={defaultValue}
          className={cn(authInputClass, a.className)}
        />
      )}
    </Field>
  );
}

type PasswordName = "password" | "currentPassword" | "newPassword";

export function PasswordField({
  idPrefix,
  name,
  label,
  autoComplete,
  hint,
  error,
}: {
  idPrefix: string;
  name: PasswordName;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
  error?: string;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const isNew = autoComplete === "new-password";
  return (
    <Field idPrefix={idPrefix} size="md" required name={name} label={label} hint={hint} error={error}>
      {(a) => (
        <div className="relative">
          <input
            {...a}
            type={shown ? "text" : "password"}
            autoComplete={autoComplete}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            minLength={isNew ? PASSWORD_MIN : undefined}
            maxLength={isNew ? PASSWORD_MAX : 1024}
            className={cn(authInputClass, hydrated ? "pr-24" : null, a.className)}
          />
          {/* Showing the password needs JavaScript, so the button appears only once it runs. */}
          {hydrated ? (
            <button
              type="button"
              aria-controls={a.id}
              onClick={() => setShown((s) => !s)}
              className="absolute right-1.5 top-1/2 inline-flex min-h-11 -translate-y-1/2 items-center rounded-xl px-3 text-sm font-semibold text-plum hover:bg-lavender-soft"
            >
              {shown ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

export function TextField({
  idPrefix,
  name,
  label,
  autoComplete,
  maxLength,
  defaultValue,
  error,
  hint,
}: {
  idPrefix: string;
  name: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  defaultValue?: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field idPrefix={idPrefix} size="md" required name={name} label={label} hint={hint} error={error}>
      {(a) => (
        <input {...a} type="text" autoComplete={autoComplete} maxLength={maxLength} defaultValue={defaultValue} className={cn(authInputClass, a.className)} />
      )}
    </Field>
  );
}

/**
 * The account's address for password managers, beside a new password (reset, change): they file the
 * new password under this name. Read-only, and hidden from sight and from assistive technology.
 */
export function UsernameField({ email }: { email: string }) {
  return (
    <input
      type="email"
      name="username"
      autoComplete="username"
      value={email}
      readOnly
      tabIndex={-1}
      aria-hidden="true"
      className="sr-only"
      data-testid="auth-username"
    />
  );
}

/** The form's main button: full width, and busy (disabled) while the form is on its way. */
export function SubmitButton({
  children,
  busy,
  busyLabel,
  name,
  value,
  variant = "primary",
}: {
  children: ReactNode;
  busy: boolean;
  busyLabel: string;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary";
}) {
  return (
    <button type="submit" name={name} value={value} disabled={busy} className={buttonClass(variant, "lg", "w-full")}>
      {busy ? (
        <>
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-current/30 border-t-current" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
