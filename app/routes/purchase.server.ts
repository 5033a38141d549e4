import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { resolveSite } from "~/domain/story/links";
import type { Buyer, CheckoutError } from "~/services/payments/payments.server";
import { requireAccount } from "~/routes/auth.server";

/**
 * What the purchase pages (checkout, its success page, the subscriptions page) share on the server:
 * the signed-in parent who buys, the site's address for the provider's return links, and headers
 * that keep these private pages out of every shared cache.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", Vary: "Cookie" } as const;

/**
 * The parent who buys: signed in (else off to sign in, and back here afterwards) and with a profile
 * (every sign-in makes one; until then the profile step comes first). Orders belong to the profile.
 */
export function requireBuyer(request: Request, context: AppLoadContext): Buyer {
  const account = requireAccount(request, context);
  if (!account.userProfileId) {
    const url = new URL(request.url);
    throw redirect(`/auth/complete-profile?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const fullName = [account.firstName, account.lastName].filter(Boolean).join(" ");
  return {
    owner: { kind: "profile", userProfileId: account.userProfileId, visitorId: context.identity.visitorId },
    visitorId: context.identity.visitorId,
    email: account.email,
    fullName,
  };
}

/** The site's address: the configured one, else the request's own origin (development). */
export function siteOf(request: Request, context: AppLoadContext): string {
  return resolveSite(context.env.secrets.WEBSITE_URL, request.url);
}

/**
 * The payment service's refusal, recognised by its name and fields rather than `instanceof`: the
 * pages and the Worker's services are bundled apart, each with its own copy of the class.
 */
export function asCheckoutError(error: unknown): CheckoutError | null {
  if (!(error instanceof Error) || error.name !== "CheckoutError") return null;
  const { status, code } = error as Partial<CheckoutError>;
  return typeof status === "number" && typeof code === "string" ? (error as CheckoutError) : null;
}
