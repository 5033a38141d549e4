/**
 * Whether this tab may send analytics (checked again before every send, so a change of mind
 * applies at once). All four must hold:
 * - the cookie banner's stored choice is "granted" (Accept All);
 * - the browser does not send the Global Privacy Control signal (it counts as Decline);
 * - the session flag is not "off";
 * - the host rule: a non-local host without a port, unless the session flag is "on".
 *
 * The session flag lives in sessionStorage under `sn-analytics` (this tab only): `?analytics=off`
 * on any address sets "off", `?analytics=on` sets "on" (the way to try analytics on a local host;
 * consent is still required).
 */

export const SESSION_FLAG_KEY = "sn-analytics";
export type SessionFlag = "on" | "off" | null;

/** A host on which nobody's visits are counted: a local machine, or any address with an explicit port. */
export function isLocalHost(location: { hostname: string; port: string }): boolean {
  if (location.port !== "") return true;
  const host = location.hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]" || host === "::1" || host.endsWith(".local") || host === ""
  );
}

interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Applies `?analytics=on|off` from the address (if any) to the tab's flag, and returns the flag. */
export function sessionFlag(search: string, storage: FlagStorage | null): SessionFlag {
  const asked = new URLSearchParams(search).get("analytics");
  try {
    if (storage && (asked === "on" || asked === "off")) storage.setItem(SESSION_FLAG_KEY, asked);
    const stored = storage?.getItem(SESSION_FLAG_KEY) ?? null;
    return stored === "on" || stored === "off" ? stored : null;
  } catch {
    // storage blocked: the address still says what this page wants
    return asked === "on" || asked === "off" ? asked : null;
  }
}

export interface GateInput {
  consent: string;
  /** navigator.globalPrivacyControl */
  gpc: boolean;
  flag: SessionFlag;
  location: { hostname: string; port: string };
}

export function analyticsAllowed({ consent, gpc, flag, location }: GateInput): boolean {
  if (consent !== "granted" || gpc || flag === "off") return false;
  return flag === "on" || !isLocalHost(location);
}

/** This tab's flag, after applying `?analytics=on|off` from the page's address (if any). */
export function browserFlag(search = window.location.search): SessionFlag {
  let storage: FlagStorage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return sessionFlag(search, storage);
}

/** The browser's own answer to `analyticsAllowed`, for the consent given. */
export function browserAllows(consent: string): boolean {
  if (typeof window === "undefined") return false;
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  return analyticsAllowed({ consent, gpc, flag: browserFlag(), location: window.location });
}
