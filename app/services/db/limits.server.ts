import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { connectionLeases, usageQuotas } from "./schema/index";

/**
 * The counts behind the limits on costly endpoints (docs: the costly-endpoints decision). Every
 * decision to let a request spend is one conditional statement, never a read then a write, so many
 * requests at once cannot get past a limit together.
 */

/**
 * `amount` more uses (one unless told) of `bucket` by `subject` in `day` (a UTC day, or any finer
 * period that sorts after it, e.g. a minute "YYYY-MM-DDTHH:MM"), if the count stays within `limit`:
 * one upsert whose update only happens while `used + amount <= limit`. Returns the new count, or
 * null when the quota is spent.
 */
export async function takeQuota(db: Db, input: { subject: string; bucket: string; day: string; limit: number; amount?: number }): Promise<number | null> {
  const amount = input.amount ?? 1;
  if (input.limit < 1 || amount > input.limit) return null;
  const rows = await db
    .insert(usageQuotas)
    .values({ subject: input.subject, bucket: input.bucket, day: input.day, used: amount })
    .onConflictDoUpdate({
      target: [usageQuotas.subject, usageQuotas.bucket, usageQuotas.day],
      set: { used: sql`${usageQuotas.used} + ${amount}` },
      setWhere: sql`${usageQuotas.used} + ${amount} <= ${input.limit}`,
    })
    .returning({ used: usageQuotas.used });
  return rows[0]?.used ?? null;
}

/**
 * One use of `bucket` in `day` for every subject in `limits` at once, only if each one stays within
 * its own limit; else none of them is counted. One INSERT … SELECT of a row per subject whose WHERE
 * checks every count (evaluated once, before any row is written), ON CONFLICT adding to an existing
 * row: both counts move together or not at all. Returns each subject's new count, or null when any
 * limit is reached.
 */
export async function takeQuotas(
  db: Db,
  input: { bucket: string; day: string; limits: { subject: string; limit: number }[] },
): Promise<Map<string, number> | null> {
  const subjects = input.limits.map((l) => l.subject);
  // the same subject twice would be counted twice in one row
  if (new Set(subjects).size !== subjects.length || subjects.length === 0) throw new Error(`takeQuotas needs distinct subjects: ${subjects.join(", ")}`);
  const rows = sql.join(
    subjects.map((s) => sql`SELECT ${s} AS subject`),
    sql` UNION ALL `,
  );
  const within = sql.join(
    input.limits.map(
      (l) =>
        sql`(SELECT coalesce(max(used), 0) FROM usage_quotas WHERE subject = ${l.subject} AND bucket = ${input.bucket} AND day = ${input.day}) < ${l.limit}`,
    ),
    sql` AND `,
  );
  const taken = await db.all<{ subject: string; used: number }>(sql`
    INSERT INTO usage_quotas (subject, bucket, day, used)
    SELECT s.subject, ${input.bucket}, ${input.day}, 1 FROM (${rows}) AS s WHERE ${within}
    ON CONFLICT (subject, bucket, day) DO UPDATE SET used = usage_quotas.used + 1
    RETURNING subject, used`);
  if (taken.length !== subjects.length) return null;
  return new Map(taken.map((r) => [r.subject, r.used]));
}

/**
 * Up to `most` uses of `bucket` in `day` for every subject in `limits` at once: as many as the
 * fullest count leaves (so fewer near a limit), the same number in each row, or none when any limit
 * is reached. One conditional INSERT … SELECT decides and writes them all, as takeQuotas does; the
 * read before it, in the same batch (one D1 transaction, nothing runs between the two), only tells
 * how many it took. Returns that number (0: refused).
 */
export async function takeQuotaBlock(
  db: Db,
  input: { bucket: string; day: string; limits: { subject: string; limit: number }[]; most: number },
): Promise<number> {
  const subjects = input.limits.map((l) => l.subject);
  if (new Set(subjects).size !== subjects.length || subjects.length === 0) throw new Error(`takeQuotaBlock needs distinct subjects: ${subjects.join(", ")}`);
  const { bucket, day } = input;
  const count = "(SELECT coalesce(max(used), 0) FROM usage_quotas WHERE subject = ? AND bucket = ? AND day = ?)";
  const amount = `min(?, ${input.limits.map(() => `? - ${count}`).join(", ")})`;
  const d1 = db.$client;
  const [before, taken] = await d1.batch<{ subject: string; used: number }>([
    d1
      .prepare(`SELECT subject, used FROM usage_quotas WHERE bucket = ? AND day = ? AND subject IN (${subjects.map(() => "?").join(", ")})`)
      .bind(bucket, day, ...subjects),
    d1
      .prepare(
        `INSERT INTO usage_quotas (subject, bucket, day, used)
         SELECT s.subject, ?, ?, amount.n FROM (${subjects.map(() => "SELECT ? AS subject").join(" UNION ALL ")}) AS s, (SELECT ${amount} AS n) AS amount
         WHERE amount.n >= 1
         ON CONFLICT (subject, bucket, day) DO UPDATE SET used = usage_quotas.used + excluded.used
         RETURNING subject, used`,
      )
      .bind(bucket, day, ...subjects, input.most, ...input.limits.flatMap((l) => [l.limit, l.subject, bucket, day])),
  ]);
  if (taken.results.length !== subjects.length) return 0;
  const was = new Map(before.results.map((r) => [r.subject, r.used]));
  const added = new Set(taken.results.map((r) => r.used - (was.get(r.subject) ?? 0)));
  const [n] = [...added];
  // every row moved by the same amount (one statement); anything else would be a bug here
  if (added.size !== 1 || !(n >= 1 && n <= input.most)) throw new Error(`takeQuotaBlock: rows moved by ${[...added].join(", ")}`);
  return n;
}

