import { Cta, Layout, P, SignOff, Title } from "./Layout";

export interface PlanPurchaseProps {
  subject: string;
  name: string;
  order: string;
  balance: string;
  /** where a new story starts, or null when the site address was not safe */
  createUrl: string | null;
}

/** Thank you for an order: its number and the credit balance now. */
export function PlanPurchase(p: PlanPurchaseProps) {
  return (
    <Layout title={p.subject} preview={`Your order ${p.order} is complete. Your credit balance is now ${p.balance}.`}>
      <Title>{`Thank you, ${p.name}!`}</Title>
      <P>
        Your order <strong>{p.order}</strong> is complete and your credits are ready to use.
      </P>
      <P>
        Your credit balance is now <strong>{p.balance}</strong>.
      </P>
      {p.createUrl ? <Cta href={p.createUrl}>Start a new story</Cta> : null}
      <SignOff />
    </Layout>
  );
}
