import type { AppLoadContext } from "@remix-run/cloudflare";
import { createServices, type Services } from "../app/services/services.server";
import { isProduction, parseEnv, type Settings } from "../app/services/env.server";
import { marketFor, type MarketInForce, type RequestPlace } from "../app/services/pricing/market.server";
import type { Owner } from "../app/services/db/owner.server";
import type { Account, Identity, ResolvedIdentity } from "../app/services/auth/identity.server";
import { log, type Logger } from "../app/services/log.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    /** the parsed settings (flags, addresses, keys); never a binding: pages reach those through `services` */
    env: Settings;
    /** keeps the Worker alive for work that goes on after the response (e.g. drawing the next sample) */
    waitUntil(work: Promise<unknown>): void;
    services: Services;
    requestId: string;
    /** the server logger, every line carrying this request's id */
    log: Logger;
    /** who is asking: the visitor (the Worker guarantees the cookie) and, when signed in, the account and profile */
    identity: Identity;
    /** the signed-in parent (names, e-mail, session), or null */
    account: Account | null;
    /** who owns what this request makes or reads: the signed-in profile, else the visitor */
    owner: Owner;
    /** the market whose currency this request's prices are in, and where that choice came from */
    market: MarketInForce;
    /** the nonce of this page's Content-Security-Policy, which its inline scripts carry ("" outside a page and in a shared page) */
    cspNonce: string;
    /**
     * true when this page's HTML may be shared between anonymous visitors by the edge cache
     * (app/services/cache/page-cache.server.ts): nothing made for this request or visitor goes into it
     */
    sharedPage: boolean;
  }
}

/** The identity the Worker resolved for a request (workers/app.ts), kept beside the request object with where the request came from. */
const identities = new WeakMap<Request, { resolved: ResolvedIdentity; place: RequestPlace | null }>();

export function rememberIdentity(request: Request, resolved: ResolvedIdentity, place: RequestPlace | null = null): void {
  identities.set(request, { resolved, place });
}

/** A copy of a request (e.g. with headers removed) keeps the identity resolved for the original. */
export function rememberIdentityOf(original: Request, copy: Request): void {
  const remembered = identities.get(original);
  if (remembered) identities.set(copy, remembered);
}

/**
 * The one place where bindings meet code: built once per request. The bindings go into the services
 * and stay there; the context carries only the settings, the services and who is asking.
 */
export function getLoadContext(env: Env, ctx: ExecutionContext, requestId: string, request: Request, cspNonce = "", sharedPage = false): AppLoadContext {
  const appEnv = parseEnv(env);
  const remembered = identities.get(request);
  if (!remembered) throw new Error("getLoadContext needs a request whose identity the Worker resolved");
  return {
    sharedPage,
    env: { secrets: appEnv.secrets },
    waitUntil: (work) => ctx.waitUntil(work),
    services: createServices(appEnv, ctx),
    requestId,
    log: log.with({ requestId }),
    identity: remembered.resolved.identity,
    account: remembered.resolved.account,
    owner: remembered.resolved.owner,
    cspNonce,
    market: marketFor(request, { production: isProduction(appEnv), profileCountry: remembered.resolved.account?.country, cf: remembered.place }),
  };
}

/** The market of a request whose identity the Worker resolved (as its pages get it): one of the edge cache's keys. */
export function marketOf(env: Env, request: Request): MarketInForce {
  const remembered = identities.get(request);
  if (!remembered) throw new Error("marketOf needs a request whose identity the Worker resolved");
  return marketFor(request, { production: isProduction(parseEnv(env)), profileCountry: remembered.resolved.account?.country, cf: remembered.place });
}
