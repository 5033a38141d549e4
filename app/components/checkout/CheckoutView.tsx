import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass, ButtonLink } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { creditsText } from "~/domain/pricing/checkout";
import type { Market } from "~/domain/pricing/markets";
import { formatPrice } from "~/domain/pricing/prices";
import { Alert, Card, linkClass, Note, PurchaseFrame } from "./CheckoutUi";

export interface CheckoutPlan {
  id: string;
  kind: "credit_pack" | "subscription";
  name: string;
  description: string;
  credits: number;
  interval: "month" | "year" | null;
  amountMinor: number;
  currencyCode: string;
  formatted: string;
  perCredit: string;
}

export interface CheckoutPageData {
  cancelled: boolean;
  plan: CheckoutPlan;
  market: Pick<Market, "currencyCode" | "currencySymbol" | "name">;
  quantity: number;
  maxQuantity: number;
  available: boolean;
  providerText: string | null;
  balance: number;
}

/** What the checkout's action answers when it does not send the parent on to pay. */
export interface CheckoutActionData {
  formError?: string;
  /** the payment service's reason (e.g. "price-changed", "already-subscribed") */
  code?: string;
  fieldErrors?: { quantity?: string };
  /** the quantity as posted, shown again beside its error */
  quantity?: string;
}

const CANCELLED = "You left the payment page. Nothing was charged.";

export function CheckoutView({ page, answer }: { page: CheckoutPageData; answer: CheckoutActionData | undefined }) {
  const { plan } = page;
  const subscription = plan.kind === "subscription";
  return (
    <PurchaseFrame
      eyebrow="Checkout"
      title={subscription ? `Subscribe to ${plan.name}` : `Buy the ${plan.name}`}
      lede="Check what you are buying, then continue to the payment page."
    >
      {page.cancelled ? <Note testId="checkout-cancelled">{CANCELLED}</Note> : null}
      <PlanCard plan={plan} balance={page.balance} />
      {page.available ? (
        <CheckoutForm page={page} answer={answer} />
      ) : (
        <Card testId="checkout-unavailable">
          <h2 className="text-xl font-semibold text-ink">Payments are not available right now</h2>
          <p className="mt-2 leading-relaxed text-ink-soft">
            Nothing can be bought here at the moment, and nothing will be charged. Please come back later, or{" "}
            <Link to="/contact" className={linkClass}>
              write to us
            </Link>
            .
          </p>
        </Card>
      )}
    </PurchaseFrame>
  );
}

function PlanCard({ plan, balance }: { plan: CheckoutPlan; balance: number }) {
  const subscription = plan.kind === "subscription";
  return (
    <Card labelledBy="plan-title" testId="checkout-plan">
      <h2 id="plan-title" className="text-2xl font-semibold text-ink">
        {plan.name}
      </h2>
      <p className="mt-1 leading-relaxed text-ink-soft">{plan.description}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-semibold text-ink" data-testid="checkout-unit-price">
          {plan.formatted}
        </span>
        <span className="font-semibold text-ink-soft">{subscription ? `a ${plan.interval ?? "month"}` : "a pack"}</span>
      </p>
      <ul className="mt-5 grid gap-2 text-ink">
        <li className="flex gap-3">
          <span aria-hidden="true">📚</span>
          <span>
            <strong>{creditsText(plan.credits)}</strong>
            {subscription ? ` every ${plan.interval ?? "month"}` : " per pack"}: one credit makes one storybook ({plan.perCredit} a book).
          </span>
        </li>
        {subscription ? (
          <li className="flex gap-3">
            <span aria-hidden="true">🗓️</span>
            <span>Renews each {plan.interval ?? "month"}. Cancel whenever you like: it then ends at the end of the period you paid for.</span>
          </li>
        ) : (
          <li className="flex gap-3">
            <span aria-hidden="true">⏳</span>
            <span>Credits never run out: use them whenever you like.</span>
          </li>
        )}
        <li className="flex gap-3">
          <span aria-hidden="true">🪙</span>
          <span data-testid="checkout-balance">You have {creditsText(balance)} now.</span>
        </li>
      </ul>
    </Card>
  );
}