/** The counts of `bucket` in `day` for these subjects (0 for a subject with no row). */
export async function quotasUsed(db: Db, input: { bucket: string; day: string; subjects: string[] }): Promise<Map<string, number>> {
  const rows = await db
    .select({ subject: usageQuotas.subject, used: usageQuotas.used })
    .from(usageQuotas)
    .where(and(eq(usageQuotas.bucket, input.bucket), eq(usageQuotas.day, input.day), inArray(usageQuotas.subject, input.subjects)));
  const used = new Map(input.subjects.map((s) => [s, 0]));
  for (const r of rows) used.set(r.subject, r.used);
  return used;
}

/** Quota rows of days before `day` (YYYY-MM-DD): nothing reads them any more. */
export async function sweepQuotas(db: Db, day: string): Promise<number> {
  const result = await db.delete(usageQuotas).where(lt(usageQuotas.day, day));
  return result.meta.changes ?? 0;
}

export type LeaseKind = "stream" | "socket";

export interface LeaseRequest {
  id: string;
  kind: LeaseKind;
  visitor: string;
  client: string;
  target: string;
  now: number;
  expiresAt: number;
  /** at most this many live leases of this kind per visitor, and per client key */
  perVisitor: number;
  perClient: number;
}

/**
 * Takes a lease when the visitor and the client both hold fewer live leases of this kind than their
 * caps: one INSERT … SELECT … WHERE (count) < cap AND (count) < cap. D1 runs one statement at a
 * time, so the counts and the insert cannot be split by another request. True when taken.
 */
export async function takeLease(db: Db, r: LeaseRequest): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO connection_leases (id, kind, visitor, client, target, confirmed, created_at, expires_at)
    SELECT ${r.id}, ${r.kind}, ${r.visitor}, ${r.client}, ${r.target}, 0, ${r.now}, ${r.expiresAt}
    WHERE (SELECT count(*) FROM connection_leases WHERE kind = ${r.kind} AND visitor = ${r.visitor} AND expires_at > ${r.now}) < ${r.perVisitor}
      AND (SELECT count(*) FROM connection_leases WHERE kind = ${r.kind} AND client = ${r.client} AND expires_at > ${r.now}) < ${r.perClient}`);
  return (result.meta.changes ?? 0) === 1;
}

/** Moves a lease's expiry on (a stream that is still open), and marks it confirmed. */
export async function renewLease(db: Db, id: string, expiresAt: number): Promise<void> {
  await db.update(connectionLeases).set({ expiresAt, confirmed: true }).where(eq(connectionLeases.id, id));
}

export async function releaseLease(db: Db, id: string): Promise<void> {
  await db.delete(connectionLeases).where(eq(connectionLeases.id, id));
}

/** Leases whose expiry has passed (a crashed stream's): they no longer count, and are deleted here. */
export async function sweepLeases(db: Db, now: number): Promise<number> {
  const result = await db.delete(connectionLeases).where(lt(connectionLeases.expiresAt, now));
  return result.meta.changes ?? 0;
}

export interface HeldLease {
  id: string;
  target: string;
  confirmed: boolean;
  createdAt: number;
}

/** The live leases of one kind held by a visitor or by a client key (for reclaiming closed sockets). */
export async function leasesHeld(db: Db, kind: LeaseKind, by: { visitor: string } | { client: string }, now: number): Promise<HeldLease[]> {
  const who = "visitor" in by ? eq(connectionLeases.visitor, by.visitor) : eq(connectionLeases.client, by.client);
  return db
    .select({ id: connectionLeases.id, target: connectionLeases.target, confirmed: connectionLeases.confirmed, createdAt: connectionLeases.createdAt })
    .from(connectionLeases)
    .where(and(eq(connectionLeases.kind, kind), who, sql`${connectionLeases.expiresAt} > ${now}`))
    .orderBy(asc(connectionLeases.createdAt));
}

/** Every live lease on one target (one conversation), oldest first. */
export async function leasesOn(db: Db, kind: LeaseKind, target: string, now: number): Promise<HeldLease[]> {
  return db
    .select({ id: connectionLeases.id, target: connectionLeases.target, confirmed: connectionLeases.confirmed, createdAt: connectionLeases.createdAt })
    .from(connectionLeases)
    .where(and(eq(connectionLeases.kind, kind), eq(connectionLeases.target, target), sql`${connectionLeases.expiresAt} > ${now}`))
    .orderBy(asc(connectionLeases.createdAt));
}

export async function releaseLeases(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 90) await db.delete(connectionLeases).where(inArray(connectionLeases.id, ids.slice(i, i + 90)));
}
