import { Link } from "@react-email/components";
import { Layout, P, SignOff, Title } from "./Layout";

export interface RefundConfirmedProps {
  subject: string;
  name: string;
  order: string;
  amount: string;
  credits: string;
  seller: string;
  orderUrl: string | null;
}

/** A refund of unused credits went through: how much, which credits were taken back, where the money goes. */
export function RefundConfirmed(p: RefundConfirmedProps) {
  return (
    <Layout title={p.subject} preview={`${p.amount} is on its way back to you for order ${p.order}.`}>
      <Title>{`Your refund is on its way, ${p.name}`}</Title>
      <P>
        We have refunded <strong>{p.amount}</strong> for the {p.credits} of order <strong>{p.order}</strong>. Those credits have been taken off your balance.
      </P>
      <P>
        The money goes back to the card you paid with, in the currency you paid in. Banks usually show it within 5 to 10 days. The refund is from {p.seller}.
      </P>
      {p.orderUrl ? (
        <P>
          You can see it on <Link href={p.orderUrl}>the order&apos;s page</Link>.
        </P>
      ) : null}
      <SignOff />
    </Layout>
  );
}
