import { inArray, or } from "drizzle-orm";
import { foldMemory } from "~/domain/nino/memory-merge";
import { SAMPLE_OWNER_ID } from "../books/samples.server";
import { uploadKey } from "../books/uploads.server";
import type { Db } from "../db/client.server";
import { getNinoMemory, ninoMemoryPatchSchema, type NinoMemory } from "../db/nino-memory.server";
import { ownedBy, ownerIdSchema, type Owner } from "../db/owner.server";
import { storybooks } from "../db/schema/index";

/**
 * The claim on sign-in: everything a browser's visitor made before signing in, and no profile owns
 * yet, becomes the profile's, so the parent finds it on every browser of the account.
 *
 * - Rows: storybooks, credit_ledger entries (the visitor's welcome credit and what it spent),
 *   orders, subscriptions, nino_conversations, safety_events and nino_memory move to the profile in ONE D1 batch
 *   (one transaction). Each statement selects "the visitor's rows that no profile owns"
 *   (`visitor_id = ? AND user_profile_id IS NULL`), so claiming again, or ten claims at once, find
 *   nothing left and change nothing. The visitor id stays on the rows, for the record.
 * - Nino's memory: one per owner (a unique index). When the profile has none, the visitor's row
 *   becomes the profile's. When it has one, the profile's memory is kept and the visitor's is folded
 *   into it (app/domain/nino/memory-merge.ts: the profile's name and age win, lists and counts
 *   join), and the visitor's row is deleted, in the same batch, by a compare-and-set on both rows'
 *   updated_at: a claim that read an older state changes nothing, and reads again (at most three
 *   times in all) if the visitor's memory is still there.
 * - A conversation the profile already has under the same session id keeps the profile's row; the
 *   visitor's duplicate row goes.
 * - Photos: a visitor's uploads are under `uploads/{visitorId}/`, a signed-in parent's under
 *   `uploads/{profileId}/` (uploads.server.ts). Before the batch, the photos of the visitor's books
 *   and then its other uploads, at most CLAIM_UPLOAD_LIMIT in all, are copied to the profile's
 *   folder; the batch points the claimed books at the copies; afterwards the originals no book
 *   points at are deleted (one copy of a child's photo, deleted with its book). Copying is
 *   idempotent (the same bytes under the same key), so parallel claims are safe.
 */

/** Most uploads copied by one claim: the books' photos first, then other uploads (one listing, newest first). */
export const CLAIM_UPLOAD_LIMIT = 50;
const MEMORY_ATTEMPTS = 3;

export interface ClaimCounts {
  books: number;
  ledger: number;
  orders: number;
  subscriptions: number;
  conversations: number;
  /** what happened to the visitor's Nino memory */
  memory: "none" | "moved" | "merged";
  /** photos copied to the profile's folder */
  uploads: number;
}

export interface ClaimService {
  claim(visitorId: string, userProfileId: string): Promise<ClaimCounts>;
}

type MemoryState = { row: NinoMemory; present: boolean };

async function readMemories(db: Db, visitor: Owner, profile: Owner): Promise<{ visitor: MemoryState; profile: MemoryState }> {
  const [v, p] = await Promise.all([getNinoMemory(db, visitor), getNinoMemory(db, profile)]);
  return { visitor: { row: v, present: v.updatedAt !== null }, profile: { row: p, present: p.updatedAt !== null } };
}

const parts = (m: NinoMemory) => ({ preferences: m.preferences, history: m.history, learning: m.learning, behavior: m.behavior, friendship: m.friendship });

/** A timestamp after `than` (ISO strings compare as text), so a compare-and-set sees a change. */
function stampAfter(than: string | null): string {
  const now = new Date().toISOString();
  return than && now <= than ? new Date(Date.parse(than) + 1).toISOString() : now;
}

