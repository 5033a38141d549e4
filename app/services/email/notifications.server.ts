import { and, asc, count, eq, gt, isNotNull, lt } from "drizzle-orm";
import { siteBase, storyLink } from "~/domain/story/links";
import type { Db } from "../db/client.server";
import { BOOK_CREDIT_COST, bookDeductionKey, creditBalance } from "../db/credits.server";
import { ownerOf, type Owner } from "../db/owner.server";
import { creditLedger, emailDeliveries, storybookPages, storybooks, userProfiles, users } from "../db/schema/index";
import type { Logger } from "../log.server";
import type { Deliveries, DeliveryResult } from "./deliveries.server";
import { EMAIL_LINK_TTL_MS, unsubscribeHeaders, type EmailLinks } from "./links.server";
import { createSocialEmails } from "./social.server";
import type { ReceiptSummary } from "~/domain/pricing/orders";
import { ninoSafeReplyEmail, pdfReadyEmail, planPurchaseEmail, refundConfirmedEmail, storyReadyEmail } from "./templates";

/** The message ids (idempotency keys): one story e-mail per book, one purchase e-mail per order. */
export const storyReadyId = (bookId: string) => `story-ready:${bookId}`;
export const planPurchaseId = (orderId: string) => `plan-purchase:${orderId}`;
export const refundConfirmedId = (orderId: string) => `refund:${orderId}`;
/** "E-mail me the PDF" twice within this window sends one e-mail (a double tap, two tabs). */
export const PDF_EMAIL_WINDOW_MS = 10 * 60_000;
export const bookPdfId = (bookId: string, at: number) => `book-pdf:${bookId}:${Math.floor(at / PDF_EMAIL_WINDOW_MS)}`;

/**
 * At most this many "Nino gave the safe reply" e-mails to one address in 24 hours (one per
 * conversation below that): a script opening conversation after conversation cannot flood a
 * parent's inbox or our sending reputation. The record on /nino-friendship keeps every one.
 */
export const SAFE_REPLY_EMAILS_PER_DAY = 10;

const days = (ms: number) => Math.round(ms / (24 * 60 * 60_000));

/** Who an e-mail about a book goes to, and how to greet them. */
export interface BookRecipient {
  email: string;
  /** the parent's first name; null for a visitor without an account */
  name: string | null;
  /** true for an account's confirmed address, false for the address a visitor left on the form */
  account: boolean;
}

export type BookEmailResult =
  { ok: true; delivery: DeliveryResult; to: string } | { ok: false; reason: "not-found" | "not-ready" | "no-address"; message: string };

export const BOOK_EMAIL_MESSAGES = {
  "not-found": "Book not found",
  "not-ready": "The book is not finished yet",
  "no-address": "There is no confirmed e-mail address for this book. Sign in (or create an account) to have it e-mailed.",
} as const;

export interface NotificationDeps {
  db: Db;
  deliveries: Deliveries;
  links: EmailLinks;
  log: Logger;
  now?: () => number;
}

/**
 * The e-mails the server sends about a family's books and purchases. Every address, link and
 * picture in them is taken from the database, never from a request: the recipient is the owning
 * account's confirmed address (or, for a visitor without an account, the address left on that
 * book's form), and links that must work without signing in are expiring tokens (links.server.ts).
 */
