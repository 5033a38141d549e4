import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PurchaseResult, type PurchaseOutcome } from "~/components/checkout/PurchaseResult";
import { pageMeta } from "~/domain/content/meta";
import { isOrderId } from "~/domain/pricing/checkout";
import { PRIVATE_HEADERS, requireBuyer, siteOf } from "~/routes/purchase.server";

export const meta: MetaFunction = () => [...pageMeta("Your purchase", "Your StoryNest purchase."), { name: "robots", content: "noindex, nofollow" }];

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

/** How many times a page without JavaScript reloads itself while a payment is confirmed (every 2 s, about a minute). */
const MAX_RELOADS = 30;

/**
 * Where the payment provider sends the parent back after paying. The order is asked about again
 * each time (the provider's word races its webhook, and either one completes the order exactly
 * once), so reloading this page never adds credits twice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const buyer = requireBuyer(request, context);
  const query = new URL(request.url).searchParams;
  const orderId = query.get("order");
  // Someone else's order is answered exactly like one that does not exist.
  if (!isOrderId(orderId)) throw new Response("Not found", { status: 404 });
  const { payments } = context.services;
  const order = await payments.confirmOrder(orderId, buyer.owner, siteOf(request, context));
  if (!order) throw new Response("Not found", { status: 404 });

  const reloads = Math.min(MAX_RELOADS, Number(/^\d{1,3}$/.test(query.get("wait") ?? "") ? query.get("wait") : 0));
  let outcome: PurchaseOutcome;
  // A subscription's first credits come with its first invoice, a moment after the payment itself.
  // A second subscription to a plan the parent already had: cancelled and refunded, not a purchase.
  if (order.duplicateSubscription) outcome = "duplicate";
  else if (order.status === "pending" || (order.status === "paid" && order.creditsGranted === 0 && order.credits > 0)) outcome = "confirming";
  else if (order.status === "paid" || order.status === "refunded") outcome = "paid";
  else outcome = "not-paid";

  return data(
    {
      outcome,
      order: {
        id: order.id,
        number: order.number,
        status: order.status,
        total: order.total,
        description: order.items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.description}` : i.description)).join(", "),
        creditsGranted: order.creditsGranted,
        subscription: await isSubscriptionOrder(
          context,
          order.items.map((i) => i.planId),
        ),
      },
      balance: outcome === "paid" ? await payments.balance(buyer.owner) : null,
      // without JavaScript: the next automatic reload, until about a minute has passed
      nextReload: outcome === "confirming" && reloads < MAX_RELOADS ? `/checkout/success?order=${order.id}&wait=${reloads + 1}` : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

async function isSubscriptionOrder(context: LoaderFunctionArgs["context"], planIds: string[]): Promise<boolean> {
  const plans = await context.services.pricing.activePlans();
  return planIds.some((id) => plans.find((p) => p.id === id)?.kind === "subscription");
}

export default function CheckoutSuccess() {
  const page = useLoaderData<typeof loader>();
  return <PurchaseResult page={page} />;
}
