import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { inject } from "vitest";
import worker from "../../workers/app";

/** The local fake Resend server started by email-fake-resend.ts. */
export const resendBaseUrl = () => inject("resendBaseUrl");

/** A fresh key whose prefix tells the fake server how to answer (re_ok_, re_fail_422_, re_fail_503_). */
export function resendKey(prefix: "re_ok_" | "re_fail_422_" | "re_fail_503_") {
  return `${prefix}${crypto.randomUUID()}`;
}

/** Calls the Worker's own fetch with the test env plus overrides (Resend key, ENVIRONMENT ...). */
export async function fetchWorker(request: Request, overrides: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export type SeenByResend = { path: string; authorization: string; contentType: string; idempotencyKey: string | null; body: Record<string, unknown> };

/** What the fake Resend server received with this key. */
export async function seenByResend(key: string): Promise<SeenByResend[]> {
  const res = await fetch(`${resendBaseUrl()}/__seen/${encodeURIComponent(key)}`);
  return res.json();
}
