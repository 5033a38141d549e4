import { Cta, Layout, P, SignOff, Title, palette } from "./Layout";

export interface CommentReportedProps {
  subject: string;
  hello: string;
  /** the comment's author as the comments show them (one line) */
  authorName: string;
  title: string;
  /** the owner's book page, where the comment can be deleted and its author blocked; null when not a safe address */
  link: string | null;
  privacyUrl: string | null;
  unsubscribeUrl: string | null;
}

/** A reader reported a comment on the owner's book: whose, which book, what the owner can do. The comment itself is not quoted. */
export function CommentReported(p: CommentReportedProps) {
  return (
    <Layout
      title={p.subject}
      preview={`A reader reported a comment by ${p.authorName} on ${p.title}.`}
      unsubscribe={p.unsubscribeUrl ? { href: p.unsubscribeUrl, label: "Stop these e-mails" } : null}
    >
      <Title>A comment was reported</Title>
      <P>{p.hello}</P>
      <P>{`A reader reported a comment by ${p.authorName} on your book ${p.title}. It is hidden for the reader who reported it; everyone else still sees it.`}</P>
      <P>Open the book to read it: you can delete it, or stop its author from commenting on your books.</P>
      {p.link ? <Cta href={p.link}>Look at the comment</Cta> : null}
      {p.privacyUrl ? (
        <P small style={{ margin: "8px 0 0", color: palette.soft }}>
          {`You get this e-mail because comment notifications are on. You can turn them off in your privacy settings: ${p.privacyUrl}`}
        </P>
      ) : null}
      <SignOff lines={["The StoryNest team"]} />
    </Layout>
  );
}
