import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";
import { shares, storybooks } from "../db/schema/index";
import type { EmailLinks } from "../email/links.server";
import { SAMPLE_OWNER_ID } from "./samples.server";

/**
 * Who may see a book (its pages and pictures), decided in one place. A caller presents who they are
 * (the request's owner) and any pass a link gave them:
 *
 *   owner   the book's owner (the signed-in profile, else the visitor who made it);
 *   sample  one of the /real-stories sample books: anyone;
 *   link    the slug of the book's public link, while sharing is on (a finished book): "Stop
 *           sharing" clears the slug, so every picture address carrying it stops working at once;
 *   email   a live read token of the story e-mail (/read/{token}) that names this book;
 *   shared  the viewer is signed in and a live direct share of this book (not revoked, not expired)
 *           is addressed to their account's e-mail: the session opens it, the share code does not.
 *
 * Everyone else is refused, and the caller answers exactly as for a book that does not exist (404).
 * A public book's id alone opens nothing (its pictures, reactions, comments): the id is in every
 * picture address and e-mail, the link is what its owner chose to give out and can take back.
 */
export type BookAccess = "owner" | "sample" | "link" | "email" | "shared";

/** What a link handed to the viewer: a public link's slug, or an e-mail's read token. */
export interface BookPass {
  share?: string | null;
  read?: string | null;
}

/** How long a picture may be kept, by why it was shown (the decision is in docs/decisions). */
export const PICTURE_CACHE: Record<BookAccess, string> = {
  // the owner's own pictures: this browser only; a redraw gets a new address, so an hour is safe
  owner: "private, max-age=3600",
  // the sample books are public
  sample: "public, max-age=3600",
  // through a link that can be revoked: kept by this browser only, and asked again (ETag) every time
  link: "private, no-cache",
  email: "private, no-cache",
  // a direct share can be revoked or expire at any moment
  shared: "private, no-cache",
};

/** Who is looking: the request's owner, the signed-in account (for "shared"), the pass a link gave. */
export interface BookViewer {
  owner: Owner;
  /** the signed-in account's e-mail address (lower case), or null for a visitor */
  account?: { email: string } | null;
  pass?: BookPass;
}

/** A picture address with the viewer's pass on it, so the browser's request carries the permission. */
export function withPass(url: string, pass: BookPass): string {
  const params = new URLSearchParams();
  if (pass.share) params.set("share", pass.share);
  if (pass.read) params.set("read", pass.read);
  const query = params.toString();
  return query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
}

export interface BookAccessDeps {
  db: Db;
  emailLinks: Pick<EmailLinks, "open">;
  /** the time a share's expiry is compared with (the social service's clock) */
  now?: () => Promise<number>;
}

export function createBookAccess({ db, emailLinks, now = async () => Date.now() }: BookAccessDeps) {
  return {
    /** Why this viewer may see the book, or null (refused, or no such book: the same answer). */
    async whoMaySee(bookId: string, viewer: BookViewer): Promise<BookAccess | null> {
      const [row] = await db
        .select({
          visitorId: storybooks.visitorId,
          userProfileId: storybooks.userProfileId,
          slug: storybooks.slug,
          isPublic: storybooks.isPublic,
          status: storybooks.status,
        })
        .from(storybooks)
        .where(eq(storybooks.bookId, bookId))
        .limit(1);
      if (!row) return null;
      const { owner, pass = {}, account } = viewer;
      // the same rule as ownedBy: a profile's books, or a visitor's books no profile has claimed
      if (owner.kind === "profile" ? row.userProfileId === owner.userProfileId : !row.userProfileId && row.visitorId === owner.visitorId) return "owner";
      if (row.visitorId === SAMPLE_OWNER_ID && !row.userProfileId) return "sample";
      if (pass.share && row.isPublic && row.status === "complete" && row.slug === pass.share) return "link";
      if (pass.read) {
        const link = await emailLinks.open(pass.read, "read-book");
        if (link?.bookId === bookId) return "email";
      }
      if (account?.email && row.status === "complete") {
        const at = new Date(await now()).toISOString();
        const [share] = await db
          .select({ id: shares.id })
          .from(shares)
          .where(
            and(
              eq(shares.storyId, bookId),
              eq(shares.sharedTo, account.email.toLowerCase()),
              eq(shares.shareType, "direct"),
              isNull(shares.revokedAt),
              gt(shares.expiresAt, at),
            ),
          )
          .limit(1);
        if (share) return "shared";
      }
      return null;
    },
  };
}
