import { and, eq, gt, lt } from "drizzle-orm";
import { randomToken, sha256Hex } from "../auth/crypto.server";
import type { Db } from "../db/client.server";
import { emailSuppressions, emailTokens, type EmailList, type EmailTokenPurpose } from "../db/schema/index";

/**
 * How long each kind of link in an e-mail works. A read-only link to a book lasts 30 days (long
 * enough to open it on another device, short enough that a forwarded e-mail does not open the book
 * for ever); the PDF link 7 days; the cover picture as long as the read link; an unsubscribe link a
 * year; a newsletter confirmation 7 days.
 */
export const EMAIL_LINK_TTL_MS: Record<EmailTokenPurpose, number> = {
  "read-book": 30 * 24 * 60 * 60_000,
  "book-cover": 30 * 24 * 60 * 60_000,
  "book-pdf": 7 * 24 * 60 * 60_000,
  unsubscribe: 365 * 24 * 60 * 60_000,
  "confirm-newsletter": 7 * 24 * 60 * 60_000,
};

/** What a link stands for, once its token checks out. */
export interface EmailLink {
  purpose: EmailTokenPurpose;
  bookId: string | null;
  email: string | null;
  list: EmailList | null;
  expiresAt: string;
}

/** A token is 43 base64url characters (32 random bytes): anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The links in e-mails that work without signing in. Each is a random token; the database keeps
 * only its SHA-256 with what it opens and when it expires, so a copy of the database opens nothing,
 * a book's links are deleted with the book, and an expired link is refused (and swept).
 */
export function createEmailLinks(db: Db, now: () => number = Date.now) {
  return {
    async issue(purpose: EmailTokenPurpose, about: { bookId?: string; email?: string; list?: EmailList }): Promise<string> {
      const token = randomToken();
      await db.insert(emailTokens).values({
        id: await sha256Hex(token),
        purpose,
        bookId: about.bookId ?? null,
        email: about.email?.trim().toLowerCase() ?? null,
        list: about.list ?? null,
        expiresAt: new Date(now() + EMAIL_LINK_TTL_MS[purpose]).toISOString(),
      });
      return token;
    },

    /** The link's meaning, or null when the token is unknown, expired or for another purpose. */
    async open(token: string, purpose: EmailTokenPurpose): Promise<EmailLink | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.id, await sha256Hex(token)), eq(emailTokens.purpose, purpose), gt(emailTokens.expiresAt, new Date(now()).toISOString())))
        .limit(1);
      return row ? { purpose: row.purpose, bookId: row.bookId, email: row.email, list: row.list, expiresAt: row.expiresAt } : null;
    },

    /** Spends a single-use link (the newsletter confirmation): true for the one call that spent it. */
    async spend(token: string): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      const gone = await db
        .delete(emailTokens)
        .where(eq(emailTokens.id, await sha256Hex(token)))
        .returning({ id: emailTokens.id });
      return gone.length > 0;
    },

    /** Stops the notification e-mails of a list to an address (the unsubscribe link's work). */
    async suppress(email: string, list: EmailList): Promise<void> {
      await db.insert(emailSuppressions).values({ email: email.trim().toLowerCase(), list }).onConflictDoNothing();
    },

    /** The cron sweep: expired links are deleted. */
    async sweep(): Promise<number> {
      const gone = await db
        .delete(emailTokens)
        .where(lt(emailTokens.expiresAt, new Date(now()).toISOString()))
        .returning({ id: emailTokens.id });
      return gone.length;
    },
  };
}

export type EmailLinks = ReturnType<typeof createEmailLinks>;

/**
 * The one-click unsubscribe headers (RFC 8058): mail apps show an "Unsubscribe" button that POSTs
 * `List-Unsubscribe=One-Click` to the link; the same link opened in a browser asks first.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
