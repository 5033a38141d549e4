import type { AppLoadContext } from "@remix-run/cloudflare";
import { createServices, type Services } from "../app/services/services.server";
import { parseEnv, type Settings } from "../app/services/env.server";
import { ownerOf, type Owner } from "../app/services/db/owner.server";
import { readVisitorId } from "../app/services/visitor.server";
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
    /** the visitor of this request (the Worker guarantees the cookie) */
    visitor: { visitorId: string };
    /** who owns what this request makes or reads: the visitor (a signed-in profile later) */
    owner: Owner;
  }
}

/**
 * The one place where bindings meet code: built once per request. The bindings go into the services
 * and stay there; the context carries only the settings, the services and who is asking.
 */
export function getLoadContext(env: Env, ctx: ExecutionContext, requestId: string, request: Request): AppLoadContext {
  const appEnv = parseEnv(env);
  const visitorId = readVisitorId(request.headers.get("Cookie"));
  if (!visitorId) throw new Error("getLoadContext needs a request that went through identifyVisitor");
  return {
    env: { secrets: appEnv.secrets },
    waitUntil: (work) => ctx.waitUntil(work),
    services: createServices(appEnv, ctx),
    requestId,
    log: log.with({ requestId }),
    visitor: { visitorId },
    owner: ownerOf({ visitorId }),
  };
}
