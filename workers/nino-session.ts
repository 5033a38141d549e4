import { DurableObject } from "cloudflare:workers";

/**
 * One Nino conversation. The conversation itself (WebSocket hibernation, the pure machine in
 * app/domain/nino) arrives with the Nino issue; today the object answers health pings and counts them
 * in its own storage so a health check proves storage works too.
 */
export class NinoSession extends DurableObject<Env> {
  async ping(): Promise<"pong"> {
    const n = ((await this.ctx.storage.get<number>("pings")) ?? 0) + 1;
    await this.ctx.storage.put("pings", n);
    return "pong";
  }
}
