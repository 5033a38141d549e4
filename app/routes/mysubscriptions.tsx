import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SubscriptionList, type SubscriptionRow, type SubscriptionsAnswer } from "~/components/checkout/SubscriptionList";
import { pageMeta } from "~/domain/content/meta";
import { creditsText, longDate, subscriptionIsRunning, subscriptionStatusText } from "~/domain/pricing/checkout";
import type { SubscriptionView } from "~/services/payments/payments.server";
import { assertSameOrigin } from "~/routes/auth.server";
import { asCheckoutError, PRIVATE_HEADERS, requireBuyer } from "~/routes/purchase.server";

export const meta: MetaFunction = () => [
  ...pageMeta("My subscriptions", "Your StoryNest subscriptions: what they cost, what they give, and when they renew."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

/** What every subscription shows, whatever its state. */
const basics = (s: SubscriptionView) => ({ id: s.id, planName: s.planName, price: `${s.price} a month`, credits: `${creditsText(s.credits)} a month` });

/** What the page shows of one subscription. */
function row(s: SubscriptionView): SubscriptionRow {
  // A second subscription paid all the same never ran: it was cancelled and refunded at once.
  if (s.duplicate) return { ...basics(s), status: "Cancelled and refunded: you already had this subscription", when: null, canCancel: false, canResume: false };
  const running = subscriptionIsRunning(s.status);
  const end = longDate(s.currentPeriodEnd);
  return {
    ...basics(s),
    status: subscriptionStatusText(s.status, s.cancelAtPeriodEnd),
    when: running ? (s.cancelAtPeriodEnd ? `Ends on ${end}` : `Renews on ${end}`) : s.status === "pending" ? null : `Ended on ${end}`,
    canCancel: running && !s.cancelAtPeriodEnd,
    canResume: running && s.cancelAtPeriodEnd,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const buyer = requireBuyer(request, context);
  const subscriptions = await context.services.payments.subscriptions(buyer.owner);
  return data({ subscriptions: subscriptions.map(row) }, { headers: PRIVATE_HEADERS });
}

const formSchema = z.object({
  intent: z.enum(["cancel", "resume"]),
  subscriptionId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
});

const NOT_FOUND = "We couldn't find that subscription. Here are the ones you have.";
const UNREADABLE = "We couldn't read that form. Please reload the page and try again.";
const answer = (body: SubscriptionsAnswer, status = 200) => data<SubscriptionsAnswer>(body, { status, headers: PRIVATE_HEADERS });

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const buyer = requireBuyer(request, context);
  const form = await request.formData().catch(() => null);
  const parsed = formSchema.safeParse(form ? { intent: form.get("intent"), subscriptionId: form.get("subscriptionId") } : null);
  // An id that is not one of this parent's subscriptions is answered as if it did not exist.
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "intent")) return answer({ formError: UNREADABLE }, 400);
    return answer({ formError: NOT_FOUND }, 404);
  }
  const cancel = parsed.data.intent === "cancel";
  try {
    const updated = await context.services.payments.setCancelAtPeriodEnd(parsed.data.subscriptionId, buyer.owner, cancel);
    if (!updated) return answer({ formError: NOT_FOUND }, 404);
    const end = longDate(updated.currentPeriodEnd);
    return answer({
      subscriptionId: updated.id,
      notice: cancel
        ? `Your ${updated.planName} will end on ${end}. Until then it stays as it is, and the credits you have are yours to keep.`
        : `Your ${updated.planName} goes on: it renews on ${end}.`,
    });
  } catch (error) {
    const refused = asCheckoutError(error);
    if (!refused) throw error;
    return answer({ formError: refused.message }, refused.status);
  }
}

export default function MySubscriptions() {
  const { subscriptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <SubscriptionList subscriptions={subscriptions} answer={actionData} />;
}
