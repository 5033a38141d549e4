import { Img, Section } from "@react-email/components";
import { Cta, Layout, P, Paragraphs, SignOff, Title, emailStyles, palette } from "./Layout";

export interface StoryReadyProps {
  subject: string;
  /** "Hello Sam," or "Hello," */
  hello: string;
  title: string;
  childName: string;
  /** an http(s) address, or null when there is no cover (or it was not a safe address) */
  coverUrl: string | null;
  excerpt: string;
  credits: string;
  /** null when the link was not a safe address: the message then has no button */
  link: string | null;
  linkNote: string | null;
  unsubscribeUrl: string | null;
}

/** "Your story is ready": the cover, how it begins, one button to read it. */
export function StoryReady(p: StoryReadyProps) {
  return (
    <Layout
      title={p.subject}
      preview={`${p.title}, the story starring ${p.childName}, is ready to read.`}
      unsubscribe={p.unsubscribeUrl ? { href: p.unsubscribeUrl, label: "Stop these e-mails" } : null}
    >
      <Title>{`${p.title} is ready!`}</Title>
      <P>{`${p.hello} the story starring ${p.childName} is ready to read.`}</P>
      {p.coverUrl ? (
        <Img
          src={p.coverUrl}
          alt={`The cover of ${p.title}`}
          width="552"
          style={{ display: "block", width: "100%", maxWidth: "552px", height: "auto", borderRadius: "14px", margin: "8px 0 16px" }}
        />
      ) : null}
      {p.excerpt ? (
        <Section style={emailStyles.quote}>
          <P small style={{ margin: "0 0 6px", fontWeight: 700 }}>
            How it begins:
          </P>
          <Paragraphs text={p.excerpt} style={{ fontStyle: "italic" }} />
        </Section>
      ) : null}
      {p.link ? <Cta href={p.link}>Read the story</Cta> : null}
      {p.linkNote ? <P small>{p.linkNote}</P> : null}
      <P small style={{ margin: "8px 0 0", color: palette.soft }}>
        {p.credits}
      </P>
      <SignOff lines={["Happy reading!", "The StoryNest team"]} />
    </Layout>
  );
}
