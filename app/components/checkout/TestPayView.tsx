import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { Alert } from "./CheckoutUi";

export interface TestPayPageData {
  session: {
    id: string;
    mode: "payment" | "subscription";
    status: "open" | "complete" | "expired";
    productName: string;
    quantity: number;
    interval: string | null;
    customerEmail: string | null;
    successUrl: string;
    cancelUrl: string;
  };
  /** the amount to pay, formatted in its currency */
  total: string;
  cards: { succeeds: string; declined: string; confirm: string };
}

/** What the test checkout's action answers when the parent stays on the page. */
export interface TestPayAnswer {
  error?: string;
  /** the field the error belongs to */
  field?: "card";
  /** the card needs the bank's confirmation: the second step */
  step?: "confirm";
}

const CARD_WORDS: { key: keyof TestPayPageData["cards"]; label: string }[] = [
  { key: "succeeds", label: "Pays at once" },
  { key: "declined", label: "Is declined" },
  { key: "confirm", label: "Asks for the bank's confirmation" },
];

export function TestPayView({ page, answer }: { page: TestPayPageData; answer: TestPayAnswer | undefined }) {
  const { session } = page;
  return (
    <div className="min-h-[70vh] bg-[repeating-linear-gradient(135deg,var(--color-sun-soft)_0_24px,var(--color-cream)_24px_48px)] px-3 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <p
          className="mx-auto flex w-fit items-center gap-2 rounded-full border-2 border-ink/80 bg-sun px-4 py-1.5 text-sm font-bold uppercase tracking-wide text-ink"
          data-testid="test-pay-banner"
        >
          <span aria-hidden="true">🧪</span> Test payment — no real money moves
        </p>
        <div className="mt-6 grid overflow-hidden rounded-[2rem] bg-paper shadow-card ring-1 ring-ink/10 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <Summary page={page} />
          <div className="p-5 sm:p-8">
            {session.status === "open" ? (
              <PaySteps page={page} answer={answer} />
            ) : session.status === "complete" ? (
              <Closed title="This payment is done" link={session.successUrl} linkText="Back to StoryNest">
                It was paid already. Nothing more will be charged.
              </Closed>
            ) : (
              <Closed title="This checkout is closed" link={session.cancelUrl} linkText="Back to StoryNest">
                Nothing was charged. You can start again from StoryNest.
              </Closed>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function Summary({ page }: { page: TestPayPageData }) {
  const { session } = page;
  return (
    <section aria-labelledby="summary-title" className="bg-night p-5 text-white sm:p-8">
      <p className="text-sm font-semibold uppercase tracking-wider text-white/80">StoryNest · test checkout</p>
      <h1 id="summary-title" className="mt-2 text-2xl font-semibold">
        {session.productName}
      </h1>
      <dl className="mt-5 grid gap-3 text-white/90">
        <div className="flex justify-between gap-4">
          <dt>Quantity</dt>
          <dd className="font-semibold" data-testid="test-pay-quantity">
            {session.quantity}
          </dd>
        </div>
        {session.customerEmail ? (
          <div className="flex justify-between gap-4">
            <dt>E-mail</dt>
            <dd className="min-w-0 break-all text-right font-semibold">{session.customerEmail}</dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 border-t border-white/25 pt-3">
          <dt className="text-lg">{session.mode === "subscription" ? `Total, then each ${session.interval ?? "month"}` : "Total"}</dt>
          <dd className="text-3xl font-semibold text-white" data-testid="test-pay-total">
            {page.total}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function PaySteps({ page, answer }: { page: TestPayPageData; answer: TestPayAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [card, setCard] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const cardError = answer?.field === "card" ? answer.error : undefined;
  const formError = answer?.error && !cardError ? answer.error : undefined;

  useEffect(() => setHydrated(true), []);
  // With JavaScript, the answer takes the focus: the card field at fault, the alert, or the bank's step.
  useEffect(() => {
    if (answer?.step === "confirm") confirmRef.current?.focus();
    else if (cardError) cardRef.current?.focus();
    else if (formError) alertRef.current?.focus();
  }, [answer, cardError, formError]);

  if (answer?.step === "confirm") {
    return (
      <section aria-labelledby="bank-title" data-testid="test-pay-bank">
        <p aria-hidden="true" className="text-4xl">
          🏦
        </p>
        <h2 id="bank-title" ref={confirmRef} tabIndex={-1} className="mt-3 text-2xl font-semibold text-ink focus:outline-none">
          Your bank asks you to confirm this payment
        </h2>
        <p className="mt-2 leading-relaxed text-ink-soft">
          A real bank would ask in its app or by a text message. Here, choose what the bank hears: {page.total} to StoryNest.
        </p>
        <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
          <button type="submit" name="intent" value="confirm" disabled={busy} className={buttonClass("primary", "lg", "w-full")}>
            Confirm payment
          </button>
          <button type="submit" name="intent" value="refuse" disabled={busy} className={buttonClass("secondary", "lg", "w-full")}>
            Refuse
          </button>
        </Form>
      </section>
    );
  }

  return (
    <section aria-labelledby="pay-title">
      <h2 id="pay-title" className="text-2xl font-semibold text-ink">
        Pay with a test card
      </h2>
      <p className="mt-1 leading-relaxed text-ink-soft">No real card works here. Use one of these:</p>
      <ul className="mt-4 grid gap-2" aria-label="Test cards">
        {CARD_WORDS.map(({ key, label }) => (
          <li key={key} className="flex items-center justify-between gap-3 rounded-2xl bg-cream py-2.5 pl-4 pr-2">
            <span className="min-w-0">
              <span className="block whitespace-nowrap font-mono text-[0.95rem] font-semibold text-ink sm:text-base sm:tracking-wide">{page.cards[key]}</span>
              <span className="text-sm text-ink-soft">{label}</span>
            </span>
            {hydrated ? (
              <button
                type="button"
                onClick={() => setCard(page.cards[key])}
                className={buttonClass("ghost", "sm", "shrink-0 px-3 text-plum underline underline-offset-2")}
              >
                Use<span className="sr-only"> this card: {label.toLowerCase()}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {formError ? (
        <div className="mt-5">
          <Alert ref={alertRef} testId="test-pay-alert">
            <p>{formError}</p>
          </Alert>
        </div>
      ) : null}
      <Form method="post" noValidate className="mt-5 grid gap-4">
        <Field
          idPrefix="test-pay"
          size="md"
          required
          name="card"
          label="Card number"
          hint="Any expiry date and security code would do: this page asks for neither."
          error={cardError}
        >
          {(a) => (
            <input
              {...a}
              ref={cardRef}
              type="text"
              inputMode="numeric"
              autoComplete="cc-number"
              spellCheck={false}
              placeholder="4242 4242 4242 4242"
              value={card}
              onChange={(e) => setCard(e.target.value)}
              className={cn(
                "block min-h-13 w-full rounded-2xl border-2 bg-cream/50 px-4 font-mono text-lg tracking-wide text-ink placeholder:text-ink-soft/60 focus:border-plum focus:bg-paper focus:outline-none",
                a.className,
              )}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="pay" disabled={busy} className={buttonClass("primary", "lg", "w-full")}>
          {busy ? "Paying…" : `Pay ${page.total}`}
        </button>
      </Form>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass("ghost", "md", "w-full")}>
          Cancel and go back
        </button>
      </Form>
    </section>
  );
}

function Closed({ title, link, linkText, children }: { title: string; link: string; linkText: string; children: ReactNode }) {
  return (
    <section aria-labelledby="closed-title">
      <h2 id="closed-title" className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">{children}</p>
      <a href={link} className={buttonClass("primary", "lg", "mt-6 w-full")}>
        {linkText}
      </a>
    </section>
  );
}
