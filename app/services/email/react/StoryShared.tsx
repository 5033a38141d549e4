import { Section } from "@react-email/components";
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
  /** "The link works until Thursday, 3 December 2026." */
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
      {p.link ? <Cta href={p.link}>Open the book</Cta> : null}
      <P small>The link works for 7 days and opens when you sign in with this address (or create a free account with it).</P>
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
