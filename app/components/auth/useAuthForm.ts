import { useEffect, useRef, useState, type FormEvent } from "react";
import { fieldErrors } from "~/domain/validation";

/** A form field's errors, by the field's name. */
export type AuthFieldErrors = Partial<Record<string, string>>;

/**
 * What an account page's action answers when it does not redirect: the form's message, the fields'
 * messages and the values to show again (never a password), plus what the page shows next.
 */
export interface AuthActionData {
  formError: string | null;
  fieldErrors: AuthFieldErrors;
  values: Partial<Record<string, string>>;
  /** sign-in: the password was right but the address is not confirmed yet */
  unconfirmedEmail?: string;
  /** a new confirmation link went to this address */
  resentTo?: string;
  /** sign-up's "check your inbox" step, shown again with a failed resend's message */
  sentTo?: string;
  /** an e-mailed link that no longer works */
  linkInvalid?: boolean;
  /** complete-profile: the change came within a minute of the last one and was not saved */
  ignored?: boolean;
}

/** The parse of a zod schema as field errors (null when the form is good): the browser's own check. */
export function schemaCheck(schema: {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}) {
  return (form: FormData): AuthFieldErrors | null => {
    const result = schema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
    return result.success ? null : fieldErrors(result.error);
  };
}

/** The message above a form whose fields are at fault. */
export function fieldsSummary(errors: AuthFieldErrors): string | null {
  const n = Object.values(errors).filter(Boolean).length;
  if (n === 0) return null;
  return n === 1 ? "Please check the field marked below." : "A few things need a second look. Please check the fields marked below.";
}

/**
 * An account form's errors and focus. The server's answer (or the browser's own check, when
 * JavaScript runs) marks the fields; focus then moves to the first field at fault, or to the error
 * summary when the form as a whole failed, so a keyboard or screen-reader user lands on the problem.
 */
export function useAuthForm({ actionData, check }: { actionData: AuthActionData | undefined; check?: (form: FormData) => AuthFieldErrors | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<AuthFieldErrors | null>(null);

  useEffect(() => {
    setClientErrors(null);
    if (!actionData || (!actionData.formError && Object.keys(actionData.fieldErrors).length === 0)) return;
    focusFirstError(formRef.current, alertRef.current);
  }, [actionData]);

  const errors: AuthFieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  const formError = clientErrors ? null : (actionData?.formError ?? null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!check) return;
    const form = event.currentTarget;
    const found = check(new FormData(form));
    if (!found) {
      setClientErrors(null);
      return; // Remix sends it; the server checks again.
    }
    event.preventDefault();
    setClientErrors(found);
    // the marks render first, then focus moves to the first of them
    requestAnimationFrame(() => focusFirstError(form, null));
  }

  // Once a field shows an error, checking again as the person types lets the message go away.
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!check || !errors[name]) return;
    const found = check(new FormData(event.currentTarget)) ?? {};
    const next = { ...errors };
    if (found[name]) next[name] = found[name];
    else delete next[name];
    setClientErrors(next);
  }

  return { formRef, alertRef, errors, formError, summary: formError ?? fieldsSummary(errors), onSubmit, onChange };
}

function focusFirstError(form: HTMLFormElement | null, alert: HTMLElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  (field ?? alert)?.focus();
}

/** True once React runs in the browser: controls that need JavaScript (show password) appear only then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
