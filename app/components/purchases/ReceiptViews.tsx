import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { dateText } from "~/domain/auth/account-pages";
import type { OrderSummary, ReceiptSummary } from "~/domain/pricing/orders";
import { REFUND_WINDOW_DAYS, unusedCreditsText } from "~/domain/pricing/refunds";

const card = "rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8";
const row = "flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1";

/** A paid order's receipt: seller, number, date, each line, the total with the tax inside it, and the provider's own receipt. */
export function ReceiptCard({ receipt }: { receipt: ReceiptSummary }) {
  return (
    <section aria-labelledby="receipt-title" className={card} data-testid="receipt">
      <h2 id="receipt-title" className="text-2xl font-semibold text-ink">
        Receipt
      </h2>
      <dl className="mt-3 grid gap-1 text-ink-soft sm:grid-cols-2 sm:gap-x-6">
        <div>
          <dt className="inline font-semibold">Order number: </dt>
          <dd className="inline text-ink" data-testid="receipt-number">
            {receipt.number}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Date paid: </dt>
          <dd className="inline text-ink" data-testid="receipt-date">
            {dateText(receipt.date)}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline font-semibold">Sold by: </dt>
          <dd className="inline text-ink" data-testid="receipt-seller">
            {`${receipt.seller.name}, ${receipt.seller.address}`}
          </dd>
        </div>
      </dl>
      <table className="mt-5 w-full text-left">
        <caption className="sr-only">What was bought</caption>
        <thead className="text-sm text-ink-soft">
          <tr>
            <th scope="col" className="pb-2 font-semibold">
              Item
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="hidden pb-2 text-right font-semibold sm:table-cell">
              Price each
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/10 border-y border-ink/10" data-testid="receipt-lines">
          {receipt.lines.map((line, i) => (
            <tr key={i}>
              <td className="py-3 pr-2 font-semibold text-ink">{line.description}</td>
              <td className="py-3 text-right tabular-nums text-ink">{line.quantity}</td>
              <td className="hidden py-3 text-right tabular-nums text-ink-soft sm:table-cell">{line.unitPrice}</td>
              <td className="whitespace-nowrap py-3 pl-2 text-right tabular-nums text-ink">{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 grid gap-2">
        <div className={row}>
          <dt className="text-lg font-bold text-ink">Total paid</dt>
          <dd className="text-xl font-semibold tabular-nums text-ink" data-testid="receipt-total">
            {receipt.total}
          </dd>
        </div>
        {receipt.tax.kind === "included" ? (
          <div className={row}>
            <dt className="text-ink-soft">{receipt.tax.label}</dt>
            <dd className="tabular-nums text-ink" data-testid="receipt-tax">
              {receipt.tax.amount}
            </dd>
          </div>
        ) : null}
      </dl>
      {receipt.tax.kind === "none" ? (
        <p className="mt-2 text-ink-soft" data-testid="receipt-tax">
          {receipt.tax.note}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-ink-soft">{`Paid in ${receipt.currency}.`}</p>
      {receipt.providerReceiptUrl ? (
        <a
          href={receipt.providerReceiptUrl}
          className="mt-3 inline-flex min-h-11 items-center font-bold text-plum underline underline-offset-4 hover:text-ink"
          data-testid="provider-receipt"
          rel="noreferrer"
          target="_blank"
        >
          The card payment&apos;s receipt from Stripe
        </a>
      ) : null}
    </section>
  );
}

/** The refund of an order's unused credits: what it gives back and until when, or why there is none. */
export function RefundPanel({ order, error }: { order: OrderSummary; error: string | null }) {
  const offer = order.refund;
  if (!offer) return null;
  return (
    <section aria-labelledby="refund-title" className={card} data-testid="refund">
      <h2 id="refund-title" className="text-2xl font-semibold text-ink">
        Refund unused credits
      </h2>
      {offer.available ? (
        <>
          <p className="mt-3 text-lg leading-relaxed text-ink-soft">
            You have {unusedCreditsText(offer.credits)} from this order. Until {dateText(offer.until)} you can have them refunded: you get{" "}
            <strong className="text-ink">{offer.amount}</strong> back to your card and those credits are taken off your balance.
          </p>
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value="refund" />
            <button type="submit" className={buttonClass("secondary", "lg", "w-full sm:w-auto")} data-testid="refund-button">
              Refund {offer.amount}
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-3 text-lg leading-relaxed text-ink-soft" data-testid="refund-unavailable">
          {offer.reason}
        </p>
      )}
      {error ? (
        <p role="alert" className="mt-4 rounded-2xl bg-coral/10 px-4 py-3 font-semibold text-ink" data-testid="refund-error">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-ink-soft">
        Credits can be refunded within {REFUND_WINDOW_DAYS} days of paying.{" "}
        <Link to="/returns#credits" className="font-semibold text-plum underline underline-offset-4">
          Our refund policy
        </Link>
      </p>
    </section>
  );
}
