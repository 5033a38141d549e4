import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { emailDeliveries, emailSuppressions, type EmailList } from "../db/schema/index";
import type { Logger } from "../log.server";
import { isEmailSendError, type EmailKind, type EmailSender } from "./types";

/** One message for the server to deliver: its id is its idempotency key (see email_deliveries). */
export interface QueuedEmail {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** the list its unsubscribe link leaves; a notification to an address that left is not sent */
  list?: EmailList | null;
  /** the book it is about: the delivery is deleted with the book */
  bookId?: string | null;
}

export type DeliveryState = "sent" | "pending" | "sending" | "failed" | "skipped";

export interface DeliveryResult {
  id: string;
  /** where the message stands after this call */
  status: DeliveryState;
  /** the provider's id once sent */
  providerId: string | null;
  provider: string | null;
  /** true when this call put the message in the queue (false: it was there already) */
  queued: boolean;
}

/**
 * How long a failed attempt waits before the next: 1 min, 5 min, 15 min, 1 h, 6 h. After the last,
 * the message is given up (status failed) and the log says so.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An attempt that has not finished after this long is taken to have died with its runner. */
export const SEND_LEASE_MS = 2 * 60_000;
/** Sent and abandoned deliveries are kept this long (support can see what went out), then deleted. */
export const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Whether a failure may pass: the provider was unreachable, busy (429) or broken (5xx). */
function transient(error: unknown): boolean {
  if (!isEmailSendError(error)) return true;
  if (error.reason === "invalid_message") return false;
  if (error.reason === "provider_error") return error.status === undefined || error.status === 429 || error.status >= 500;
  return true;
}

function describe(error: unknown): string {
  if (isEmailSendError(error)) return error.detail.slice(0, 500);
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export interface DeliveryDeps {
  db: Db;
  sender: EmailSender;
  from: string;
  log: Logger;
  now?: () => number;
}

/**
 * The durable queue behind every e-mail the server sends on its own. `send` stores the message
 * (once per id) and tries it at once; a failure that may pass is tried again by `sweep` (the cron
 * trigger) with a growing delay. Each attempt claims the row first, so two runners never send the
 * same message at once, and the provider gets the id as its idempotency key, so a retry after a
 * crash between "sent" and "recorded" is not delivered twice.
 */
export function createDeliveries({ db, sender, from, log, now = Date.now }: DeliveryDeps) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function state(id: string): Promise<DeliveryResult | null> {
    const [row] = await db
      .select({ id: emailDeliveries.id, status: emailDeliveries.status, providerId: emailDeliveries.providerId, provider: emailDeliveries.provider })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, id))
      .limit(1);
    return row ? { ...row, queued: false } : null;
  }

  /** Stores the message unless one with the same id exists. Returns whether this call stored it. */
  async function queue(message: QueuedEmail): Promise<boolean> {
    const stored = await db
      .insert(emailDeliveries)
      .values({
        id: message.id,
        kind: message.kind,
        toAddress: message.to.trim().toLowerCase(),
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: JSON.stringify(message.headers ?? {}),
        list: message.list ?? null,
        bookId: message.bookId ?? null,
        nextAttemptAt: iso(now()),
      })
      .onConflictDoNothing({ target: emailDeliveries.id })
      .returning({ id: emailDeliveries.id });
    return stored.length > 0;
  }

  /** One attempt at a message that is due (or whose last attempt died). */
  async function attempt(id: string): Promise<DeliveryResult | null> {
    const at = now();
    const [row] = await db
      .update(emailDeliveries)
      .set({ status: "sending", attempts: sql`${emailDeliveries.attempts} + 1`, leaseUntil: iso(at + SEND_LEASE_MS) })
      .where(
        and(
          eq(emailDeliveries.id, id),
          or(
            and(eq(emailDeliveries.status, "pending"), lte(emailDeliveries.nextAttemptAt, iso(at))),
            and(eq(emailDeliveries.status, "sending"), lt(emailDeliveries.leaseUntil, iso(at))),
          ),
        ),
      )
      .returning();
    if (!row) return state(id);

    if (row.list) {
      const [left] = await db
        .select({ email: emailSuppressions.email })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.email, row.toAddress), eq(emailSuppressions.list, row.list)))
        .limit(1);
      if (left) {
        await db
          .update(emailDeliveries)
          .set({ status: "skipped", leaseUntil: null, lastError: "the address left this list" })
          .where(eq(emailDeliveries.id, id));
        return { id, status: "skipped", providerId: null, provider: null, queued: false };
      }
    }

    let headers: Record<string, string> = {};
    try {
      headers = JSON.parse(row.headers) as Record<string, string>;
    } catch {
      /* stored by this code: always JSON */
    }
    try {
      const sent = await sender.send({
        kind: row.kind as EmailKind,
        to: [row.toAddress],
        from,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers,
        idempotencyKey: row.id,
      });
      await db
        .update(emailDeliveries)
        .set({ status: "sent", sentAt: iso(now()), leaseUntil: null, provider: sent.provider, providerId: sent.id, lastError: null })
        .where(eq(emailDeliveries.id, id));
      return { id, status: "sent", providerId: sent.id, provider: sent.provider, queued: false };
    } catch (error) {
      const again = transient(error) && row.attempts < MAX_ATTEMPTS;
      const wait = RETRY_DELAYS_MS[Math.min(row.attempts - 1, RETRY_DELAYS_MS.length - 1)];
      await db
        .update(emailDeliveries)
        .set({
          status: again ? "pending" : "failed",
          leaseUntil: null,
          lastError: describe(error),
          nextAttemptAt: iso(now() + (again ? wait : 0)),
        })
        .where(eq(emailDeliveries.id, id));
      (again ? log.warn : log.error)(again ? "e-mail not sent yet; it will be tried again" : "e-mail given up", {
        id,
        kind: row.kind,
        attempts: row.attempts,
        error: describe(error),
      });
      return { id, status: again ? "pending" : "failed", providerId: null, provider: null, queued: false };
    }
  }

  return {
    /** Queues the message (once per id) and tries it now. Never throws for a provider failure. */
    async send(message: QueuedEmail): Promise<DeliveryResult> {
      const queued = await queue(message);
      const result = (await attempt(message.id)) ?? { id: message.id, status: "pending" as const, providerId: null, provider: null, queued };
      return { ...result, queued };
    },

    /** Whether a message with this id exists already (a caller skips building it again). */
    state,

    /** The cron trigger's pass: every due message, oldest first, then old rows are deleted. */
    async sweep(limit = 50): Promise<{ tried: number; sent: number; removed: number }> {
      const at = iso(now());
      const due = await db
        .select({ id: emailDeliveries.id })
        .from(emailDeliveries)
        .where(
          or(
            and(eq(emailDeliveries.status, "pending"), lte(emailDeliveries.nextAttemptAt, at)),
            and(eq(emailDeliveries.status, "sending"), lt(emailDeliveries.leaseUntil, at)),
          ),
        )
        .orderBy(emailDeliveries.nextAttemptAt)
        .limit(limit);
      let sent = 0;
      for (const { id } of due) if ((await attempt(id))?.status === "sent") sent += 1;
      const removed = await db
        .delete(emailDeliveries)
        .where(and(inArray(emailDeliveries.status, ["sent", "failed", "skipped"]), lt(emailDeliveries.createdAt, iso(now() - DELIVERY_KEEP_MS))))
        .returning({ id: emailDeliveries.id });
      return { tried: due.length, sent, removed: removed.length };
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
