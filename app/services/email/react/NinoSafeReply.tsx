import { Cta, Layout, P, SignOff, Title } from "./Layout";

export interface NinoSafeReplyProps {
  subject: string;
  hello: string;
  /** e.g. "Thursday, 26 November 2026 at 17:41 UTC" */
  when: string;
  /** e.g. "Childline on 0800 1111" */
  helpline: string;
  /** the page where the parent sees these records, or null when the site address was not safe */
  viewUrl: string | null;
}

/**
 * Nino gave the safe reply in one of the family's conversations. Says when and which helpline was
 * named; never what the child said (it is not kept, and not sent).
 */
export function NinoSafeReply(p: NinoSafeReplyProps) {
  return (
    <Layout title={p.subject} preview={`On ${p.when}, Nino gave the safe reply in a conversation with your child.`}>
      <Title>{p.hello}</Title>
      <P>
        On <strong>{p.when}</strong>, something your child said to Nino sounded as if they might be at risk or in danger, so Nino gave the safe reply: he asked
        them to talk to a grown-up they trust straight away, and named <strong>{p.helpline}</strong>, a line where children can talk to someone.
      </P>
      <P>We do not keep or send what your child said. It may have been part of a game or a story, but it is worth a calm, gentle chat with them soon.</P>
      <P small>You get this e-mail once per conversation, however many times Nino gave the safe reply in it.</P>
      {p.viewUrl ? <Cta href={p.viewUrl}>See it in your account</Cta> : null}
      <SignOff />
    </Layout>
  );
}
