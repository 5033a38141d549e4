import type { Db } from "./client.server";
import { ownedBy, type Owner } from "./owner.server";
import { ninoMemory, safetyEvents } from "./schema/index";

/** Forgets everything Nino remembers about an owner (the "Forget everything" of /nino-friendship). */
export async function forgetNinoMemory(db: Db, owner: Owner): Promise<void> {
  await db.delete(ninoMemory).where(ownedBy(ninoMemory, owner));
}

/**
 * Deletes the record of Nino's safe replies (safety_events) of an owner: with "Forget everything",
 * account deletion and a visitor's 12 months. An e-mail already sent to the parent stays theirs.
 */
export async function forgetSafetyEvents(db: Db, owner: Owner): Promise<void> {
  await db.delete(safetyEvents).where(ownedBy(safetyEvents, owner));
}
