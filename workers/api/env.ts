import type { AppLoadContext } from "@remix-run/cloudflare";

/** What every API route sees: the Worker's bindings and, as `app`, the request's load context. */
export type ApiEnv = { Bindings: Env; Variables: { app: AppLoadContext } };
