import { Link, Section } from "@react-email/components";
import { Layout, P, SignOff, Title, emailStyles, palette } from "./Layout";

export interface DigestComment {
  /** the commenter's name, one line */
  name: string;
  /** the first words of the comment */
  excerpt: string;
}

export interface DigestBook {
  title: string;
  /** "3 new reactions (❤️ 2, ⭐ 1) and 2 new comments" */
  summary: string;
  /** the first of the new comments, at most three */
  comments: DigestComment[];
  /** the book's reader; null when it was not a safe address */
  link: string | null;
}

export interface SocialDigestProps {
  subject: string;
  hello: string;
  /** "Since our last e-mail, family and friends left this on your books:" */
  intro: string;
  books: DigestBook[];
  /** books with news left out of this e-mail (it lists a handful) */
  moreBooks: number;
  /** /profile/privacy: what is e-mailed */
  privacyUrl: string | null;
  unsubscribeUrl: string | null;
}

const bookTitle = { margin: "0 0 4px", fontSize: "18px", lineHeight: "1.35", fontWeight: 700, color: palette.ink } as const;
const quoteLine = { margin: "0 0 8px", fontSize: "15px", lineHeight: "1.5", color: palette.ink } as const;

function Book({ book }: { book: DigestBook }) {
  return (
    <Section style={{ ...emailStyles.quote, margin: "0 0 14px" }}>
      <P style={bookTitle}>{book.title}</P>
      <P small style={{ margin: "0 0 10px" }}>
        {book.summary}
      </P>
      {book.comments.map((c, i) => (
        <P key={i} style={quoteLine}>
          <strong>{c.name}</strong>
          {`: “${c.excerpt}”`}
        </P>
      ))}
      {book.link ? (
        <P small style={{ margin: "0 0 14px" }}>
          <Link href={book.link} style={{ color: palette.link, fontWeight: 700, textDecoration: "underline" }}>
            {`Open ${book.title}`}
          </Link>
        </P>
      ) : null}
    </Section>
  );
}

/** Once a day at most: the new reactions and comments on a parent's books, book by book. */
export function SocialDigest(p: SocialDigestProps) {
  return (
    <Layout
      title={p.subject}
      preview={p.books.map((b) => `${b.title}: ${b.summary}`).join(" · ")}
      unsubscribe={p.unsubscribeUrl ? { href: p.unsubscribeUrl, label: "Stop these e-mails" } : null}
    >
      <Title>{p.hello}</Title>
      <P>{p.intro}</P>
      {p.books.map((b, i) => (
        <Book key={i} book={b} />
      ))}
      {p.moreBooks > 0 ? <P small>{`…and news on ${p.moreBooks} more of your books: open your library to see it.`}</P> : null}
      <P small>
        {"You get this e-mail at most once a day. "}
        {p.privacyUrl ? (
          <Link href={p.privacyUrl} style={{ color: palette.link, textDecoration: "underline" }}>
            Choose what we e-mail you about
          </Link>
        ) : null}
      </P>
      <SignOff />
    </Layout>
  );
}
