import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass, ButtonLink } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { PurchasesNav } from "~/components/purchases/PurchaseUi";
import { Alert, Card, Note, PurchaseFrame } from "./CheckoutUi";

export interface SubscriptionRow {
  id: string;
  planName: string;
  /** e.g. "£12.99 a month" */
  price: string;
  /** e.g. "4 credits a month" */
  credits: string;
  /** the state in words */
  status: string;
  /** "Renews on …", "Ends on …", "Ended on …" (null while it starts) */
  when: string | null;
  canCancel: boolean;
  canResume: boolean;
}

export interface SubscriptionsAnswer {
  formError?: string;
  notice?: string;
  /** the subscription the notice is about */
  subscriptionId?: string;
}

export function SubscriptionList({ subscriptions, answer }: { subscriptions: SubscriptionRow[]; answer: SubscriptionsAnswer | undefined }) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.formError) alertRef.current?.focus();
  }, [answer]);
  return (
    <PurchaseFrame
      eyebrow="Your account"
      title="My subscriptions"
      lede="What each subscription costs, what it gives you, and when it renews. Cancel or resume here."
    >
      <PurchasesNav />
      {answer?.formError ? (
        <Alert ref={alertRef} testId="subscriptions-alert">
          <p>{answer.formError}</p>
        </Alert>
      ) : null}
      {subscriptions.length === 0 ? (
        <Card testId="subscriptions-empty">
          <h2 className="text-xl font-semibold text-ink">You have no subscription</h2>
          <p className="mt-2 leading-relaxed text-ink-soft">A subscription brings new credits every month, for a new storybook whenever you like.</p>
          <ButtonLink to="/pricing" size="lg" className="mt-5 w-full sm:w-auto">
            See our plans and prices
          </ButtonLink>
        </Card>
      ) : (
        <ul className="grid gap-5">
          {subscriptions.map((s) => (
            <li key={s.id}>
              <SubscriptionCard subscription={s} notice={answer?.subscriptionId === s.id ? answer.notice : undefined} />
            </li>
          ))}
        </ul>
      )}
    </PurchaseFrame>
  );
}

function SubscriptionCard({ subscription: s, notice }: { subscription: SubscriptionRow; notice: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("subscriptionId") === s.id;
  const titleId = `subscription-${s.id}`;
  return (
    <Card labelledBy={titleId} testId="subscription">
      {notice ? (
        <div className="mb-4">
          <Note testId="subscription-notice">{notice}</Note>
        </div>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-2xl font-semibold text-ink">
          {s.planName}
        </h2>
        <p
          className={cn(
            "rounded-full px-3 py-1 text-sm font-semibold",
            s.canCancel ? "bg-mint-soft text-ink" : s.canResume ? "bg-sun-soft text-ink" : "bg-ink/5 text-ink-soft",
          )}
          data-testid="subscription-status"
        >
          {s.status}
        </p>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-ink-soft">Price</dt>
          <dd className="text-lg font-semibold text-ink">{s.price}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-soft">Credits</dt>
          <dd className="text-lg font-semibold text-ink">{s.credits}</dd>
        </div>
        {s.when ? (
          <div>
            <dt className="text-sm font-semibold text-ink-soft">Period</dt>
            <dd className="text-lg font-semibold text-ink" data-testid="subscription-when">
              {s.when}
            </dd>
          </div>
        ) : null}
      </dl>
      {s.canCancel || s.canResume ? (
        <Form method="post" className="mt-5">
          <input type="hidden" name="subscriptionId" value={s.id} />
          {s.canCancel ? (
            <>
              <p className="mb-3 text-sm leading-relaxed text-ink-soft">
                Cancelling stops the next payment. The subscription runs to the end of the period you paid for, and your credits stay yours.
              </p>
              <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
                Cancel at the end of the period
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="resume" disabled={busy} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
              Resume
            </button>
          )}
        </Form>
      ) : null}
    </Card>
  );
}
