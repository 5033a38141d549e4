import { sql, type SQL } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/**
 * Shared column helpers. Every timestamp is an ISO-8601 UTC string with milliseconds
 * (`2025-01-31T18:04:05.123Z`), the same format as `Date.prototype.toISOString()`, so SQL defaults
 * and values written from JavaScript sort and compare as text.
 */
export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** The JavaScript side of `nowIso`, used when drizzle updates a row. */
export const isoNow = () => new Date().toISOString();

/** Text primary keys are random UUIDs made by the application. */
export const newId = () => crypto.randomUUID();

export const createdAt = () => text("created_at").notNull().default(nowIso);
export const updatedAt = () => text("updated_at").notNull().default(nowIso).$onUpdateFn(isoNow);

/**
 * An owner is a visitor (browser fingerprint id, made by the client, so no foreign key) or a user
 * profile (made by us, so a foreign key). Owned rows carry both columns; at least one is set.
 * A row belongs to the profile when `user_profile_id` is set, otherwise to the visitor.
 */
export function ownerPresent(visitorId: unknown, userProfileId: unknown): SQL {
  return sql`${visitorId} IS NOT NULL OR ${userProfileId} IS NOT NULL`;
}

/** SQL for "this column holds one of these values", for CHECK constraints. */
export function oneOf(column: unknown, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;
}

/** Lower-case e-mail addresses only (the application lower-cases before every write and lookup). */
export function lowercased(column: unknown): SQL {
  return sql`${column} = lower(${column})`;
}
