import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { bookIdSchema } from "~/domain/ids";
import type { Db } from "./client.server";
import { ownedBy, ownerColumns, ownerSchema, type Owner } from "./owner.server";
import { creditLedger, LEDGER_REASONS, storybooks } from "./schema/index";

/** Credits one book costs: credits are consumed per story. */
export const BOOK_CREDIT_COST = 1;

/** The ledger key that makes "deduct credits for book X" happen at most once. */
export function bookDeductionKey(bookId: string): string {
  return `book:${bookId}:deduct`;
}

/** The owner's balance: the sum of the deltas of its balance-affecting entries. */
export async function creditBalance(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(and(ownedBy(creditLedger, owner), eq(creditLedger.affectsBalance, true)));
  return Number(row?.balance ?? 0);
}

export const ledgerEntrySchema = z.object({
  owner: ownerSchema,
  delta: z
    .number()
    .int()
    .refine((d) => d !== 0, "A ledger entry changes the balance by a non-zero amount"),
  reason: z.enum(LEDGER_REASONS),
  idempotencyKey: z.string().min(1).max(200),
  affectsBalance: z.boolean().default(true),
  bookId: bookIdSchema.optional(),
  orderId: z.string().min(1).max(128).optional(),
  subscriptionId: z.string().min(1).max(128).optional(),
  note: z.string().max(500).optional(),
});

/** Raised when an idempotency key is reused for a different change: a bug in the caller. */
export class LedgerKeyConflictError extends Error {
  constructor(key: string) {
    super(`The ledger key "${key}" was already used for a different entry`);
    this.name = "LedgerKeyConflictError";
  }
}

/**
 * Appends one entry, at most once per idempotency key (e.g. "order:{orderId}:grant"). A retry with the
 * same key and the same change returns the existing entry with created false; the same key with a
 * different delta, reason or owner throws LedgerKeyConflictError. Entries are never updated.
 */
export async function addLedgerEntry(db: Db, input: z.input<typeof ledgerEntrySchema>): Promise<{ created: boolean; entryId: string }> {
  const e = ledgerEntrySchema.parse(input);
  const owner = ownerColumns(e.owner);
  const inserted = await db
    .insert(creditLedger)
    .values({
      ...owner,
      delta: e.delta,
      reason: e.reason,
      affectsBalance: e.affectsBalance,
      idempotencyKey: e.idempotencyKey,
      bookId: e.bookId ?? null,
      orderId: e.orderId ?? null,
      subscriptionId: e.subscriptionId ?? null,
      note: e.note ?? null,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  if (inserted.length > 0) return { created: true, entryId: inserted[0].id };
  const [existing] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, e.idempotencyKey)).limit(1);
  const sameOwner = e.owner.kind === "profile" ? existing?.userProfileId === e.owner.userProfileId : existing?.visitorId === e.owner.visitorId;
  if (!existing || existing.delta !== e.delta || existing.reason !== e.reason || !sameOwner) {
    throw new LedgerKeyConflictError(e.idempotencyKey);
  }
  return { created: false, entryId: existing.id };
}

export const deductForBookSchema = z.object({
  owner: ownerSchema,
  bookId: bookIdSchema,
  cost: z.number().int().min(1).max(100).default(BOOK_CREDIT_COST),
});

export type DeductionStatus = "deducted" | "already-deducted" | "insufficient-credits" | "book-not-found";

/**
 * Deducts the credits for one book, at most once, and sets the book's is_amount_deducted flag.
 * The entry is written by one conditional INSERT that checks, inside D1, that the book belongs to
 * the owner and that the balance covers the cost; its unique key turns a retry (a double click, a
 * replayed workflow step) into "already-deducted" instead of a second charge.
 */
export async function deductForBook(db: Db, input: z.input<typeof deductForBookSchema>): Promise<{ status: DeductionStatus; balance: number }> {
  const { owner, bookId, cost } = deductForBookSchema.parse(input);
  const key = bookDeductionKey(bookId);
  const cols = ownerColumns(owner);
  // Plain D1 statements in one batch (one transaction): drizzle cannot express INSERT ... SELECT ...
  // WHERE with a conditional balance, and the text stays readable this way.
  const ownerOf = (table: "storybooks" | "credit_ledger") =>
    owner.kind === "profile"
      ? { clause: `${table}.user_profile_id = ?`, params: [owner.userProfileId] }
      : { clause: `${table}.visitor_id = ? AND ${table}.user_profile_id IS NULL`, params: [owner.visitorId] };
  const bookOwner = ownerOf("storybooks");
  const ledgerOwner = ownerOf("credit_ledger");
  const d1 = db.$client;
  const [insert] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, visitor_id, user_profile_id, delta, reason, affects_balance, idempotency_key, book_id)
         SELECT ?, ?, ?, ?, 'book_deduction', 1, ?, ?
         WHERE EXISTS (SELECT 1 FROM storybooks WHERE storybooks.book_id = ? AND ${bookOwner.clause})
           AND (SELECT coalesce(sum(credit_ledger.delta), 0) FROM credit_ledger
                WHERE ${ledgerOwner.clause} AND credit_ledger.affects_balance = 1) >= ?
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), cols.visitorId, cols.userProfileId, -cost, key, bookId, bookId, ...bookOwner.params, ...ledgerOwner.params, cost),
    d1
      .prepare(
        `UPDATE storybooks SET is_amount_deducted = 1
         WHERE book_id = ? AND is_amount_deducted = 0
           AND EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key = ?)`,
      )
      .bind(bookId, key),
  ]);
  const balance = await creditBalance(db, owner);
  if ((insert.meta.changes ?? 0) > 0) return { status: "deducted", balance };

  const [book] = await db
    .select({ bookId: storybooks.bookId })
    .from(storybooks)
    .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
    .limit(1);
  if (!book) return { status: "book-not-found", balance };
  const [existing] = await db.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key)).limit(1);
  return { status: existing ? "already-deducted" : "insufficient-credits", balance };
}
