import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { Card, linkClass, PurchaseFrame } from "./CheckoutUi";

export type PurchaseOutcome = "confirming" | "paid" | "duplicate" | "not-paid";

export interface PurchaseResultData {
  outcome: PurchaseOutcome;
  order: { id: string; number: string; status: string; total: string; description: string; creditsGranted: number; subscription: boolean };
  balance: number | null;
  /** without JavaScript: where the page reloads itself next while the payment is confirmed (null: stop) */
  nextReload: string | null;
}

const TITLES: Record<PurchaseOutcome, string> = {
  paid: "Payment received",
  confirming: "Almost there",
  duplicate: "You already have this subscription",
  "not-paid": "No payment was taken",
};

/** How long the page keeps asking (once a second) before it says so calmly. */
const WAIT_MS = 60_000;

export function PurchaseResult({ page }: { page: PurchaseResultData }) {
  const { outcome, order } = page;
  const waitedOut = useConfirmationPolling(outcome === "confirming");
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(outcome);
  // When the payment is confirmed while the page waits, the news takes the focus (and is read out).
  useEffect(() => {
    if (first.current !== outcome) heading.current?.focus();
  }, [outcome]);

  return (
    <PurchaseFrame eyebrow={`Order ${order.number}`} title={TITLES[outcome]}>
      <Card testId="purchase-result">
        <div aria-live="polite">
          {outcome === "confirming" ? (
            <Confirming page={page} waitedOut={waitedOut || page.nextReload === null} />
          ) : outcome === "paid" ? (
            <Paid page={page} headingRef={heading} />
          ) : outcome === "duplicate" ? (
            <Duplicate page={page} headingRef={heading} />
          ) : (
            <NotPaid page={page} headingRef={heading} />
          )}
        </div>
      </Card>
    </PurchaseFrame>
  );
}

/** Asks the server again once a second while the payment is being confirmed; true once a minute has passed. */
function useConfirmationPolling(active: boolean): boolean {
  const revalidator = useRevalidator();
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > WAIT_MS) {
        setWaitedOut(true);
        clearInterval(timer);
      } else if (state.current === "idle") revalidate.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [active]);
  return waitedOut;
}

function Confirming({ page, waitedOut }: { page: PurchaseResultData; waitedOut: boolean }) {
  const { order } = page;
  if (waitedOut)
    return (
      <div data-testid="purchase-slow">
        <h2 className="text-2xl font-semibold text-ink">Your payment is still being confirmed</h2>
        <p className="mt-2 leading-relaxed text-ink-soft">
          This is taking longer than usual. There is nothing you need to do: as soon as the payment is confirmed, your credits are added and we send you an
          e-mail. You can check on it any time on your order's page.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={`/order/${order.id}`} size="lg">
            See your order
          </ButtonLink>
          <a href={`/checkout/success?order=${order.id}`} className="inline-flex min-h-12 items-center justify-center font-semibold text-plum underline">
            Check again
          </a>
        </div>
      </div>
    );
  return (
    <div data-testid="purchase-confirming">
      {page.nextReload ? (
        <noscript>
          <meta httpEquiv="refresh" content={`2;url=${page.nextReload}`} />
        </noscript>
      ) : null}
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="h-10 w-10 shrink-0 animate-spin rounded-full border-4 border-plum/20 border-t-plum" />
        <h2 className="text-2xl font-semibold text-ink">Confirming your payment…</h2>
      </div>
      <p className="mt-3 leading-relaxed text-ink-soft">
        {order.description}, {order.total}. This takes a few seconds: please keep this page open.
      </p>
      <p className="mt-4">
        <a href={page.nextReload ?? `/checkout/success?order=${order.id}`} className={linkClass}>
          Check again
        </a>
      </p>
    </div>
  );
}

function Paid({ page, headingRef }: { page: PurchaseResultData; headingRef: RefObject<HTMLHeadingElement> }) {
  const { order } = page;
  return (
    <div data-testid="purchase-paid">
      <p aria-hidden="true" className="text-5xl">
        🎉
      </p>
      <h2 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-semibold text-ink focus:outline-none" data-testid="purchase-thanks">
        {`Thank you! ${order.creditsGranted === 1 ? "1 credit was" : `${order.creditsGranted} credits were`} added. Your balance is now ${page.balance ?? 0}.`}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">
        {order.description}, {order.total}. We have sent you a receipt by e-mail.
        {order.subscription ? " New credits arrive at each renewal; you can cancel whenever you like." : null}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <ButtonLink to="/createstory" size="lg">
          Make a storybook
        </ButtonLink>
        <ButtonLink to={`/order/${order.id}`} variant="secondary" size="lg">
          See your order
        </ButtonLink>
      </div>
      {order.subscription ? (
        <p className="mt-4">
          <Link to="/mysubscriptions" className={linkClass}>
            Manage your subscription
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function Duplicate({ page, headingRef }: { page: PurchaseResultData; headingRef: RefObject<HTMLHeadingElement> }) {
  const { order } = page;
  return (
    <div data-testid="purchase-duplicate">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ink focus:outline-none">
        {order.status === "refunded" ? "This second payment was refunded in full." : "This second payment is being refunded in full."}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">
        {order.description}, {order.total}. You already had this subscription, so the second one was cancelled straight away: you pay for one.
      </p>
      <ButtonLink to="/mysubscriptions" size="lg" className="mt-6">
        See your subscription
      </ButtonLink>
    </div>
  );
}

function NotPaid({ page, headingRef }: { page: PurchaseResultData; headingRef: RefObject<HTMLHeadingElement> }) {
  const { order } = page;
  return (
    <div data-testid="purchase-not-paid">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ink focus:outline-none">
        {order.status === "cancelled" ? "This payment was cancelled." : "This payment did not go through."} Nothing was charged.
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">
        {order.description}, {order.total}. You can choose a plan again whenever you like, and your credits stay as they were.
      </p>
      <ButtonLink to="/pricing" size="lg" className="mt-6">
        See our plans and prices
      </ButtonLink>
    </div>
  );
}
