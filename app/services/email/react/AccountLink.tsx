import { Cta, Layout, P } from "./Layout";

export interface AccountLinkProps {
  subject: string;
  intro: string;
  /** null when the address was not safe: the message then has no button */
  link: string | null;
  action: string;
  /** how long the link works; null for a link that is not single-use (a page of the site) */
  lasts: string | null;
  outro: string;
}

/**
 * The body the account e-mails share: one link that works once, how long it lasts, and the same
 * address spelled out for a mail client that shows no button (left out of the plain text, which
 * carries the address beside the action already).
 */
export function AccountLink(p: AccountLinkProps) {
  return (
    <Layout title={p.subject} preview={p.intro}>
      <P>{p.intro}</P>
      {p.link ? <Cta href={p.link}>{p.action}</Cta> : null}
      {p.lasts ? <P small>{`The link works once and lasts ${p.lasts}.`}</P> : null}
      {p.link ? (
        <P small style={{ wordBreak: "break-all" }} skipInText>
          {`If the button does not work, copy this address into your browser: ${p.link}`}
        </P>
      ) : null}
      <P small>{p.outro}</P>
    </Layout>
  );
}
