import { data, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import type { AuthActionData } from "~/components/auth/useAuthForm";
import type { Failure } from "~/services/auth/accounts.server";
import { assertAccountsAvailable, assertSameOrigin, retryAfterHeaders } from "./auth.server";

/**
 * What the account pages' loaders and actions share beyond auth.server.ts: reading a posted form
 * safely, turning a service's failure into the form's answer, the pages' response headers, and
 * whether Google sign-in is set up.
 */

export const UNREADABLE_FORM = "We couldn't read that form. Please fill it in and send it again.";

/**
 * The checks every account form's action starts with (same origin, accounts available) and its
 * body as a form. A body that is not a form is a 400 with a message, never a 500.
 */
export async function readAuthForm(request: Request, context: AppLoadContext): Promise<FormData> {
  assertSameOrigin(request);
  assertAccountsAvailable(context);
  try {
    return await request.formData();
  } catch {
    throw data({ formError: UNREADABLE_FORM }, { status: 400 });
  }
}

/** A text field's value (a file or a missing field is undefined), cut at `max` characters. */
export function formText(form: FormData, name: string, max = 2048): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : undefined;
}

/** The answer of a form that did not go through: the status, Retry-After when limited, the messages. */
export function formFailure(failure: Failure, values: AuthActionData["values"] = {}, extra: Partial<AuthActionData> = {}) {
  const fieldErrors = failure.fieldErrors ?? {};
  const hasFieldErrors = Object.values(fieldErrors).some(Boolean);
  const body: AuthActionData = { formError: hasFieldErrors ? null : failure.message, fieldErrors, values, ...extra };
  return data(body, { status: failure.status, headers: retryAfterHeaders(failure.retryAfterS) });
}

/**
 * The same for a form whose fields are hidden (resend to a known address): a field's message is the
 * form's message, since there is no field to show it beside.
 */
export function hiddenFormFailure(failure: Failure, extra: Partial<AuthActionData> = {}) {
  const first = Object.values(failure.fieldErrors ?? {}).find(Boolean);
  const body: AuthActionData = { formError: first ?? failure.message, fieldErrors: {}, values: {}, ...extra };
  return data(body, { status: failure.status, headers: retryAfterHeaders(failure.retryAfterS) });
}

/** A successful answer that stays on the page (a link was sent again, the names were not saved). */
export function formOk(extra: Partial<AuthActionData>, values: AuthActionData["values"] = {}) {
  const body: AuthActionData = { formError: null, fieldErrors: {}, values, ...extra };
  return data(body, { status: 200 });
}

/**
 * The account pages' headers: never stored by a cache (they differ per person), never framed by
 * another site (a sign-in form inside someone else's page), no Referer to another site (the reset and
 * confirmation pages carry a token in their address; "same-origin" rather than "no-referrer", which
 * would make the browser send "Origin: null" with the page's own forms); Retry-After (a limited
 * answer) and Set-Cookie pass through.
 */
export const authHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers({
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
  });
  for (const from of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = from?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    for (const cookie of from?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  }
  return headers;
};

/** Google sign-in is offered only when its client id and secret are set. */
export function googleEnabled(context: AppLoadContext): boolean {
  return Boolean(context.env.secrets.GOOGLE_CLIENT_ID && context.env.secrets.GOOGLE_CLIENT_SECRET);
}
