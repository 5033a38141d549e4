import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SignedInResult } from "./accounts.server";
import { isSecureRequest } from "./identity.server";
import { sessionCookie } from "./sessions.server";

/**
 * What every sign-in does to the browser, whatever signed it in: the browser's earlier session (if
 * any) ends; what this browser made before signing in (books, credits, Nino's memory and
 * conversations, photos) becomes the account's (app/services/auth/claim.server.ts), unless the
 * sign-in is a confirmation link that another browser asked for (`claimBrowser: false`: a link from a
 * stranger must not carry a visitor's books into the stranger's account). A failed claim does not
 * stop the sign-in: it is logged, and the next sign-in claims again (a claim is idempotent).
 * Answers the new session's Set-Cookie header.
 */
export async function signInBrowser(request: Request, context: AppLoadContext, result: SignedInResult): Promise<string> {
  if (context.account && context.account.sessionId !== result.sessionId) await context.services.accounts.signOut(context.account.sessionId);
  if (result.claimBrowser) {
    try {
      const claimed = await context.services.claims.claim(context.identity.visitorId, result.userProfileId);
      context.log.info("sign-in claimed the browser's things", { ...claimed });
    } catch (error) {
      context.log.error("sign-in could not claim the browser's things", { error });
    }
  }
  return sessionCookie(result.token, isSecureRequest(request));
}
