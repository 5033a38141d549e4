import { Cta, Layout, P } from "./Layout";

export interface NewsletterConfirmProps {
  subject: string;
  intro: string;
  outro: string;
  /** null when the address was not safe: the message then has no button */
  confirmUrl: string | null;
}

/** The double opt-in: nothing else is sent until the button is pressed. */
export function NewsletterConfirm(p: NewsletterConfirmProps) {
  return (
    <Layout title={p.subject} preview="One tap to confirm your StoryNest newsletter subscription.">
      <P>{p.intro}</P>
      {p.confirmUrl ? <Cta href={p.confirmUrl}>Yes, send me the newsletter</Cta> : null}
      <P small>{p.outro}</P>
    </Layout>
  );
}
