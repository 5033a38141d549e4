import { Cta, Layout, P } from "./Layout";

export interface NewsletterWelcomeProps {
  subject: string;
  hello: string;
  body: string;
  createUrl: string | null;
  unsubscribeUrl: string | null;
}

/** The welcome once a subscription is confirmed, with the way out in its footer. */
export function NewsletterWelcome(p: NewsletterWelcomeProps) {
  return (
    <Layout
      title={p.subject}
      preview="You will hear from us about once a month."
      unsubscribe={p.unsubscribeUrl ? { href: p.unsubscribeUrl, label: "Leave the newsletter" } : null}
    >
      <P>{p.hello}</P>
      <P>{p.body}</P>
      {p.createUrl ? <Cta href={p.createUrl}>Make a story</Cta> : null}
    </Layout>
  );
}
