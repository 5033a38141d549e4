import type { AppLoadContext } from "@remix-run/cloudflare";
import { createServices, type Services } from "../app/services/services.server";
import { parseEnv, type AppEnv } from "../app/services/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    cf: ExecutionContext;
    services: Services;
    requestId: string;
  }
}

/** The one place where bindings meet code: built once per request. */
export function getLoadContext(env: Env, ctx: ExecutionContext, requestId: string): AppLoadContext {
  const appEnv = parseEnv(env);
  return { env: appEnv, cf: ctx, services: createServices(appEnv, ctx), requestId };
}