export function createNotifications({ db, deliveries, links, log, now = Date.now }: NotificationDeps) {
  // Sharing with family: the share e-mail (storyShared) and the daily digest (sweepDigests).
  const social = createSocialEmails({ db, deliveries, links, log, now });

  async function recipientOf(book: { userProfileId: string | null; notifyEmail: string | null }): Promise<BookRecipient | null> {
    if (book.userProfileId) {
      const [row] = await db
        .select({ email: users.email, firstName: userProfiles.firstName, fullName: userProfiles.fullName })
        .from(userProfiles)
        .innerJoin(users, eq(users.id, userProfiles.userId))
        .where(and(eq(userProfiles.id, book.userProfileId), isNotNull(users.emailVerifiedAt)))
        .limit(1);
      if (!row) return null;
      return { email: row.email, name: row.firstName?.trim() || row.fullName?.trim().split(/\s+/)[0] || null, account: true };
    }
    return book.notifyEmail ? { email: book.notifyEmail, name: null, account: false } : null;
  }

  /** The account of a profile, for the purchase e-mails: its address and the name it goes by. */
  async function accountOf(userProfileId: string): Promise<{ email: string; fullName: string } | null> {
    const [row] = await db
      .select({ email: users.email, firstName: userProfiles.firstName, lastName: userProfiles.lastName, fullName: userProfiles.fullName })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(userProfiles.id, userProfileId))
      .limit(1);
    if (!row) return null;
    return { email: row.email, fullName: row.fullName?.trim() || [row.firstName, row.lastName].filter(Boolean).join(" ") };
  }

  async function bookRow(bookId: string) {
    const [row] = await db.select().from(storybooks).where(eq(storybooks.bookId, bookId)).limit(1);
    return row ?? null;
  }

  async function creditsOf(book: { bookId: string; visitorId: string | null; userProfileId: string | null }) {
    const owner = ownerOf(book);
    const [charge] = await db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, bookDeductionKey(book.bookId)))
      .limit(1);
    return { used: charge ? Math.abs(charge.delta) || BOOK_CREDIT_COST : 0, left: await creditBalance(db, owner) };
  }

  async function storyReady(bookId: string, site: string): Promise<BookEmailResult> {
    const existing = await deliveries.state(storyReadyId(bookId));
    if (existing) {
      await db.update(storybooks).set({ readyEmailDue: false }).where(eq(storybooks.bookId, bookId));
      return { ok: true, delivery: existing, to: "" };
    }
    const book = await bookRow(bookId);
    if (!book) return { ok: false, reason: "not-found", message: BOOK_EMAIL_MESSAGES["not-found"] };
    if (book.status !== "complete") return { ok: false, reason: "not-ready", message: BOOK_EMAIL_MESSAGES["not-ready"] };
    const to = await recipientOf(book);
    if (!to) {
      await db.update(storybooks).set({ readyEmailDue: false }).where(eq(storybooks.bookId, bookId));
      return { ok: false, reason: "no-address", message: BOOK_EMAIL_MESSAGES["no-address"] };
    }
    const base = siteBase(site);
    const pages = await db
      .select({ pageType: storybookPages.pageType, content: storybookPages.content, imageKey: storybookPages.imageKey })
      .from(storybookPages)
      .where(eq(storybookPages.bookId, bookId))
      .orderBy(asc(storybookPages.pageNumber));
    const cover = pages.find((p) => p.pageType === "Front Cover" && p.imageKey) ?? pages.find((p) => p.imageKey);
    const firstPage = pages.find((p) => p.pageType === "Story Page" && p.content.trim());
    let link: string;
    let linkNote: string | null = null;
    if (book.isPublic && book.slug) link = storyLink(base, { slug: book.slug, bookId });
    else if (to.account) {
      link = storyLink(base, { bookId });
      linkNote = "Sign in with this e-mail address to open it on any device.";
    } else {
      link = `${base}/read/${await links.issue("read-book", { bookId })}`;
      linkNote = `The link opens the book on any device for ${days(EMAIL_LINK_TTL_MS["read-book"])} days. Create a free account to keep it for good.`;
    }
    const coverUrl = cover ? `${base}/api/email/cover/${await links.issue("book-cover", { bookId })}` : null;
    const unsubscribeUrl = `${base}/unsubscribe/${await links.issue("unsubscribe", { email: to.email, list: "notifications" })}`;
    const credits = await creditsOf(book);
    const rendered = await storyReadyEmail({
      name: to.name,
      title: book.title?.trim() || `${book.childName}'s story`,
      childName: book.childName,
      coverUrl,
      firstPageText: firstPage?.content ?? "",
      creditsUsed: credits.used,
      creditsLeft: credits.left,
      link,
      linkNote,
      unsubscribeUrl,
    });
    const delivery = await deliveries.send({
      id: storyReadyId(bookId),
      kind: "story",
      to: to.email,
      ...rendered,
      headers: unsubscribeHeaders(unsubscribeUrl),
      list: "notifications",
      bookId,
    });
    await db.update(storybooks).set({ readyEmailDue: false }).where(eq(storybooks.bookId, bookId));
    return { ok: true, delivery, to: to.email };
  }

  return {
    recipientOf,

    /**
     * The story e-mail, once per finished book: called by the book's Workflow after its last step,
     * by the cron sweep for a book whose runner stopped before it, and by the story-completion API.
     * A book without an address to write to gets none. Never throws for a provider failure.
     */
    storyReady,

    /**
     * "E-mail me the PDF": a link to the book's PDF (made on first download and kept), to the
     * owner's address. Two requests within ten minutes send one e-mail.
     */
    async bookPdf(owner: Owner, bookId: string, site: string): Promise<BookEmailResult> {
      const book = await bookRow(bookId);
      const mine =
        book && (owner.kind === "profile" ? book.userProfileId === owner.userProfileId : book.userProfileId === null && book.visitorId === owner.visitorId);
      if (!book || !mine) return { ok: false, reason: "not-found", message: BOOK_EMAIL_MESSAGES["not-found"] };
      if (book.status !== "complete") return { ok: false, reason: "not-ready", message: BOOK_EMAIL_MESSAGES["not-ready"] };
      const to = await recipientOf(book);
      if (!to) return { ok: false, reason: "no-address", message: BOOK_EMAIL_MESSAGES["no-address"] };
      const id = bookPdfId(bookId, now());
      const existing = await deliveries.state(id);
      if (existing) return { ok: true, delivery: existing, to: to.email };
      const base = siteBase(site);
      const pdfUrl = `${base}/api/email/pdf/${await links.issue("book-pdf", { bookId })}`;
      const rendered = await pdfReadyEmail({
        name: to.name,
        title: book.title?.trim() || `${book.childName}'s story`,
        pdfUrl,
        linkNote: `The download link works for ${days(EMAIL_LINK_TTL_MS["book-pdf"])} days.`,
      });
      const delivery = await deliveries.send({ id, kind: "pdf", to: to.email, ...rendered, bookId });
      return { ok: true, delivery, to: to.email };
    },

    /** The purchase e-mail with the order's receipt, once per paid order, to the account's address. */
    async planPurchase(
      order: { orderId: string; orderNumber: string; userProfileId: string; receipt: ReceiptSummary },
      site: string,
    ): Promise<DeliveryResult | null> {
      const id = planPurchaseId(order.orderId);
      const existing = await deliveries.state(id);
      if (existing) return existing;
      const to = await accountOf(order.userProfileId);
      if (!to) return null;
      const balance = await creditBalance(db, { kind: "profile", userProfileId: order.userProfileId });
      const rendered = await planPurchaseEmail({
        fullName: to.fullName,
        orderId: order.orderNumber,
        creditBalance: balance,
        site: siteBase(site),
        receipt: order.receipt,
        orderUrl: `${siteBase(site)}/order/${order.orderId}`,
      });
      return deliveries.send({ id, kind: "plan-purchase", to: to.email, ...rendered });
    },

    /** The refund of an order's unused credits went through: once per order. */
    async refundConfirmed(
      refund: { orderId: string; orderNumber: string; userProfileId: string; amount: string; credits: number; seller: string },
      site: string,
    ): Promise<DeliveryResult | null> {
      const id = refundConfirmedId(refund.orderId);
      const existing = await deliveries.state(id);
      if (existing) return existing;
      const to = await accountOf(refund.userProfileId);
      if (!to) return null;
      const rendered = await refundConfirmedEmail({
        fullName: to.fullName,
        orderNumber: refund.orderNumber,
        amount: refund.amount,
        credits: refund.credits,
        seller: refund.seller,
        orderUrl: `${siteBase(site)}/order/${refund.orderId}`,
      });
      return deliveries.send({ id, kind: "refund", to: to.email, ...rendered });
    },

    /**
     * Nino gave the safe reply in a conversation of a signed-in parent's family: one e-mail to the
     * account's confirmed address, per conversation (`id` is made from the conversation, so a
     * second safe reply in it sends nothing more). It says when and which helpline was named, never
     * what the child said. No confirmed address: nothing is sent (null). It goes out whatever the
     * notification e-mail choice is: it is about the child's safety, not news. At most
     * SAFE_REPLY_EMAILS_PER_DAY to one address in 24 hours.
     */
    async ninoSafeReply(input: { id: string; userProfileId: string; at: number; helpline: string; site: string }): Promise<DeliveryResult | null> {
      const existing = await deliveries.state(input.id);
      if (existing) return existing;
      const to = await recipientOf({ userProfileId: input.userProfileId, notifyEmail: null });
      if (!to) return null;
      const since = new Date(now() - 24 * 60 * 60_000).toISOString();
      const [sent] = await db
        .select({ n: count() })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.kind, "nino-safety"), eq(emailDeliveries.toAddress, to.email), gt(emailDeliveries.createdAt, since)));
      if ((sent?.n ?? 0) >= SAFE_REPLY_EMAILS_PER_DAY) {
        log.warn("nino safe reply e-mail not sent: the address had its e-mails of the day", { id: input.id });
        return null;
      }
      const rendered = await ninoSafeReplyEmail({
        name: to.name,
        at: new Date(input.at),
        helpline: input.helpline,
        viewUrl: `${siteBase(input.site)}/nino-friendship`,
      });
      return deliveries.send({ id: input.id, kind: "nino-safety", to: to.email, ...rendered });
    },

    /**
     * The cron trigger's pass: story e-mails of books that finished while their runner stopped
     * before queueing one (oldest first), so no finished book goes without its e-mail.
     */
    async sweepDue(site: string, limit = 25): Promise<number> {
      const quiet = new Date(now() - 60_000).toISOString();
      const due = await db
        .select({ bookId: storybooks.bookId })
        .from(storybooks)
        .where(and(eq(storybooks.readyEmailDue, true), eq(storybooks.status, "complete"), lt(storybooks.lastUpdated, quiet)))
        .orderBy(asc(storybooks.lastUpdated))
        .limit(limit);
      for (const { bookId } of due) {
        try {
          await storyReady(bookId, site);
        } catch (error) {
          log.error("story e-mail could not be queued", { bookId, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return due.length;
    },

    ...social,
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
