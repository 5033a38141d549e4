import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { safeRedirect } from "~/domain/auth/forms";
import { MARKET_COUNTRIES, marketOf } from "~/domain/pricing/markets";
import { isSecureRequest } from "~/services/auth/identity.server";
import { marketCookie } from "~/services/pricing/market.server";

/**
 * POST /market: the market picker's form (on /pricing and in every page's footer). Keeps the chosen
 * market in the sn_market cookie for a year and sends the browser back to the page it came from (a
 * path of this site only; the home page otherwise). A country that is not one of the twenty is a
 * 400 in words. A GET (a bookmark, a reload of the address) goes to the prices.
 */
const choiceSchema = z.object({
  country: z.string().trim().toUpperCase().pipe(z.enum(MARKET_COUNTRIES)),
  redirectTo: z.string().max(2000).optional(),
});

const UNKNOWN_COUNTRY = "We don't have prices for that country. Please go back and choose one of the countries in the list.";

function refuse(message: string): Response {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return refuse("We couldn't read that form. Please go back and choose your country again.");
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = choiceSchema.safeParse({ country: field("country") ?? "", redirectTo: field("redirectTo") });
  const market = parsed.success ? marketOf(parsed.data.country) : undefined;
  if (!parsed.success || !market) {
    context.log.info("market choice refused", { country: field("country")?.slice(0, 16) ?? null });
    return refuse(UNKNOWN_COUNTRY);
  }
  return redirect(safeRedirect(parsed.data.redirectTo, "/"), {
    headers: { "Set-Cookie": marketCookie(market, isSecureRequest(request)), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/pricing");
}