export function createClaimService({ db, images }: { db: Db; images: R2Bucket }): ClaimService {
  const d1 = db.$client;

  /** Copies the visitor's uploads to the profile's folder; answers {original key: copy's key}. */
  async function copyUploads(visitor: Owner & { kind: "visitor" }, userProfileId: string): Promise<Record<string, string>> {
    const from = uploadKey(visitor.visitorId, "");
    const keys = new Set<string>();
    const books = await db
      .select({ photo: storybooks.childImageKey, cropped: storybooks.childImageCroppedKey })
      .from(storybooks)
      .where(ownedBy(storybooks, visitor))
      .limit(CLAIM_UPLOAD_LIMIT);
    for (const b of books) for (const k of [b.photo, b.cropped]) if (k?.startsWith(from) && keys.size < CLAIM_UPLOAD_LIMIT) keys.add(k);
    if (keys.size < CLAIM_UPLOAD_LIMIT) {
      const listed = await images.list({ prefix: from, limit: CLAIM_UPLOAD_LIMIT });
      // newest first among those listed: a form in progress is the likeliest to be sent again after signing in
      for (const o of [...listed.objects].sort((a, b) => b.uploaded.getTime() - a.uploaded.getTime())) {
        if (keys.size < CLAIM_UPLOAD_LIMIT) keys.add(o.key);
      }
    }
    const copies: Record<string, string> = {};
    for (const key of keys) {
      const target = uploadKey(userProfileId, key.slice(from.length));
      if (!(await images.head(target))) {
        const original = await images.get(key);
        if (!original) continue; // another claim moved it meanwhile
        await images.put(target, await original.arrayBuffer(), { httpMetadata: original.httpMetadata, customMetadata: original.customMetadata });
      }
      copies[key] = target;
    }
    return copies;
  }

  /** Deletes the originals that were copied and that no book points at any more. */
  async function deleteOriginals(copies: Record<string, string>): Promise<void> {
    const originals = Object.keys(copies);
    if (originals.length === 0) return;
    const used = await db
      .select({ photo: storybooks.childImageKey, cropped: storybooks.childImageCroppedKey })
      .from(storybooks)
      .where(or(inArray(storybooks.childImageKey, originals), inArray(storybooks.childImageCroppedKey, originals)));
    const stillUsed = new Set(used.flatMap((b) => [b.photo, b.cropped]));
    const unused = originals.filter((k) => !stillUsed.has(k));
    if (unused.length > 0) await images.delete(unused);
  }

  /** The statements that move or fold the visitor's memory, from what was read. */
  function memoryStatements(visitorId: string, userProfileId: string, read: { visitor: MemoryState; profile: MemoryState }): D1PreparedStatement[] {
    if (!read.visitor.present) return [];
    if (!read.profile.present) {
      return [
        d1
          .prepare(
            `UPDATE nino_memory SET user_profile_id = ?2
             WHERE visitor_id = ?1 AND user_profile_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM nino_memory p WHERE p.user_profile_id = ?2)`,
          )
          .bind(visitorId, userProfileId),
      ];
    }
    const merged = ninoMemoryPatchSchema.parse(foldMemory(parts(read.profile.row), parts(read.visitor.row)));
    const stamp = stampAfter(read.profile.row.updatedAt);
    return [
      d1
        .prepare(
          `UPDATE nino_memory SET preferences = ?, history = ?, learning = ?, behavior = ?, friendship = ?, updated_at = ?
           WHERE user_profile_id = ? AND updated_at = ?
             AND EXISTS (SELECT 1 FROM nino_memory v WHERE v.visitor_id = ? AND v.user_profile_id IS NULL AND v.updated_at = ?)`,
        )
        .bind(
          JSON.stringify(merged.preferences),
          JSON.stringify(merged.history),
          JSON.stringify(merged.learning),
          JSON.stringify(merged.behavior),
          JSON.stringify(merged.friendship),
          stamp,
          userProfileId,
          read.profile.row.updatedAt,
          visitorId,
          read.visitor.row.updatedAt,
        ),
      d1
        .prepare(
          `DELETE FROM nino_memory WHERE visitor_id = ? AND user_profile_id IS NULL AND updated_at = ?
             AND EXISTS (SELECT 1 FROM nino_memory p WHERE p.user_profile_id = ? AND p.updated_at = ?)`,
        )
        .bind(visitorId, read.visitor.row.updatedAt, userProfileId, stamp),
    ];
  }

  const moveRows = (table: "credit_ledger" | "orders" | "subscriptions", visitorId: string, userProfileId: string) =>
    d1.prepare(`UPDATE ${table} SET user_profile_id = ?2 WHERE visitor_id = ?1 AND user_profile_id IS NULL`).bind(visitorId, userProfileId);

  return {
    async claim(visitorIdInput, userProfileIdInput) {
      const visitorId = ownerIdSchema.parse(visitorIdInput);
      const userProfileId = ownerIdSchema.parse(userProfileIdInput);
      const visitor = { kind: "visitor", visitorId } as const;
      const profile = { kind: "profile", userProfileId } as const;
      const counts: ClaimCounts = { books: 0, ledger: 0, orders: 0, subscriptions: 0, conversations: 0, memory: "none", uploads: 0 };
      // the sample books' reserved owner is never a browser, and its books are nobody's to take
      if (visitorId === SAMPLE_OWNER_ID) return counts;

      const copies = await copyUploads(visitor, userProfileId);
      counts.uploads = Object.keys(copies).length;
      let read = await readMemories(db, visitor, profile);
      const memory = memoryStatements(visitorId, userProfileId, read);
      const results = await d1.batch([
        d1
          .prepare(
            // A visitor's "e-mail me" address gives way to the account's confirmed one.
            `UPDATE storybooks SET user_profile_id = ?2, notify_email = NULL,
               child_image_key = coalesce((SELECT value FROM json_each(?3) WHERE key = storybooks.child_image_key), child_image_key),
               child_image_cropped_key = coalesce((SELECT value FROM json_each(?3) WHERE key = storybooks.child_image_cropped_key), child_image_cropped_key)
             WHERE visitor_id = ?1 AND user_profile_id IS NULL`,
          )
          .bind(visitorId, userProfileId, JSON.stringify(copies)),
        moveRows("credit_ledger", visitorId, userProfileId),
        moveRows("orders", visitorId, userProfileId),
        moveRows("subscriptions", visitorId, userProfileId),
        d1
          .prepare(
            `UPDATE nino_conversations SET user_profile_id = ?2
             WHERE visitor_id = ?1 AND user_profile_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM nino_conversations p WHERE p.user_profile_id = ?2 AND p.session_id = nino_conversations.session_id)`,
          )
          .bind(visitorId, userProfileId),
        d1.prepare("DELETE FROM nino_conversations WHERE visitor_id = ? AND user_profile_id IS NULL").bind(visitorId),
        ...memory,
        // the record of Nino's safe replies follows its conversations (the parent sees it signed in)
        d1
          .prepare(
            `UPDATE safety_events SET user_profile_id = ?2
             WHERE visitor_id = ?1 AND user_profile_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM safety_events p WHERE p.user_profile_id = ?2 AND p.session_id = safety_events.session_id)`,
          )
          .bind(visitorId, userProfileId),
        d1.prepare("DELETE FROM safety_events WHERE visitor_id = ? AND user_profile_id IS NULL").bind(visitorId),
      ]);
      const changes = (i: number) => results[i]?.meta.changes ?? 0;
      counts.books = changes(0);
      counts.ledger = changes(1);
      counts.orders = changes(2);
      counts.subscriptions = changes(3);
      counts.conversations = changes(4);
      if (memory.length > 0 && changes(6) > 0) counts.memory = read.profile.present ? "merged" : "moved";

      // The visitor's memory changed between the read and the batch (Nino was talking): read again.
      for (let attempt = 1; attempt < MEMORY_ATTEMPTS && counts.memory === "none"; attempt += 1) {
        read = await readMemories(db, visitor, profile);
        const again = memoryStatements(visitorId, userProfileId, read);
        if (again.length === 0) break;
        const done = await d1.batch(again);
        if ((done[0]?.meta.changes ?? 0) > 0) counts.memory = read.profile.present ? "merged" : "moved";
      }

      await deleteOriginals(copies);
      return counts;
    },
  };
}
