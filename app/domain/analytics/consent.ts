/**
 * The cookie banner's stored choice, read the same way by the browser (document.cookie) and the
 * server (the Cookie header): Accept All stores "granted", Decline "denied". Analytics needs
 * "granted", and the browser's Global Privacy Control counts as Decline.
 */
export type ConsentChoice = "granted" | "denied";

export const CONSENT_KEY = "story-app-cookie-consent";

export function parseConsent(value: unknown): ConsentChoice | null {
  return value === "granted" || value === "denied" ? value : null;
}

/** Reads the consent cookie from a Cookie header (server) or document.cookie (browser). */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== CONSENT_KEY) continue;
    return parseConsent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * May this request be counted? Only with the granted consent cookie and without the Global Privacy
 * Control signal (the `Sec-GPC: 1` header).
 */
export function analyticsConsented(headers: Headers): boolean {
  if (headers.get("Sec-GPC")?.trim() === "1") return false;
  return consentFromCookieHeader(headers.get("Cookie")) === "granted";
}
