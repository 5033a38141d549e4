import { DurableObject } from "cloudflare:workers";

/**
 * One Nino conversation. The conversation itself (WebSocket hibernation, the pure machine in
 * app/domain/nino) arrives with the Nino issue; today the object answers health pings after reading its own
 * storage, so a health check proves storage answers too.
 */
export class NinoSession extends DurableObject<Env> {
  /** Health: answers after a read of its own storage, so a broken storage shows as a failure. */
  async ping(): Promise<"pong"> {
    await this.ctx.storage.get("conversation");
    return "pong";
  }
}
