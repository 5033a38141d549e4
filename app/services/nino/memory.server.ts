import type { MemoryView, RememberPatch } from "~/domain/nino/machine";
import { applyToParts, memoryViewFromParts, recordSession, type MemoryParts } from "~/domain/nino/memory";
import type { Db } from "~/services/db/client.server";
import { getNinoMemory, saveNinoMemory } from "~/services/db/nino-memory.server";
import type { Owner } from "~/services/db/owner.server";

/**
 * Nino's memory of a child in D1 (one row per visitor, or per profile when signed in), wired to the
 * pure memory rules of app/domain/nino/memory.ts: read as the machine's view, `remember` patches and
 * finished sessions written back.
 */

/** A visit that starts this long after the last message is a new session (and the old one is over). */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/** One stretch of talking in a conversation; recorded in the memory once it is over. */
export interface Visit {
  /** epoch ms */
  startedAt: number;
  /** epoch ms of the last message or hello */
  lastActivity: number;
  /** phone, tablet or desktop */
  device?: string;
}

/** The kind of device a User-Agent belongs to (behavior.deviceUsage). */
export function deviceKind(userAgent: string | null | undefined): "phone" | "tablet" | "desktop" {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return "phone";
  return "desktop";
}

export async function readParts(db: Db, owner: Owner): Promise<MemoryParts> {
  const { updatedAt: _updatedAt, ...parts } = await getNinoMemory(db, owner);
  return parts;
}

/** The machine's view of the owner's memory. */
export async function readMemoryView(db: Db, owner: Owner): Promise<MemoryView> {
  return memoryViewFromParts(await readParts(db, owner));
}

/** Applies one folded `remember` patch (app/domain/nino/memory.ts `rememberPatch`) and saves it. */
export async function rememberInD1(db: Db, owner: Owner, patch: RememberPatch, now: number): Promise<MemoryParts> {
  const next = applyToParts(await readParts(db, owner), patch, now);
  await saveNinoMemory(db, owner, next);
  return next;
}

/** Records a finished visit (session time, length, device, times of day) and saves it. */
export async function recordVisitInD1(db: Db, owner: Owner, visit: Visit, utcOffsetMinutes: number | undefined): Promise<MemoryParts> {
  const next = recordSession(await readParts(db, owner), { startedAt: visit.startedAt, endedAt: visit.lastActivity, device: visit.device, utcOffsetMinutes });
  await saveNinoMemory(db, owner, next);
  return next;
}
