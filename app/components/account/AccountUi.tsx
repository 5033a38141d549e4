import { NavLink } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { forwardRef, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { cn } from "~/components/ui/cn";

/**
 * What an account page's action answers: which form it was (`intent`), and the errors beside its
 * fields, a problem with the form as a whole, or a note that it worked. One page holds several
 * forms; each shows only the answer to itself.
 */
export interface AccountActionData {
  intent: string;
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  notice?: string;
  /** what the parent typed, shown again beside an error */
  values?: Record<string, string>;
  /** "Delete my account": the first post asks for the confirmation */
  step?: "confirm-delete";
}

/** The answer to the form `intent`, or undefined when the last answer was to another form. */
export function answerTo(data: AccountActionData | undefined, ...intents: string[]): AccountActionData | undefined {
  return data && intents.includes(data.intent) ? data : undefined;
}

export const inputClass =
  "block min-h-13 w-full rounded-2xl border-2 bg-cream/50 px-4 text-base text-ink placeholder:text-ink-soft/70 transition-colors focus:border-plum focus:bg-paper focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

/** The account pages (profile, account and security, children, privacy), one link each: the page you are on is marked. (data-hydrated: the page's script runs.) */
export function AccountNav() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "inline-flex min-h-11 items-center rounded-full px-5 font-semibold transition-colors",
      isActive ? "bg-ink text-white" : "bg-paper text-ink ring-1 ring-ink/10 hover:bg-cream",
    );
  return (
    <nav aria-label="Your account" className="mb-6 flex flex-wrap gap-2" data-hydrated={hydrated ? "true" : undefined}>
      <NavLink to="/profile" className={link} end>
        Profile
      </NavLink>
      <NavLink to="/myaccount" className={link} end>
        Account and security
      </NavLink>
      <NavLink to="/myaccount/children" className={link}>
        Children
      </NavLink>
      <NavLink to="/profile/privacy" className={link} end>
        Privacy
      </NavLink>
    </nav>
  );
}

/** One titled card of an account page. */
export function AccountCard({
  id,
  title,
  intro,
  children,
  tone = "paper",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "paper" | "danger";
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn("rounded-[2rem] p-5 shadow-card ring-1 sm:p-8 [&+&]:mt-6", tone === "danger" ? "bg-paper ring-coral-dark/25" : "bg-paper ring-ink/5")}
    >
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      {intro ? <div className="mt-2 max-w-prose leading-relaxed text-ink-soft">{intro}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A note that something worked (announced politely). */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="status" className="mb-4 rounded-2xl bg-mint-soft p-4 font-semibold text-ink" data-testid={testId}>
      {children}
    </p>
  );
}

/** A problem with a form as a whole; it takes the focus when it appears (see useFocusFirstError). */
export const FormAlert = forwardRef<HTMLDivElement, { children: ReactNode; testId?: string }>(function FormAlert({ children, testId }, ref) {
  return (
    <Alert ref={ref} testId={testId} icon="✏️" className="mb-4">
      {children}
    </Alert>
  );
});

/**
 * With JavaScript, after the server answers a form: the focus goes to the first field at fault (in
 * the form's order), else to the form's alert, so a keyboard or screen-reader user lands on it.
 */
export function useFocusFirstError(
  answer: Pick<AccountActionData, "fieldErrors" | "formError"> | undefined,
  form: RefObject<HTMLFormElement | null>,
  alert?: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    if (!answer) return;
    const names = Object.keys(answer.fieldErrors ?? {});
    const controls = form.current ? Array.from(form.current.elements) : [];
    const first = controls.find((el): el is HTMLInputElement => el instanceof HTMLElement && names.includes((el as HTMLInputElement).name));
    if (first) first.focus();
    else if (answer.formError) alert?.current?.focus();
  }, [answer, form, alert]);
}

/** The page's own alert (an answer not tied to one section's form): with JavaScript it takes the focus. */
export function usePageAlert(actionData: AccountActionData | undefined) {
  const alertRef = useRef<HTMLDivElement>(null);
  const general = answerTo(actionData, "form");
  useEffect(() => {
    if (general?.formError) alertRef.current?.focus();
  }, [general]);
  return { general, alertRef };
}
