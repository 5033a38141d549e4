import { Link } from "@react-email/components";
import type { ReceiptSummary } from "~/domain/pricing/orders";
import { Cta, Layout, P, SignOff, Title } from "./Layout";
import { ReceiptBlock } from "./Receipt";

export interface PlanPurchaseProps {
  subject: string;
  name: string;
  order: string;
  balance: string;
  receipt: ReceiptSummary;
  /** the receipt's date in words */
  date: string;
  /** where a new story starts, or null when the site address was not safe */
  createUrl: string | null;
  /** the order's page, which keeps the receipt */
  orderUrl: string | null;
}

/** Thank you for an order: its receipt and the credit balance now. */
export function PlanPurchase(p: PlanPurchaseProps) {
  return (
    <Layout title={p.subject} preview={`Your order ${p.order} is complete: ${p.receipt.total}. Your credit balance is now ${p.balance}.`}>
      <Title>{`Thank you, ${p.name}!`}</Title>
      <P>
        Your order <strong>{p.order}</strong> is complete and your credits are ready to use.
      </P>
      <ReceiptBlock receipt={p.receipt} date={p.date} />
      <P>
        Your credit balance is now <strong>{p.balance}</strong>.
      </P>
      {p.createUrl ? <Cta href={p.createUrl}>Start a new story</Cta> : null}
      {p.orderUrl ? (
        <P>
          Your receipt is also kept on <Link href={p.orderUrl}>the order&apos;s page</Link>.
        </P>
      ) : null}
      <SignOff />
    </Layout>
  );
}
