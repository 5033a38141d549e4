import { createElement } from "react";
import { REACTIONS, type ReactionType } from "~/domain/social/social";
import { CommentReported } from "./react/CommentReported";
import { SocialDigest, type DigestBook } from "./react/SocialDigest";
import { StoryShared } from "./react/StoryShared";
import { helloLine, oneLine, renderEmail, safeHttpUrl, type RenderedEmail } from "./templates";

/**
 * The e-mails of sharing with family: "someone shared a book with you", and the owner's daily
 * digest of new reactions and comments. The only words in them that someone typed are names, the
 * book's title and the first words of comments, each flattened onto one line and escaped by React.
 */

export interface StorySharedEmailInput {
  sharedByName: string;
  title: string;
  childName: string | null;
  shareUrl: string;
  coverUrl: string | null;
  /** how long the button's sign-in link works, in days */
  linkDays: number;
  expiresAt: Date;
  unsubscribeUrl: string;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeZone: "UTC" });

export async function storySharedEmail(input: StorySharedEmailInput): Promise<RenderedEmail> {
  const name = oneLine(input.sharedByName, 60) || "A StoryNest reader";
  const subject = `${name} shared a StoryNest book with you: ${oneLine(input.title, 70)}`;
  return renderEmail(
    subject,
    createElement(StoryShared, {
      subject,
      sharedByName: name,
      title: oneLine(input.title, 120),
      childName: input.childName ? oneLine(input.childName, 60) || null : null,
      link: safeHttpUrl(input.shareUrl),
      coverUrl: input.coverUrl ? safeHttpUrl(input.coverUrl) : null,
      linkLine: `The button opens the book and signs you in with this address: no password to choose. It works once, on one device, for ${input.linkDays === 1 ? "1 day" : `${input.linkDays} days`}; on another device, the page sends a fresh link to this address.`,
      expiresLine: `You can read the book until ${dayFormat.format(input.expiresAt)}; after that, ask ${name} to share it again.`,
      unsubscribeUrl: safeHttpUrl(input.unsubscribeUrl),
    }),
  );
}

/** The news on one book since the last digest. */
export interface BookNews {
  title: string;
  link: string;
  /** new reactions per kind (kinds the owner is not e-mailed about are left out) */
  reactions: Partial<Record<ReactionType, number>>;
  /** how many new comments */
  commentCount: number;
  /** the first new comments, oldest first (at most three are shown) */
  comments: { name: string; text: string }[];
}

export interface SocialDigestEmailInput {
  name: string | null;
  books: BookNews[];
  moreBooks: number;
  privacyUrl: string;
  unsubscribeUrl: string;
}

const plural = (n: number, one: string) => `${n} new ${one}${n === 1 ? "" : "s"}`;

/** "3 new reactions (❤️ 2, ⭐ 1) and 2 new comments" */
export function newsSummary(news: Pick<BookNews, "reactions" | "commentCount">): string {
  const parts: string[] = [];
  const kinds = REACTIONS.filter((r) => (news.reactions[r.type] ?? 0) > 0);
  const reactions = kinds.reduce((n, r) => n + (news.reactions[r.type] ?? 0), 0);
  if (reactions > 0) parts.push(`${plural(reactions, "reaction")} (${kinds.map((r) => `${r.emoji} ${news.reactions[r.type]}`).join(", ")})`);
  if (news.commentCount > 0) parts.push(plural(news.commentCount, "comment"));
  return parts.join(" and ");
}

/** The first words of a comment, on one line: at most `max` characters, cut at a word. */
export function firstWords(text: string, max = 140): string {
  const flat = oneLine(text, Number.MAX_SAFE_INTEGER);
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export async function socialDigestEmail(input: SocialDigestEmailInput): Promise<RenderedEmail> {
  const anyReactions = input.books.some((b) => Object.values(b.reactions).some((n) => (n ?? 0) > 0));
  const anyComments = input.books.some((b) => b.commentCount > 0);
  const what = anyReactions && anyComments ? "reactions and comments" : anyReactions ? "reactions" : "comments";
  const total = input.books.length + input.moreBooks;
  const subject = total === 1 ? `New ${what} on ${oneLine(input.books[0]?.title ?? "your book", 70)}` : `New ${what} on ${total} of your StoryNest books`;
  const books: DigestBook[] = input.books.map((b) => ({
    title: oneLine(b.title, 120),
    summary: newsSummary(b),
    comments: b.comments.slice(0, 3).map((c) => ({ name: oneLine(c.name, 60) || "A StoryNest reader", excerpt: firstWords(c.text) })),
    link: safeHttpUrl(b.link),
  }));
  return renderEmail(
    subject,
    createElement(SocialDigest, {
      subject,
      hello: helloLine(input.name),
      intro: `Since our last e-mail, family and friends left ${what} on your books.`,
      books,
      moreBooks: input.moreBooks,
      privacyUrl: safeHttpUrl(input.privacyUrl),
      unsubscribeUrl: safeHttpUrl(input.unsubscribeUrl),
    }),
  );
}

export interface CommentReportedEmailInput {
  name: string | null;
  authorName: string;
  title: string;
  link: string;
  privacyUrl: string;
  unsubscribeUrl: string;
}

/** "A comment on {title} was reported": to the book's owner, without the comment's words. */
export async function commentReportedEmail(input: CommentReportedEmailInput): Promise<RenderedEmail> {
  const title = oneLine(input.title, 120);
  const subject = `A comment on ${oneLine(input.title, 70)} was reported`;
  return renderEmail(
    subject,
    createElement(CommentReported, {
      subject,
      hello: helloLine(input.name),
      authorName: oneLine(input.authorName, 60) || "A StoryNest reader",
      title,
      link: safeHttpUrl(input.link),
      privacyUrl: safeHttpUrl(input.privacyUrl),
      unsubscribeUrl: safeHttpUrl(input.unsubscribeUrl),
    }),
  );
}
