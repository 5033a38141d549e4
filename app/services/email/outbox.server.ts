import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.server";
import { emailOutbox } from "../db/schema/index";
import { EmailSendError, parseEmailMessage, type EmailMessage, type EmailSender, type SendResult } from "./types";

/** An outbox row is never delivered anywhere: it is kept for a developer to read. */
export const OUTBOX_STATUS = "stored";

export interface OutboxSummary {
  id: string;
  /** One of EMAIL_KINDS for every row this code writes. */
  kind: string;
  to: string[];
  subject: string;
  createdAt: string;
}

export interface OutboxEmail extends OutboxSummary {
  from: string;
  /** extra headers the message carries (List-Unsubscribe ...) */
  headers: Record<string, string>;
  replyTo: string | null;
  html: string;
  text: string;
  provider: string;
  status: string;
}

export interface OutboxReader {
  list(limit?: number): Promise<OutboxSummary[]>;
  get(id: string): Promise<OutboxEmail | null>;
}

const toListSchema = z.array(z.string());

function parseTo(raw: string): string[] {
  try {
    const parsed = toListSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    /* fall through: show the stored text as it is */
  }
  return [raw];
}

const headersSchema = z.record(z.string(), z.string());

function parseHeaders(raw: string): Record<string, string> {
  try {
    const parsed = headersSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    /* fall through: no headers to show */
  }
  return {};
}

/**
 * The offline e-mail provider: every message becomes a row in D1's email_outbox, which developers
 * read at /dev/outbox. Used whenever RESEND_API_KEY is not set (services.server.ts decides).
 */
export function createOutboxSender(db: Db, now: () => Date = () => new Date()): EmailSender {
  return {
    provider: "outbox",
    async send(message: EmailMessage): Promise<SendResult> {
      const m = parseEmailMessage("outbox", message);
      const id = `outbox_${crypto.randomUUID()}`;
      try {
        const stored = await db
          .insert(emailOutbox)
          .values({
            id,
            kind: m.kind,
            to: JSON.stringify(m.to),
            from: m.from,
            replyTo: m.replyTo ?? null,
            subject: m.subject,
            html: m.html,
            text: m.text,
            provider: "outbox",
            status: OUTBOX_STATUS,
            headers: JSON.stringify(m.headers ?? {}),
            idempotencyKey: m.idempotencyKey ?? null,
            createdAt: now().toISOString(),
          })
          .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
          .returning({ id: emailOutbox.id });
        // The same idempotency key again: the message is already in the outbox; answer its id, as Resend does.
        if (stored.length === 0 && m.idempotencyKey) {
          const [first] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.idempotencyKey, m.idempotencyKey)).limit(1);
          if (first) return { id: first.id, provider: "outbox" };
        }
      } catch (cause) {
        throw new EmailSendError(
          "outbox",
          "unavailable",
          `the outbox could not store the message (${cause instanceof Error ? cause.message : String(cause)})`,
          undefined,
          { cause },
        );
      }
      return { id, provider: "outbox" };
    },
  };
}

/** Reads the outbox for the development page, newest first. */
export function createOutboxReader(db: Db): OutboxReader {
  return {
    async list(limit = 100) {
      const rows = await db
        .select({ id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject, createdAt: emailOutbox.createdAt })
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
        .limit(Math.max(1, Math.min(limit, 500)));
      return rows.map((r) => ({ ...r, to: parseTo(r.to) }));
    },
    async get(id) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      if (!row) return null;
      const { idempotencyKey: _key, ...rest } = row;
      return { ...rest, to: parseTo(row.to), headers: parseHeaders(row.headers) };
    },
  };
}
