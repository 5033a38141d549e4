import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/layout/ContentPage";
import { OrderDetails, OrderNotFound } from "~/components/purchases/OrderViews";
import { dateText } from "~/domain/auth/account-pages";
import { pageMeta } from "~/domain/content/meta";
import type { OrderSummary } from "~/domain/pricing/orders";
import { requireAccount } from "~/routes/auth.server";
import { refundAction } from "~/routes/purchase.server";
import { PURCHASE_PAGE_HEADERS } from "~/routes/purchases.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  ...pageMeta(loaded?.order ? `Order ${loaded.order.number}` : "Order not found", "One of your StoryNest orders."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PURCHASE_PAGE_HEADERS;

/**
 * One of the parent's orders. An order of another account answers exactly like one that does not
 * exist, and so does an address that is not an order id at all: 404 with the same page, so nobody
 * can learn which orders exist.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireAccount(request, context);
  const order: OrderSummary | null = await context.services.payments.order(params.orderId ?? "", context.owner);
  if (!order) return data({ order: null }, { status: 404 });
  return { order };
}

/** The order's one form: a refund of its unused credits (decision 051). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireAccount(request, context);
  return refundAction(request, params.orderId ?? "", context);
}

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!order) {
    return (
      <ContentPage eyebrow="Your order" title="Order not found" tone="sun" card={false} lede={<p>We could not find this order.</p>}>
        <OrderNotFound />
      </ContentPage>
    );
  }
  return (
    <ContentPage
      eyebrow="Your order"
      title={`Order ${order.number}`}
      tone="sun"
      card={false}
      lede={
        <p>
          Placed on <span data-testid="order-date">{dateText(order.createdAt)}</span>.
        </p>
      }
    >
      <OrderDetails
        order={order}
        refundError={answer && "error" in answer ? answer.error : null}
        refundDone={answer && "done" in answer ? answer.done : null}
      />
    </ContentPage>
  );
}
