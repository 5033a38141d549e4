import { Hono } from "hono";
import { z } from "zod";
import { NINO_CALLER_HEADER, NINO_MARKET_HEADER, NINO_OWNER_HEADER, NINO_SESSION_HEADER } from "../nino-session";
import type { ApiEnv } from "./env";
import { recordActivity } from "../../app/services/analytics/record.server";
import { notInProduction } from "./dev-only";
import { zodValidator } from "./validate";
import { sessionIdSchema } from "../../app/domain/ids";
import { resolveSite } from "../../app/domain/story/links";
import { conversationName, conversationStub, recordConversation } from "../../app/services/nino/conversations.server";
import { openSocket, TOO_MANY_SOCKETS } from "../../app/services/limits/connections.server";
import { quotaHolder } from "../../app/services/limits/quotas.server";
import { CONNECTIONS_RETRY_AFTER_S, holderOf, overLimit, tooManyRequests } from "./connection-limits";

/**
 * A browser names the page that opens a WebSocket in Origin; CORS does not cover WebSockets, so a
 * page of another site is refused here. Requests without Origin (tools, tests) pass: they carry no
 * one else's cookie.
 */
export function originAllowed(origin: string | undefined, requestUrl: string, websiteUrl: string): boolean {
  if (!origin) return true;
  try {
    const from = new URL(origin).host;
    return from === new URL(requestUrl).host || from === new URL(websiteUrl).host;
  } catch {
    return false;
  }
}

/** A malformed id is a 400 that says what an id looks like. */
const sessionIdParam = zodValidator("param", z.object({ sessionId: sessionIdSchema }), { invalid: (issues) => ({ error: issues[0].message }) });

/**
 * GET /api/nino/{sessionId} with `Upgrade: websocket`: the conversation's WebSocket, served by its
 * Durable Object (workers/nino-session.ts). 400 for a malformed id, 426 without the upgrade, 403
 * from another site's page, 429 past 60 openings a minute per address or per visitor or with 4
 * sockets open per visitor (60 per address) already: each open socket holds a lease, confirmed once
 * its object has accepted it and reclaimed when the object no longer has it open. Each turn then
 * spends the chat endpoint's quotas (workers/nino-turn-limits.ts), of the visitor or account and the
 * address passed to the object here.
 * GET /api/nino/{sessionId}/stats (not in production): the object's stored and in-memory size.
 */
export const nino = new Hono<ApiEnv>()
  .get("/:sessionId", sessionIdParam, async (c) => {
    const { sessionId } = c.req.valid("param");
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      return c.json({ error: "Nino talks over a WebSocket: connect with Upgrade: websocket" }, 426, { Upgrade: "websocket" });
    }
    if (!originAllowed(c.req.header("Origin"), c.req.url, resolveSite(c.get("app").env.secrets.WEBSITE_URL, c.req.url))) {
      return c.json({ error: "Nino's conversations open only from this site" }, 403);
    }
    const { owner, services, market, identity } = c.get("app");
    if (await overLimit(c, "CONNECT_LIMITER", "socket")) return tooManyRequests(c);
    const conversations = c.env.NINO_SESSION;
    const openSockets = async (name: string) => (await conversations.get(conversations.idFromName(name)).stats()).sockets;
    // the lease, and the listing "Forget everything" finds it by later (harmless if refused), together
    const [lease, firstOpen] = await Promise.all([
      openSocket(services.db, holderOf(c), conversationName(owner, sessionId), openSockets),
      recordConversation(services.db, owner, sessionId),
    ]);
    if (!lease) return c.json({ error: TOO_MANY_SOCKETS }, 429, { "Retry-After": String(CONNECTIONS_RETRY_AFTER_S) });
    const headers = new Headers(c.req.raw.headers);
    headers.set(NINO_OWNER_HEADER, JSON.stringify(owner));
    headers.set(NINO_SESSION_HEADER, sessionId);
    // whose daily quotas (and address's limit a minute) the turns spend: the object cannot see the request
    const holder = holderOf(c);
    headers.set(NINO_CALLER_HEADER, JSON.stringify(quotaHolder(identity, holder.client)));
    // the visitor's market: Nino's safe reply names its helpline
    headers.set(NINO_MARKET_HEADER, market.market.country);
    let res: Response;
    try {
      res = await conversationStub(conversations, owner, sessionId).fetch(new Request(c.req.raw, { headers }));
    } catch (error) {
      await lease.release();
      throw error;
    }
    // accepted: the lease is confirmed (and lasts while the object keeps the socket); refused: freed
    if (res.status === 101) {
      c.executionCtx.waitUntil(lease.renew().catch(() => undefined));
      if (firstOpen) void recordActivity(c.get("app"), c.req.raw, "nino_started");
    } else await lease.release();
    return res;
  })
  .get("/:sessionId/stats", notInProduction, sessionIdParam, async (c) => {
    const { sessionId } = c.req.valid("param");
    const stats = await conversationStub(c.env.NINO_SESSION, c.get("app").owner, sessionId).stats();
    return c.json(stats);
  });
