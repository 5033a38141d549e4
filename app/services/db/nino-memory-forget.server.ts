import type { Db } from "./client.server";
import { ownedBy, type Owner } from "./owner.server";
import { ninoMemory } from "./schema/index";

/** Forgets everything Nino remembers about an owner (the "Forget everything" of /nino-friendship). */
export async function forgetNinoMemory(db: Db, owner: Owner): Promise<void> {
  await db.delete(ninoMemory).where(ownedBy(ninoMemory, owner));
}
