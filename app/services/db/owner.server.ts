import { and, eq, isNull, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";

/** A visitor id (browser fingerprint) or a profile id: letters, digits, '-' and '_', at most 128. */
export const ownerIdSchema = z
  .string()
  .min(1, "An id is required")
  .max(128, "An id is at most 128 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "An id holds only letters, digits, '-' and '_'");

/**
 * Who owns a book, credits, orders or a Nino memory: an anonymous visitor, or a signed-in user's
 * profile. Rows carry `visitor_id` and `user_profile_id`; a row belongs to the profile when
 * `user_profile_id` is set and to the visitor only while it is empty (until claimed on login).
 */
export const ownerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("visitor"), visitorId: ownerIdSchema }),
  // visitorId is optional here: the browser the profile is using, kept on new rows for the record
  z.object({ kind: z.literal("profile"), userProfileId: ownerIdSchema, visitorId: ownerIdSchema.optional() }),
]);
export type Owner = z.infer<typeof ownerSchema>;

/**
 * Owners already checked against ownerSchema. A checked owner is frozen, so it cannot change after
 * its check, and every query a page makes for it (the library page makes several) skips the check.
 */
const checked = new WeakSet<object>();

/** ownerIdSchema's rule as one pattern, for the owners every request makes (the schema is the reference). */
const OWNER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const isOwnerId = (id: unknown): id is string => typeof id === "string" && OWNER_ID.test(id);

/**
 * ownerSchema's answer for a well-formed owner, without the schema: the owner each request resolves
 * is checked here on every request, and a schema parse cost more than the rest of that step. Anything
 * else (a malformed owner, one with unknown keys to strip) goes through the schema and its messages.
 */
function wellFormedOwner(value: unknown): Owner | null {
  if (typeof value !== "object" || value === null) return null;
  const o = value as Record<string, unknown>;
  if (o.kind === "visitor" && isOwnerId(o.visitorId) && Object.keys(o).length === 2) return { kind: "visitor", visitorId: o.visitorId };
  if (o.kind === "profile" && isOwnerId(o.userProfileId)) {
    const keys = Object.keys(o).length;
    if (o.visitorId === undefined && keys === ("visitorId" in o ? 3 : 2)) return { kind: "profile", userProfileId: o.userProfileId };
    if (isOwnerId(o.visitorId) && keys === 3) return { kind: "profile", userProfileId: o.userProfileId, visitorId: o.visitorId };
  }
  return null;
}

/** `value` as a checked owner: checked once, then handed on as it is. */
export function checkedOwner(value: unknown): Owner {
  if (typeof value === "object" && value !== null && checked.has(value)) return value as Owner;
  const owner = Object.freeze(wellFormedOwner(value) ?? ownerSchema.parse(value));
  checked.add(owner);
  return owner;
}

/** The owner for an identity: the profile when signed in, else the visitor. */
export function ownerOf(identity: { visitorId?: string | null; userProfileId?: string | null }): Owner {
  if (identity.userProfileId) {
    return checkedOwner({ kind: "profile", userProfileId: identity.userProfileId, visitorId: identity.visitorId ?? undefined });
  }
  if (identity.visitorId) return checkedOwner({ kind: "visitor", visitorId: identity.visitorId });
  throw new Error("An owner needs a visitor id or a user profile id");
}

interface OwnedColumns {
  visitorId: SQLiteColumn;
  userProfileId: SQLiteColumn;
}

/** WHERE clause selecting the rows an owner owns. */
export function ownedBy(table: OwnedColumns, owner: Owner): SQL {
  const o = checkedOwner(owner);
  return ownedByKind(table, o.kind, o.kind === "profile" ? o.userProfileId : o.visitorId);
}

/**
 * The same clause for an owner of `kind` whose id is `id`: a value, or a prepared query's
 * placeholder bound on each run (the library's queries, app/services/db/storybooks.server.ts).
 */
export function ownedByKind(table: OwnedColumns, kind: Owner["kind"], id: string | Placeholder): SQL {
  return kind === "profile" ? eq(table.userProfileId, id) : (and(eq(table.visitorId, id), isNull(table.userProfileId)) as SQL);
}

/** Column values for a new row owned by `owner`. */
export function ownerColumns(owner: Owner): { visitorId: string | null; userProfileId: string | null } {
  const o = checkedOwner(owner);
  return o.kind === "profile" ? { visitorId: o.visitorId ?? null, userProfileId: o.userProfileId } : { visitorId: o.visitorId, userProfileId: null };
}
