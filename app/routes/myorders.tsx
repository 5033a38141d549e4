import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/layout/ContentPage";
import { OrdersList } from "~/components/purchases/OrderViews";
import { PurchasesNav } from "~/components/purchases/PurchaseUi";
import { pageMeta } from "~/domain/content/meta";
import type { OrderSummary } from "~/domain/pricing/orders";
import { requireAccount } from "~/routes/auth.server";
import { PURCHASE_PAGE_HEADERS } from "~/routes/purchases.server";

export const meta: MetaFunction = () => [
  ...pageMeta("My orders", "Your StoryNest orders: credit packs and plans."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PURCHASE_PAGE_HEADERS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAccount(request, context);
  const orders: OrderSummary[] = await context.services.payments.orders(context.owner);
  return { orders };
}

export default function MyOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <ContentPage eyebrow="Your account" title="My orders" tone="sun" card={false} lede={<p>Every credit pack and plan you bought, newest first.</p>}>
      <PurchasesNav />
      <OrdersList orders={orders} />
    </ContentPage>
  );
}
