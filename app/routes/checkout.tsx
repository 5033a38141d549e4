import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutView, UnknownPlan, type CheckoutActionData, type CheckoutPlan } from "~/components/checkout/CheckoutView";
import { pageMeta } from "~/domain/content/meta";
import { checkoutFormSchema, isOrderId, paymentProviderText, quantityFromQuery, readCheckoutForm } from "~/domain/pricing/checkout";
import { fieldErrors } from "~/domain/validation";
import { MAX_PACK_QUANTITY } from "~/services/payments/payments.server";
import { assertSameOrigin } from "~/routes/auth.server";
import { asCheckoutError, PRIVATE_HEADERS, requireBuyer, siteOf } from "~/routes/purchase.server";
import { recordActivity } from "~/services/analytics/record.server";

export const meta: MetaFunction = () => [...pageMeta("Checkout", "Buy credits for StoryNest storybooks."), { name: "robots", content: "noindex, nofollow" }];

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

const UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const buyer = requireBuyer(request, context);
  const { payments, pricing } = context.services;
  const query = new URL(request.url).searchParams;
  // The provider's cancel link: the order the parent walked away from is given up (a payment that still arrives counts).
  const cancelledId = query.get("cancelled");
  const cancelled = isOrderId(cancelledId);
  if (cancelled) await payments.abandonOrder(cancelledId, buyer.owner);

  const planId = query.get("plan") ?? "";
  const priced = planId.length > 0 && planId.length <= 64 ? await pricing.pricedPlan(planId, context.market.market) : null;
  if (!priced) return data({ state: "unknown-plan" as const, cancelled }, { status: 404, headers: PRIVATE_HEADERS });

  const maxQuantity = priced.kind === "subscription" ? 1 : MAX_PACK_QUANTITY;
  const plan: CheckoutPlan = {
    id: priced.id,
    kind: priced.kind,
    name: priced.name,
    description: priced.description,
    credits: priced.credits,
    interval: priced.interval,
    amountMinor: priced.amountMinor,
    currencyCode: priced.currencyCode,
    formatted: priced.formatted,
    perCredit: priced.perCredit,
  };
  return data(
    {
      state: "ready" as const,
      cancelled,
      plan,
      market: { currencyCode: context.market.market.currencyCode, currencySymbol: context.market.market.currencySymbol, name: context.market.market.name },
      quantity: quantityFromQuery(query.get("quantity"), maxQuantity),
      maxQuantity,
      available: payments.available,
      providerText: paymentProviderText(payments.providerName),
      balance: await payments.balance(buyer.owner),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const answer = (body: CheckoutActionData, status: number) => data<CheckoutActionData>(body, { status, headers: PRIVATE_HEADERS });

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const buyer = requireBuyer(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ formError: UNREADABLE }, 400);
  const raw = readCheckoutForm(form);
  const parsed = checkoutFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.quantity) return answer({ fieldErrors: { quantity: errors.quantity }, quantity: raw.quantity ?? "" }, 400);
    return answer({ formError: Object.values(errors)[0] ?? UNREADABLE }, 400);
  }
  const { plan, quantity, amountMinor, currencyCode } = parsed.data;
  try {
    const { url, orderId } = await context.services.payments.startCheckout({
      buyer,
      planId: plan,
      quantity,
      market: context.market.market,
      buyerCountry: context.market.country,
      expected: { amountMinor, currencyCode },
      site: siteOf(request, context),
    });
    await recordActivity(context, request, "checkout_started", { orderId, plan, quantity });
    return redirect(url, { headers: PRIVATE_HEADERS });
  } catch (error) {
    const refused = asCheckoutError(error);
    if (!refused) throw error;
    context.log.info("checkout refused", { code: refused.code, plan });
    if (refused.code === "quantity") return answer({ fieldErrors: { quantity: refused.message }, quantity: String(quantity) }, refused.status);
    return answer({ formError: refused.message, code: refused.code, quantity: String(quantity) }, refused.status);
  }
}

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (page.state === "unknown-plan") return <UnknownPlan cancelled={page.cancelled} />;
  return <CheckoutView page={page} answer={actionData} />;
}
