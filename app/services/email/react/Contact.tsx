import { Link, Section } from "@react-email/components";
import { Layout, P, Paragraphs, Title, emailStyles, palette } from "./Layout";

export interface ContactProps {
  subject: string;
  name: string;
  email: string;
  topic: string;
  when: string;
  message: string;
}

const label = { color: palette.soft, fontWeight: 700 } as const;

/** A message from the contact form, to the administrator; replying answers the visitor. */
export function Contact(p: ContactProps) {
  return (
    <Layout title={p.subject} preview={`${p.topic}, from ${p.name}`}>
      <Title>A new message from the contact form</Title>
      <P style={{ margin: "0 0 4px" }}>
        <span style={label}>From:</span> {`${p.name} <`}
        <Link href={`mailto:${p.email}`} style={{ color: palette.link }}>
          {p.email}
        </Link>
        {">"}
      </P>
      <P style={{ margin: "0 0 4px" }}>
        <span style={label}>Topic:</span> {p.topic}
      </P>
      <P style={{ margin: "0 0 18px" }}>
        <span style={label}>Sent:</span> {p.when}
      </P>
      <P small style={{ margin: "0 0 6px", fontWeight: 700 }}>
        Message:
      </P>
      <Section style={emailStyles.quote}>
        <Paragraphs text={p.message} />
      </Section>
      <P small style={{ margin: "18px 0 0" }}>{`Reply to this e-mail to answer ${p.name} directly.`}</P>
    </Layout>
  );
}
