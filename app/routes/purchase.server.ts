import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
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

/**
 * The order page's refund of unused credits: 200 with what was refunded, or a 4xx in words (not
 * the parent's order 404; refunded already, out of the window or all used 409).
 */
export async function refundAction(request: Request, orderId: string, context: AppLoadContext) {
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "refund")
    return data({ error: "This form only asks for a refund of unused credits." }, { status: 400, headers: PRIVATE_HEADERS });
  try {
    const order = await context.services.payments.refundUnused(orderId, context.owner, siteOf(request, context));
    return data({ done: `Refunded: ${order.refunded} is on its way back to your card. We have sent you an e-mail about it.` }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "RefundError") throw error;
    const { status } = error as Error & { status: number };
    context.log.info("refund refused", { orderId, code: (error as Error & { code?: string }).code });
    return data({ error: error.message }, { status, headers: PRIVATE_HEADERS });
  }
}
