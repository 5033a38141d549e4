import { Img, Section } from "@react-email/components";
import { Cta, Layout, P, SignOff, Title, emailStyles, palette } from "./Layout";

export interface StorySharedProps {
  subject: string;
  /** the sharer's profile name (plain text, one line) */
  sharedByName: string;
  title: string;
  /** the child the story stars, or null when the book has no name to show */
  childName: string | null;
  /** the share page ({site}/shared/{code}); null when it was not a safe address: no button then */
  link: string | null;
  /** the book's cover (an expiring picture-only address), or null when it has none */
  coverUrl: string | null;
  /** how the button signs in, and for how long it works */
  linkLine: string;
  /** until when the book can be read */
  expiresLine: string;
  unsubscribeUrl: string | null;
}

/** A family member shared a book: who, which book, one button, how the link works, what StoryNest is. */
export function StoryShared(p: StorySharedProps) {
  const starring = p.childName ? `, a story starring ${p.childName}` : "";
  return (
    <Layout
      title={p.subject}
      preview={`${p.sharedByName} shared ${p.title}${starring} with you on StoryNest.`}
      unsubscribe={p.unsubscribeUrl ? { href: p.unsubscribeUrl, label: "Stop these e-mails" } : null}
    >
      <Title>A StoryNest book for you</Title>
      <P>{`${p.sharedByName} shared a StoryNest book with you: ${p.title}${starring}.`}</P>
      {p.coverUrl ? (
        <Img
          src={p.coverUrl}
          alt={`The cover of ${p.title}`}
          width="552"
          style={{ display: "block", width: "100%", maxWidth: "552px", height: "auto", borderRadius: "14px", margin: "8px 0 16px" }}
        />
      ) : null}
      {p.link ? <Cta href={p.link}>Open the book</Cta> : null}
      <P small>{p.linkLine}</P>
      <P small>{p.expiresLine}</P>
      <Section style={emailStyles.quote}>
        <P small style={{ margin: "0 0 14px", color: palette.ink }}>
          StoryNest makes personalised picture books in which a child is the hero: a family tells us a few ideas, and the story is written and illustrated for
          them.
        </P>
      </Section>
      <P small style={{ margin: "8px 0 0", color: palette.soft }}>
        {`You get this e-mail because ${p.sharedByName} typed this address. If you don't know them, you can ignore it: nothing else is sent unless someone shares with you again.`}
      </P>
      <SignOff lines={["Happy reading!", "The StoryNest team"]} />
    </Layout>
  );
}
