import { and, asc, eq, isNotNull } from "drizzle-orm";
import { hit, type HitResult, type Limit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { ownedBy, type Owner } from "../db/owner.server";
import { orders, storybookPages, storybooks } from "../db/schema/index";
import { orderNumber } from "../payments/payments.server";
import { BOOK_EMAIL_MESSAGES, type Notifications } from "./notifications.server";

/**
 * What the e-mail endpoints answer when a request asks for more than the caller may have. Every
 * e-mail about a book or an order goes only to the address the server holds for its owner.
 */
export const EMAIL_REQUEST_MESSAGES = {
  ...BOOK_EMAIL_MESSAGES,
  "not-yours": "E-mails go only to your own confirmed address. Use the address of your account (or the one you gave for this book).",
  "sign-in": "Sign in to have your order e-mailed to you.",
  "order-not-found": "Order not found",
  "order-not-paid": "This order is not paid yet, so there is no purchase e-mail for it.",
  "contact-limit": "You have sent us several messages in the last hour. Please wait a while before you write again.",
} as const;

/** Messages through the contact endpoint: five an hour per client address. */
export const CONTACT_LIMIT: Limit = { max: 5, windowS: 60 * 60 };

export type Refusal = { ok: false; status: 401 | 403 | 404 | 409 | 422; message: string };

/** An address as stored and compared: trimmed, lower-cased. */
const normal = (email: string) => email.trim().toLowerCase();

/** An address shown back to the browser without giving it away: m***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export interface EmailRequestDeps {
  db: Db;
  notifications: Notifications;
}

/**
 * The checks in front of the e-mails a browser may ask for (the story e-mail again, the PDF link, the
 * purchase e-mail, the contact form): the book or order must be the caller's own, and an address the
 * caller names must be the one the server would write to anyway. Nothing from the request goes into
 * a message: the notifications build every e-mail from the database.
 */
export function createEmailRequests({ db, notifications }: EmailRequestDeps) {
  return {
    /**
     * The caller's own book and the address its e-mails go to (the account's confirmed address, or a
     * visitor's address left on that book's form), when `claimed` is that address; `finished` also
     * asks for a finished book.
     */
    async ownBook(owner: Owner, bookId: string, claimed: string | null, finished = true): Promise<{ ok: true; to: string } | Refusal> {
      const [book] = await db
        .select({ status: storybooks.status, userProfileId: storybooks.userProfileId, notifyEmail: storybooks.notifyEmail })
        .from(storybooks)
        .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
        .limit(1);
      if (!book) return { ok: false, status: 404, message: EMAIL_REQUEST_MESSAGES["not-found"] };
      const to = await notifications.recipientOf(book);
      if (!to) return { ok: false, status: 422, message: EMAIL_REQUEST_MESSAGES["no-address"] };
      if (claimed !== null && normal(claimed) !== normal(to.email)) return { ok: false, status: 403, message: EMAIL_REQUEST_MESSAGES["not-yours"] };
      if (finished && book.status !== "complete") return { ok: false, status: 409, message: EMAIL_REQUEST_MESSAGES["not-ready"] };
      return { ok: true, to: to.email };
    },

    /**
     * One of a signed-in parent's own paid orders, named by its number (SN-1A2B3C4D, as the order
     * pages and e-mails show it) or its id.
     */
    async ownPaidOrder(owner: Owner, ref: string): Promise<{ ok: true; orderId: string; orderNumber: string; userProfileId: string } | Refusal> {
      if (owner.kind !== "profile") return { ok: false, status: 401, message: EMAIL_REQUEST_MESSAGES["sign-in"] };
      const wanted = ref.trim();
      const byNumber = /^SN-[0-9A-F]{8}$/i.test(wanted);
      if (!byNumber && !/^[0-9a-f-]{36}$/i.test(wanted)) return { ok: false, status: 404, message: EMAIL_REQUEST_MESSAGES["order-not-found"] };
      const mine = await db
        .select({ id: orders.id, paidAt: orders.paidAt })
        .from(orders)
        .where(byNumber ? ownedBy(orders, owner) : and(ownedBy(orders, owner), eq(orders.id, wanted.toLowerCase())));
      const order = mine.find((o) => (byNumber ? orderNumber(o.id) === wanted.toUpperCase() : true));
      if (!order) return { ok: false, status: 404, message: EMAIL_REQUEST_MESSAGES["order-not-found"] };
      if (!order.paidAt) return { ok: false, status: 409, message: EMAIL_REQUEST_MESSAGES["order-not-paid"] };
      return { ok: true, orderId: order.id, orderNumber: orderNumber(order.id), userProfileId: owner.userProfileId };
    },

    /** Counts one contact message from a client address against CONTACT_LIMIT. */
    contactAllowed(client: string): Promise<HitResult> {
      return hit(db, `contact:${client}`, CONTACT_LIMIT);
    },

    /**
     * The R2 key of the picture a book's e-mail shows: the front cover's, else the first drawn page's
     * (the same choice the story e-mail made when it issued the cover link).
     */
    async coverKey(bookId: string): Promise<string | null> {
      const pages = await db
        .select({ pageType: storybookPages.pageType, imageKey: storybookPages.imageKey })
        .from(storybookPages)
        .where(and(eq(storybookPages.bookId, bookId), isNotNull(storybookPages.imageKey)))
        .orderBy(asc(storybookPages.pageNumber));
      return (pages.find((p) => p.pageType === "Front Cover") ?? pages[0])?.imageKey ?? null;
    },
  };
}
