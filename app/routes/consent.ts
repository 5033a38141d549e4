import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { consentCookie } from "~/components/overlays/consent";
import { safeRedirect } from "~/domain/auth/forms";
import { parseConsent } from "~/domain/analytics/consent";
import { isSecureRequest } from "~/services/auth/identity.server";

/**
 * POST /consent: the cookie banner's Decline and Accept All before the page's scripts run (with
 * them, the banner stores the choice itself and nothing is posted). Stores the choice in the consent
 * cookie and sends the browser back to the page it came from (a path of this site only), which the
 * server then draws without the banner. Anything but the two choices is a 400 in words.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const choice = parseConsent(form?.get("choice"));
  if (!choice)
    return new Response("We couldn't read your cookie choice. Please go back and press Decline or Accept All again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return redirect(safeRedirect(form?.get("redirectTo"), "/"), {
    status: 303,
    headers: { "Set-Cookie": consentCookie(choice, isSecureRequest(request)), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/cookies");
}
