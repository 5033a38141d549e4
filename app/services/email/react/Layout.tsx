import type { CSSProperties, ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";

/**
 * The frame every StoryNest e-mail shares: the brand on a warm page, one white card, a footer.
 * Mail clients drop style sheets, so every style is inline; the card is fluid up to 600 px so the
 * same message reads on a 320 px phone and a wide desktop client.
 */
export const palette = {
  page: "#fff8ef",
  card: "#ffffff",
  border: "#f0e4d4",
  title: "#e85d3f",
  ink: "#2b2542",
  soft: "#5b5470",
  button: "#b8432a",
  link: "#5b3fa6",
} as const;

const font = "Nunito,'Segoe UI',Helvetica,Arial,sans-serif";

const styles = {
  body: { margin: 0, padding: "24px 12px", background: palette.page, color: palette.ink, fontFamily: font, fontSize: "16px", lineHeight: "1.55" },
  card: { width: "100%", maxWidth: "600px", background: palette.card, borderRadius: "20px", border: `1px solid ${palette.border}` },
  brand: { margin: 0, padding: "24px 24px 8px", fontSize: "22px", lineHeight: "1.3", fontWeight: 700, color: palette.title },
  content: { padding: "8px 24px 28px" },
  footer: { margin: "16px 0 0", fontSize: "13px", lineHeight: "1.5", color: palette.soft, textAlign: "center" },
  footerLink: { color: palette.soft, textDecoration: "underline" },
  paragraph: { margin: "0 0 14px", fontSize: "16px", lineHeight: "1.55", color: palette.ink },
  small: { margin: "0 0 12px", fontSize: "14px", lineHeight: "1.5", color: palette.soft },
  quote: { background: palette.page, borderRadius: "14px", padding: "16px 18px 2px", margin: "0 0 8px" },
  button: {
    display: "block",
    boxSizing: "border-box",
    width: "100%",
    maxWidth: "360px",
    background: palette.button,
    color: "#ffffff",
    textAlign: "center",
    textDecoration: "none",
    fontWeight: 700,
    fontSize: "18px",
    lineHeight: "1.3",
    padding: "16px 24px",
    borderRadius: "999px",
  },
} satisfies Record<string, CSSProperties>;

export const emailStyles = styles;

export interface LayoutProps {
  /** the line a mail client shows beside the subject, before the message is opened */
  preview: string;
  /** the document title (the subject) */
  title: string;
  /** a footer link out of the list this e-mail belongs to, when it belongs to one */
  unsubscribe?: { href: string; label: string } | null;
  children: ReactNode;
}

export function Layout({ preview, title, unsubscribe, children }: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Text style={styles.brand}>StoryNest</Text>
          <Section style={styles.content}>{children}</Section>
        </Container>
        <Text style={styles.footer}>StoryNest · personalised storybooks starring your child</Text>
        {unsubscribe ? (
          <Text style={{ ...styles.footer, margin: "4px 0 0" }}>
            <Link href={unsubscribe.href} style={styles.footerLink}>
              {unsubscribe.label}
            </Link>
          </Text>
        ) : null}
      </Body>
    </Html>
  );
}

/** The one big button of a message: full width on a phone, a generous tap target everywhere. */
export function Cta({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "22px 0" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** Text a person wrote: a paragraph per blank line, a line break per single newline. */
export function Paragraphs({ text, style }: { text: string; style?: CSSProperties }) {
  const parts = text
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "");
  return (
    <>
      {parts.map((p, i) => (
        <Text key={i} style={{ ...styles.paragraph, ...style }}>
          {p.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      ))}
    </>
  );
}

/** A paragraph; `skipInText` leaves it out of the plain-text part (it repeats something said there). */
export function P({
  children,
  small = false,
  style,
  skipInText = false,
}: {
  children: ReactNode;
  small?: boolean;
  style?: CSSProperties;
  skipInText?: boolean;
}) {
  return (
    <Text style={{ ...(small ? styles.small : styles.paragraph), ...style }} data-skip-in-text={skipInText || undefined}>
      {children}
    </Text>
  );
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ margin: "0 0 12px", fontSize: "24px", lineHeight: "1.3", fontWeight: 700, color: palette.ink }}>
      {children}
    </Heading>
  );
}

/** The closing lines, one under the other. */
export function SignOff({ lines = ["The StoryNest team"] }: { lines?: string[] }) {
  return (
    <P style={{ margin: "20px 0 0" }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </P>
  );
}
