import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { ChevronRightIcon } from "~/components/ui/icons";
import { dateText } from "~/domain/auth/account-pages";
import { creditsText, orderCreditsWords, orderStatusWords, orderWhat, type OrderSummary } from "~/domain/pricing/orders";
import { StatusBadge } from "./PurchaseUi";
import { ReceiptCard, RefundPanel } from "./ReceiptViews";

const card = "rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8";

/** "25 November 2026 at 10:01 UTC": the same on the server and in the browser. */
function dateTimeText(iso: string): string {
  return `${dateText(iso)} at ${iso.slice(11, 16)} UTC`;
}

/** One order in full: its state (and the way to finish paying or buy again), each item, the receipt, the refund. */
export function OrderDetails({
  order,
  refundError = null,
  refundDone = null,
}: {
  order: OrderSummary;
  refundError?: string | null;
  refundDone?: string | null;
}) {
  const status = orderStatusWords(order);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="order-status-title" className={card}>
        <h2 id="order-status-title" className="sr-only">
          Status
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={status} />
          {order.isRenewal ? (
            <span
              className="inline-flex items-center rounded-full bg-sky-soft px-3 py-1 text-sm font-bold text-ink ring-1 ring-sky"
              data-testid="order-renewal"
            >
              Monthly renewal
            </span>
          ) : null}
        </div>
        <p className="mt-3 text-lg leading-relaxed text-ink-soft">{status.detail}</p>
        {refundDone ? (
          <p role="status" className="mt-3 rounded-2xl bg-mint-soft px-4 py-3 font-semibold text-ink" data-testid="refund-done">
            {refundDone}
          </p>
        ) : null}
        {order.status === "pending" && order.expiresAt ? (
          <p className="mt-2 text-ink-soft" data-testid="order-expires">
            The payment page stays open until {dateTimeText(order.expiresAt)}.
          </p>
        ) : null}
        {order.status === "pending" && order.checkoutUrl ? (
          <a href={order.checkoutUrl} className={buttonClass("primary", "lg", "mt-5 w-full sm:w-auto")} data-testid="finish-paying">
            Finish paying
          </a>
        ) : null}
        {order.buyAgainPlanId ? (
          <Link
            to={`/checkout?plan=${encodeURIComponent(order.buyAgainPlanId)}`}
            className={buttonClass("primary", "lg", "mt-5 w-full sm:w-auto")}
            data-testid="buy-again"
          >
            Buy again
          </Link>
        ) : null}
      </section>

      <section aria-labelledby="order-items-title" className={card}>
        <h2 id="order-items-title" className="text-2xl font-semibold text-ink">
          What you bought
        </h2>
        <ul className="mt-4 divide-y divide-ink/10" data-testid="order-items">
          {order.items.map((item, i) => (
            <li key={`${item.planId}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-4 first:pt-0">
              <div className="min-w-0">
                <p className="text-lg font-bold text-ink">{item.description}</p>
                <p className="text-ink-soft">
                  Quantity {item.quantity} · {creditsText(item.credits)}
                </p>
              </div>
              <p className="text-lg font-semibold tabular-nums text-ink">{item.total}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid gap-3 border-t-2 border-ink/10 pt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <dt className="text-lg font-bold text-ink">Total</dt>
            <dd className="text-2xl font-semibold tabular-nums text-ink" data-testid="order-total">
              {order.total}
            </dd>
          </div>
          {order.refundedMinor > 0 ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <dt className="font-semibold text-ink-soft">Refunded</dt>
              <dd className="font-semibold tabular-nums text-ink" data-testid="order-refunded">
                {order.refunded}
              </dd>
            </div>
          ) : null}
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <dt className="font-semibold text-ink-soft">Credits</dt>
            <dd className="font-semibold text-ink" data-testid="order-credits">
              {orderCreditsWords(order)}
            </dd>
          </div>
          {order.paidAt ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <dt className="font-semibold text-ink-soft">Paid on</dt>
              <dd className="font-semibold text-ink">{dateText(order.paidAt)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {order.receipt ? <ReceiptCard receipt={order.receipt} /> : null}
      <RefundPanel order={order} error={refundError} />

      <div className="flex flex-wrap gap-3">
        <Link to="/myorders" className={buttonClass("secondary", "md")}>
          All my orders
        </Link>
        <Link to="/user-credits" className={buttonClass("ghost", "md")}>
          My credits
        </Link>
      </div>
    </div>
  );
}

/** The words of an order that is not the parent's, or not there at all: the same for both. */
export function OrderNotFound() {
  return (
    <div className={card} data-testid="order-not-found">
      <p className="text-lg leading-relaxed text-ink-soft">
        There is no order at this address in your account. The link may be incomplete, or the order may belong to another account.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/myorders" className={buttonClass("primary", "md")}>
          See my orders
        </Link>
        <Link to="/user-credits" className={buttonClass("secondary", "md")}>
          My credits
        </Link>
      </div>
    </div>
  );
}

/** The parent's orders, newest first: a table on a wide screen, a card each on a phone. */
export function OrdersList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className={`${card} text-center`} data-testid="orders-empty">
        <h2 className="text-2xl font-semibold text-ink">No orders yet</h2>
        <p className="mx-auto mt-2 max-w-prose text-lg leading-relaxed text-ink-soft">
          When you buy credits or a plan, your order shows here with its receipt.
        </p>
        <Link to="/pricing" className={buttonClass("primary", "lg", "mt-6")}>
          See credit packs and prices
        </Link>
      </div>
    );
  }
  return (
    <>
      <ol className="grid gap-3 sm:hidden" aria-label="Your orders" data-testid="orders-cards">
        {orders.map((o) => (
          <li key={o.id}>
            <Link
              to={`/order/${o.id}`}
              className="flex items-center gap-3 rounded-3xl bg-paper p-4 shadow-card ring-1 ring-ink/5 transition hover:shadow-lift"
              aria-label={`Order ${o.number}, ${dateText(o.createdAt)}, ${orderWhat(o)}, ${o.total}, ${orderStatusWords(o).label}`}
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-bold text-ink">{orderWhat(o)}</span>
                  <span className="font-semibold tabular-nums text-ink">{o.total}</span>
                </span>
                <span className="mt-0.5 block text-sm text-ink-soft">
                  {o.number} · {dateText(o.createdAt)}
                </span>
                <StatusBadge status={orderStatusWords(o)} compact className="mt-2" />
              </span>
              <ChevronRightIcon className="size-5 shrink-0 text-ink-soft" />
            </Link>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-hidden rounded-[2rem] bg-paper shadow-card ring-1 ring-ink/5 sm:block">
        <table className="w-full text-left" data-testid="orders-table">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead className="bg-cream/70 text-sm text-ink-soft">
            <tr>
              <th scope="col" className="px-5 py-3 font-semibold">
                Order and date
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                What
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-5 py-3 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {orders.map((o) => (
              <tr key={o.id} data-testid="order-row">
                <th scope="row" className="whitespace-nowrap px-5 py-3 text-left align-top font-normal">
                  <Link to={`/order/${o.id}`} className="inline-flex min-h-11 items-center font-semibold text-plum underline underline-offset-4 hover:text-ink">
                    {o.number}
                  </Link>
                  <span className="block text-sm text-ink-soft">{dateText(o.createdAt)}</span>
                </th>
                <td className="px-3 py-3 align-top text-ink">
                  <span className="inline-flex min-h-11 items-center">{orderWhat(o)}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right align-top font-semibold tabular-nums text-ink">
                  <span className="inline-flex min-h-11 items-center">{o.total}</span>
                </td>
                <td className="px-5 py-3 align-top">
                  <span className="inline-flex min-h-11 items-center">
                    <StatusBadge status={orderStatusWords(o)} compact />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
