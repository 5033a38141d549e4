import { randomToken, sha256Hex } from "../auth/crypto.server";
import type { Db } from "../db/client.server";
import { shareLinks } from "../db/schema/index";

/** A link's token is what randomToken makes (43 base64url characters); anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isShareLinkToken = (token: unknown): token is string => typeof token === "string" && TOKEN_SHAPE.test(token);

/** A new sign-in link for a share; the database keeps only the token's SHA-256. */
export async function issueShareLink(
  db: Db,
  input: { shareId: string; now: number; ttlMs: number; askedByVisitor: string | null },
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const id = await sha256Hex(token);
  await db.insert(shareLinks).values({
    id,
    shareId: input.shareId,
    askedByVisitor: input.askedByVisitor,
    createdAt: new Date(input.now).toISOString(),
    expiresAt: new Date(input.now + input.ttlMs).toISOString(),
  });
  return { id, token };
}

/**
 * Spends a share's link for this browser: one UPDATE marks it used only while it is unused and not
 * expired, so of many opens at once exactly one gets it. Null: unknown, used, expired, or another
 * share's link.
 */
export async function spendShareLink(
  db: Db,
  input: { shareId: string; token: string; visitorId: string; now: number },
): Promise<{ askedByVisitor: string | null } | null> {
  if (!isShareLinkToken(input.token)) return null;
  const nowIso = new Date(input.now).toISOString();
  const row = await db.$client
    .prepare(
      `UPDATE share_links SET used_at = ?1, used_by_visitor = ?2
       WHERE id = ?3 AND share_id = ?4 AND used_at IS NULL AND expires_at > ?1
       RETURNING asked_by_visitor`,
    )
    .bind(nowIso, input.visitorId, await sha256Hex(input.token), input.shareId)
    .first<{ asked_by_visitor: string | null }>();
  return row ? { askedByVisitor: row.asked_by_visitor } : null;
}
