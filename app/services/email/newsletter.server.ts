import { and, eq, isNull, lte, or } from "drizzle-orm";
import { NEWSLETTER_MESSAGES } from "~/domain/newsletter";
import { newsletterSignupSchema, type NewsletterSignupInput } from "~/domain/newsletter-schema";
import { siteBase } from "~/domain/story/links";
import { hit, type Limit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { subscribers, type EmailList } from "../db/schema/index";
import type { Logger } from "../log.server";
import type { Deliveries } from "./deliveries.server";
import { unsubscribeHeaders, type EmailLinks } from "./links.server";
import { newsletterConfirmEmail, newsletterWelcomeEmail } from "./templates";

/** A still-unconfirmed address is sent its confirmation again at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;
/** Sign-ups per client address (each may send an e-mail to a stranger's address). */
export const NEWSLETTER_LIMIT: Limit = { max: 10, windowS: 60 * 60 };
/** The user agent kept with a sign-up, cut to this length. */
const USER_AGENT_MAX = 200;

/** The message ids (idempotency keys): one confirmation per address and 10 minutes, one welcome per confirmation. */
export const confirmationId = (email: string, at: number) => `newsletter-confirm:${email}:${Math.floor(at / CONFIRMATION_RESEND_MS)}`;
export const welcomeId = (email: string, confirmedAt: string) => `newsletter-welcome:${email}:${confirmedAt}`;

export const confirmUrl = (site: string, token: string) => `${siteBase(site)}/newsletter/confirm/${token}`;
export const unsubscribeUrl = (site: string, token: string) => `${siteBase(site)}/unsubscribe/${token}`;

export type SubscribeResult =
  | {
      ok: true;
      /** new: a new address; reactivated: one that had left; already: on the list */
      status: "subscribed" | "reactivated" | "already";
      message: string;
      /** true when this sign-up sent the confirmation e-mail */
      confirmationSent: boolean;
      /** whether the address's owner has confirmed (nothing is sent to it before) */
      confirmed: boolean;
    }
  | { ok: false; reason: "invalid"; message: string; field: "email" | "metadata" | "other" }
  | { ok: false; reason: "rate-limited"; message: string; retryAfterS: number };

export type ConfirmResult = { ok: true; email: string; already: boolean } | { ok: false };
export type UnsubscribeResult = { ok: true; email: string; list: EmailList } | { ok: false };

export interface SubscribeContext {
  /** who is asking (clientKey): counted against NEWSLETTER_LIMIT when given */
  client?: string;
  /** the browser's User-Agent, kept (shortened) with the sign-up */
  userAgent?: string | null;
}

export interface NewsletterDeps {
  db: Db;
  deliveries: Deliveries;
  links: EmailLinks;
  log: Logger;
  now?: () => number;
}

/**
 * The newsletter list with double opt-in. A sign-up puts the address on the list unconfirmed and
 * sends one e-mail: the confirmation, whose link (a single-use token, 7 days) leads to a page whose
 * button confirms; only then the welcome (with a one-click unsubscribe link) and the newsletter
 * follow. Signing up an address again sends its confirmation again, at most every 10 minutes, and
 * never anything to an address that has confirmed already, so the form cannot be used to flood
 * someone's inbox.
 */
export function createNewsletter({ db, deliveries, links, log, now = Date.now }: NewsletterDeps) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function byEmail(email: string) {
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email)).limit(1);
    return row ?? null;
  }

  /**
   * Sends the confirmation unless one went out in the last 10 minutes. The claim on
   * confirmation_sent_at is one conditional update, so two sign-ups at once send one e-mail.
   */
  async function sendConfirmation(email: string, reactivation: boolean, site: string): Promise<boolean> {
    const at = now();
    const claimed = await db
      .update(subscribers)
      .set({ confirmationSentAt: iso(at) })
      .where(
        and(
          eq(subscribers.email, email),
          eq(subscribers.isActive, true),
          isNull(subscribers.confirmedAt),
          or(isNull(subscribers.confirmationSentAt), lte(subscribers.confirmationSentAt, iso(at - CONFIRMATION_RESEND_MS))),
        ),
      )
      .returning({ id: subscribers.id });
    if (claimed.length === 0) return false;
    const token = await links.issue("confirm-newsletter", { email });
    const rendered = await newsletterConfirmEmail({ confirmUrl: confirmUrl(site, token), reactivation });
    const delivery = await deliveries.send({ id: confirmationId(email, at), kind: "newsletter", to: email, ...rendered });
    if (delivery.status === "failed") log.error("newsletter confirmation not sent", { id: delivery.id });
    return delivery.queued;
  }

  async function subscribe(input: NewsletterSignupInput | Record<string, unknown>, site: string, from: SubscribeContext = {}): Promise<SubscribeResult> {
    const parsed = newsletterSignupSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "email" ? "email" : issue?.path[0] === "metadata" ? "metadata" : "other";
      return {
        ok: false,
        reason: "invalid",
        field,
        message: field === "email" ? NEWSLETTER_MESSAGES.invalid : (issue?.message ?? NEWSLETTER_MESSAGES.invalid),
      };
    }
    const { email, firstName, lastName, source } = parsed.data;
    if (from.client) {
      const allowed = await hit(db, `newsletter:${from.client}`, NEWSLETTER_LIMIT, now());
      if (!allowed.ok) {
        const minutes = Math.max(1, Math.ceil(allowed.retryAfterS / 60));
        return {
          ok: false,
          reason: "rate-limited",
          retryAfterS: allowed.retryAfterS,
          message: `Too many sign-ups from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        };
      }
    }
    const userAgent = from.userAgent?.trim().slice(0, USER_AGENT_MAX);
    const metadata = JSON.stringify(userAgent ? { ...parsed.data.metadata, userAgent } : parsed.data.metadata);

    let row = await byEmail(email);
    if (!row) {
      const inserted = await db
        .insert(subscribers)
        .values({ email, firstName, lastName, source, metadata, isActive: true })
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id });
      if (inserted.length > 0) {
        const confirmationSent = await sendConfirmation(email, false, site);
        return { ok: true, status: "subscribed", message: NEWSLETTER_MESSAGES.subscribed, confirmationSent, confirmed: false };
      }
      // Signed up at the same moment by another request: answered like a second sign-up.
      row = await byEmail(email);
      if (!row) throw new Error("subscriber row vanished");
    }

    if (!row.isActive) {
      // Coming back asks the owner of the address again: confirmed_at is cleared until they confirm.
      const back = await db
        .update(subscribers)
        .set({
          isActive: true,
          unsubscribedAt: null,
          confirmedAt: null,
          source,
          metadata,
          ...(firstName ? { firstName } : {}),
          ...(lastName ? { lastName } : {}),
        })
        .where(and(eq(subscribers.id, row.id), eq(subscribers.isActive, false)))
        .returning({ id: subscribers.id });
      if (back.length > 0) {
        const confirmationSent = await sendConfirmation(email, true, site);
        return { ok: true, status: "reactivated", message: NEWSLETTER_MESSAGES.reactivated, confirmationSent, confirmed: false };
      }
      row = (await byEmail(email)) ?? row;
    }

    const confirmed = row.confirmedAt !== null;
    const confirmationSent = confirmed ? false : await sendConfirmation(email, false, site);
    return { ok: true, status: "already", message: NEWSLETTER_MESSAGES.already, confirmationSent, confirmed };
  }

  /** The address a confirmation link is for, while it works (the page asks before confirming). */
  async function confirmation(token: string): Promise<{ email: string } | null> {
    const link = await links.open(token, "confirm-newsletter");
    return link?.email ? { email: link.email } : null;
  }

  /**
   * The confirmation link's button: the address is confirmed once, the welcome goes out once, and
   * the link is spent. An address that left the list meanwhile is not put back by an old link.
   */
  async function confirm(token: string, site: string): Promise<ConfirmResult> {
    const link = await links.open(token, "confirm-newsletter");
    if (!link?.email) return { ok: false };
    const email = link.email;
    const row = await byEmail(email);
    if (!row || !row.isActive) {
      await links.spend(token);
      return { ok: false };
    }
    const [done] = await db
      .update(subscribers)
      .set({ confirmedAt: iso(now()) })
      .where(and(eq(subscribers.id, row.id), eq(subscribers.isActive, true), isNull(subscribers.confirmedAt)))
      .returning({ confirmedAt: subscribers.confirmedAt });
    if (done?.confirmedAt) {
      const leave = unsubscribeUrl(site, await links.issue("unsubscribe", { email, list: "newsletter" }));
      const rendered = await newsletterWelcomeEmail({ firstName: row.firstName, site: siteBase(site), unsubscribeUrl: leave });
      await deliveries.send({
        id: welcomeId(email, done.confirmedAt),
        kind: "newsletter",
        to: email,
        ...rendered,
        headers: unsubscribeHeaders(leave),
        list: "newsletter",
      });
    }
    await links.spend(token);
    return { ok: true, email, already: !done };
  }

  /** What an unsubscribe link stops, while it works (the page says so before the button). */
  async function unsubscribeLink(token: string): Promise<{ email: string; list: EmailList } | null> {
    const link = await links.open(token, "unsubscribe");
    return link?.email && link.list ? { email: link.email, list: link.list } : null;
  }

  /**
   * The unsubscribe link's button, or a mail provider's one-click POST: the newsletter marks the
   * address inactive; the notification e-mails are stopped for the address. Doing it twice is
   * harmless, so the link keeps working until it expires.
   */
  async function unsubscribe(token: string): Promise<UnsubscribeResult> {
    const link = await unsubscribeLink(token);
    if (!link) return { ok: false };
    if (link.list === "newsletter") {
      await db
        .update(subscribers)
        .set({ isActive: false, unsubscribedAt: iso(now()) })
        .where(and(eq(subscribers.email, link.email), eq(subscribers.isActive, true)));
    } else {
      await links.suppress(link.email, link.list);
    }
    return { ok: true, ...link };
  }

  return { subscribe, confirmation, confirm, unsubscribeLink, unsubscribe };
}

export type Newsletter = ReturnType<typeof createNewsletter>;
