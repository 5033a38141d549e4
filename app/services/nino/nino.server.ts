import type { Db } from "../db/client.server";
import { getNinoMemory, type NinoMemory } from "../db/nino-memory.server";
import type { Owner } from "../db/owner.server";
import { conversationsOf, forgetEverything } from "./conversations.server";
import { safeRepliesOf, type SafeReplyRecord } from "./safety.server";

/**
 * What the pages need of Nino: what he remembers of a family, the conversations it has had, and
 * "Forget everything". The conversations live in Durable Objects; this service holds their binding
 * so a page never does.
 */
export interface NinoService {
  /** Nino's memory of the owner; the empty memory (updatedAt null) when he has not met them */
  memory(owner: Owner): Promise<NinoMemory>;
  /** the session ids of the owner's conversations */
  conversations(owner: Owner): Promise<string[]>;
  /** wipes every conversation of the owner in its Durable Object, then the list and the memory */
  forgetEverything(owner: Owner): Promise<{ conversations: number }>;
  /** the conversations in which Nino gave the safe reply (when, and the helpline named), newest first */
  safeReplies(owner: Owner): Promise<SafeReplyRecord[]>;
}

export function createNinoService(deps: { db: Db; conversations: Env["NINO_SESSION"] }): NinoService {
  return {
    memory: (owner) => getNinoMemory(deps.db, owner),
    conversations: (owner) => conversationsOf(deps.db, owner),
    forgetEverything: (owner) => forgetEverything(deps.db, deps.conversations, owner),
    safeReplies: (owner) => safeRepliesOf(deps.db, owner),
  };
}