function CheckoutForm({ page, answer }: { page: CheckoutPageData; answer: CheckoutActionData | undefined }) {
  const { plan } = page;
  const subscription = plan.kind === "subscription";
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [hydrated, setHydrated] = useState(false);
  const [quantityText, setQuantityText] = useState(answer?.quantity ?? String(page.quantity));
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const quantityError = answer?.fieldErrors?.quantity;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (answer?.quantity !== undefined) setQuantityText(answer.quantity);
  }, [answer]);
  // With JavaScript, the answer's problem takes the focus: the quantity field, or the alert.
  useEffect(() => {
    if (!answer) return;
    const quantity = formRef.current?.elements.namedItem("quantity");
    if (answer.fieldErrors?.quantity && quantity instanceof HTMLInputElement && quantity.type !== "hidden") quantity.focus();
    else if (answer.formError) alertRef.current?.focus();
  }, [answer]);

  const quantity = /^\d{1,3}$/.test(quantityText) && Number(quantityText) >= 1 && Number(quantityText) <= page.maxQuantity ? Number(quantityText) : null;
  const total = quantity === null ? null : formatPrice(plan.amountMinor * quantity, page.market);
  const step = (by: number) => setQuantityText(String(Math.min(page.maxQuantity, Math.max(1, (quantity ?? page.quantity) + by))));

  return (
    <Card labelledBy="pay-title">
      <h2 id="pay-title" className="sr-only">
        Your order
      </h2>
      {answer?.formError ? (
        <div className="mb-5">
          <Alert ref={alertRef} testId="checkout-alert">
            <p>{answer.formError}</p>
            {answer.code === "already-subscribed" ? (
              <p className="mt-1">
                <Link to="/mysubscriptions" className={linkClass}>
                  Go to My subscriptions
                </Link>
              </p>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <Form ref={formRef} method="post" noValidate className="grid gap-5" aria-labelledby="pay-title">
        <input type="hidden" name="plan" value={plan.id} />
        <input type="hidden" name="amountMinor" value={plan.amountMinor} />
        <input type="hidden" name="currencyCode" value={plan.currencyCode} />
        {subscription ? (
          <input type="hidden" name="quantity" value="1" />
        ) : (
          <Field idPrefix="checkout" size="md" required name="quantity" label="How many packs?" hint={`From 1 to ${page.maxQuantity}.`} error={quantityError}>
            {(a) => (
              <div className="flex items-center gap-2">
                {hydrated ? (
                  <button type="button" className={buttonClass("secondary", "md", "w-12 px-0 text-xl")} onClick={() => step(-1)} aria-label="One pack fewer">
                    −
                  </button>
                ) : null}
                <input
                  {...a}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={page.maxQuantity}
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.target.value)}
                  className={cn(
                    "block min-h-12 w-24 rounded-2xl border-2 bg-cream/50 px-4 text-center text-lg font-semibold text-ink focus:border-plum focus:bg-paper focus:outline-none",
                    a.className,
                  )}
                />
                {hydrated ? (
                  <button type="button" className={buttonClass("secondary", "md", "w-12 px-0 text-xl")} onClick={() => step(1)} aria-label="One pack more">
                    +
                  </button>
                ) : (
                  // Without JavaScript the total is worked out by the server: this shows it again for the number typed.
                  <button type="submit" formMethod="get" className={buttonClass("ghost", "sm", "underline")}>
                    Update the total
                  </button>
                )}
              </div>
            )}
          </Field>
        )}
        <div className="flex items-baseline justify-between gap-4 border-t-2 border-dashed border-ink/10 pt-4">
          <p className="text-lg font-semibold text-ink">{subscription ? "To pay now, then each month" : "Total"}</p>
          <p className="text-3xl font-semibold text-ink" data-testid="checkout-total" aria-live="polite">
            {total ?? "…"}
          </p>
        </div>
        <p className="-mt-3 text-sm text-ink-soft">
          {quantity !== null && !subscription ? `${creditsText(plan.credits * quantity)} in all. ` : null}
          You pay exactly this amount, in {plan.currencyCode}.
        </p>
        <button type="submit" disabled={sending} className={buttonClass("primary", "lg", "w-full")}>
          {sending ? (
            <>
              <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              Opening the payment page…
            </>
          ) : (
            "Continue to payment"
          )}
        </button>
        {page.providerText ? (
          <p className="flex items-center justify-center gap-2 text-center text-sm font-semibold text-ink-soft" data-testid="checkout-provider">
            <span aria-hidden="true">🔒</span>
            {page.providerText}
          </p>
        ) : null}
      </Form>
    </Card>
  );
}

/** No plan by that name is on sale (a 404 page with the way to the plans). */
export function UnknownPlan({ cancelled }: { cancelled: boolean }) {
  return (
    <PurchaseFrame eyebrow="Checkout" title="This plan is not on sale">
      {cancelled ? <Note>{CANCELLED}</Note> : null}
      <Card testId="checkout-unknown-plan">
        <p className="text-lg leading-relaxed text-ink-soft">
          We couldn't find the plan this link asks for. It may have ended, or the link may be incomplete. Nothing was charged.
        </p>
        <ButtonLink to="/pricing" size="lg" className="mt-5 w-full sm:w-auto">
          See our plans and prices
        </ButtonLink>
      </Card>
    </PurchaseFrame>
  );
}
