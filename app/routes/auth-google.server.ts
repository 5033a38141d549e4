import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { safeRedirect } from "~/domain/auth/forms";
import { isSecureRequest } from "~/services/auth/identity.server";
import {
  clearGoogleStateCookie,
  createGoogleSignIn,
  googleStateCookie,
  readGoogleStateCookie,
  type GoogleFailure,
  type GoogleSignIn,
} from "~/services/auth/google.server";
import { assertAccountsAvailable, requestInfo, signedInRedirect } from "./auth.server";

/**
 * Google sign-in, the pages' side: the button's post starts it (a state cookie, then the trip to
 * Google) and /auth/callback finishes it when Google sends the browser back with ?code&state (or
 * ?error). The OAuth work itself is app/services/auth/google.server.ts.
 */

/** What the callback page says when Google sign-in did not work, by reason. */
export const GOOGLE_MESSAGES: Record<GoogleFailure | "unavailable", string> = {
  state: "Your Google sign-in took too long, or was started in another browser. Please try again.",
  denied: "You chose not to sign in with Google. You can try again, or use your e-mail address.",
  provider: "Google sign-in is not working just now. Please try again in a few minutes, or use your e-mail address.",
  "unverified-email":
    "Google has not confirmed that e-mail address, so we cannot use it. Please confirm it with Google first, or sign up with your e-mail address.",
  unavailable: "Google sign-in is not available. Please use your e-mail address.",
};

/** The redirect URI registered with Google: the site's own address (never a Host header), then /auth/callback. */
function callbackUri(request: Request, context: AppLoadContext): string {
  return `${requestInfo(request, context).site}/auth/callback`;
}

function signInFor(context: AppLoadContext): GoogleSignIn | null {
  return createGoogleSignIn(context.env.secrets, context.log);
}

/** The button's post: remember state, verifier and where to go in a short-lived cookie, then off to Google. */
export function startGoogleSignIn(request: Request, context: AppLoadContext, redirectTo: string): Response {
  assertAccountsAvailable(context);
  const google = signInFor(context);
  if (!google) return redirect("/auth/login");
  const started = google.start(callbackUri(request, context));
  const cookie = googleStateCookie(
    { state: started.state, codeVerifier: started.codeVerifier, redirectTo: safeRedirect(redirectTo) },
    isSecureRequest(request),
  );
  return redirect(started.url.toString(), { headers: { "Set-Cookie": cookie } });
}

/** Whether a callback request is Google's return (rather than an e-mailed link). */
export function isGoogleReturn(url: URL): boolean {
  return url.searchParams.has("code") || url.searchParams.has("state") || url.searchParams.has("error");
}

/**
 * Google's return: the state must match the cookie's, then the code is exchanged and the person is
 * signed in (the account with that Google id or address, or a new one). The state cookie goes either
 * way. A failure is the callback page with a message in plain words.
 */
export async function finishGoogleSignIn(request: Request, context: AppLoadContext) {
  assertAccountsAvailable(context);
  const secure = isSecureRequest(request);
  const google = signInFor(context);
  if (!google) return data({ view: "google-failed" as const, message: GOOGLE_MESSAGES.unavailable }, { status: 404 });
  const clear = clearGoogleStateCookie(secure);
  const saved = readGoogleStateCookie(request.headers.get("Cookie"), secure);
  const params = new URL(request.url).searchParams;
  const result = await google.finish({
    code: params.get("code"),
    state: params.get("state"),
    error: params.get("error"),
    expectedState: saved?.state ?? null,
    codeVerifier: saved?.codeVerifier ?? null,
    redirectUri: callbackUri(request, context),
  });
  if (!result.ok) {
    context.log.info("Google sign-in did not finish", { reason: result.reason });
    const status = result.reason === "provider" ? 502 : 400;
    return data({ view: "google-failed" as const, message: GOOGLE_MESSAGES[result.reason] }, { status, headers: { "Set-Cookie": clear } });
  }
  const signedIn = await context.services.accounts.signInWithGoogle(result.profile, requestInfo(request, context));
  const response = await signedInRedirect(request, context, signedIn, saved?.redirectTo ?? "/library");
  response.headers.append("Set-Cookie", clear);
  return response;
}
