import { Link } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { forwardRef, useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * The one frame of every account page: a warm card in the middle of the page with an emoji badge,
 * the page's heading (the h1) and a short line under it, the form or the message, and the links
 * that lead on (sign up, sign in) under the card.
 */
export function AuthCard({
  icon,
  tint = "bg-peach",
  title,
  intro,
  footer,
  focusTitle = false,
  children,
  testId,
}: {
  /** an emoji, decorative */
  icon: string;
  /** the badge's background (a Tailwind class) */
  tint?: string;
  title: string;
  intro?: ReactNode;
  footer?: ReactNode;
  /** a result page (sent, signed out): focus moves to the heading, so a screen reader reads it first */
  focusTitle?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle, title]);
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -left-24 -top-24 h-72 w-72 rounded-full bg-sun/25 blur-3xl" />
        <div className="absolute -right-20 top-40 h-80 w-80 rounded-full bg-lavender/25 blur-3xl" />
        <div className="absolute bottom-0 left-1/3 h-64 w-64 rounded-full bg-mint/20 blur-3xl" />
      </div>
      <div className="relative mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <section aria-labelledby="auth-title" className="rounded-[2rem] bg-paper p-6 shadow-lg ring-1 ring-ink/5 sm:p-8" data-testid={testId}>
          <p aria-hidden="true" className={cn("flex h-16 w-16 items-center justify-center rounded-full text-3xl", tint)}>
            {icon}
          </p>
          <h1 id="auth-title" ref={heading} tabIndex={-1} className="mt-4 text-3xl font-semibold text-ink focus:outline-none sm:text-[2rem]">
            {keepHyphenatedWhole(title)}
          </h1>
          {intro ? <div className="mt-2 leading-relaxed text-ink-soft">{intro}</div> : null}
          {children ? <div className="mt-6">{children}</div> : null}
        </section>
        {footer ? <div className="mt-6 flex flex-col items-center gap-1 text-center text-ink-soft">{footer}</div> : null}
      </div>
    </div>
  );
}

/** A hyphenated word ("e-mail", "sign-in") stays on one line: a heading never ends a line with "e-". */
function keepHyphenatedWhole(title: string): ReactNode {
  return title.split(/(\S+-\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A link in running text. */
export const textLink = "font-semibold text-plum underline underline-offset-2 hover:text-ink";

/** A link on its own line under the card: a 44 px tall target. */
export function FooterLink({ to, children, lead }: { to: string; children: ReactNode; lead?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-1.5">
      {lead ? <span>{lead}</span> : null}
      <Link to={to} className={cn(textLink, "inline-flex min-h-11 items-center")}>
        {children}
      </Link>
    </p>
  );
}

/**
 * The form's error summary: what went wrong for the form as a whole, or that fields need a look. It
 * takes focus (from useAuthForm) when no single field is at fault, so it is read out at once.
 */
export const FormAlert = forwardRef<HTMLDivElement, { children: ReactNode; testId?: string }>(function FormAlert({ children, testId = "auth-alert" }, ref) {
  return (
    <Alert ref={ref} testId={testId} className="mb-5 focus-visible:outline-3 focus-visible:outline-plum">
      {children}
    </Alert>
  );
});

/** Good news in the card (an e-mail was sent again, a password was changed). */
export function Notice({ children, testId = "auth-notice" }: { children: ReactNode; testId?: string }) {
  return (
    <div role="status" className="mb-5 flex gap-3 rounded-2xl border-2 border-mint bg-mint-soft p-4 text-ink" data-testid={testId}>
      <span aria-hidden="true" className="text-xl">
        🌱
      </span>
      <div className="leading-relaxed">{children}</div>
    </div>
  );
}

/** "or", between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm font-semibold text-ink-soft" role="presentation">
      <span className="h-px flex-1 bg-ink/15" />
      or
      <span className="h-px flex-1 bg-ink/15" />
    </div>
  );
}
