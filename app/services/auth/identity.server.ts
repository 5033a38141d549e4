import type { Db } from "../db/client.server";
import { ownerOf, type Owner } from "../db/owner.server";
import { readSessionToken, validateSession, type SignedIn } from "./sessions.server";

/**
 * Who is asking: every request has a visitor (the browser's cookie); a signed-in parent also has an
 * account (user id) and, once their profile exists, a profile id. Everything a request makes or
 * reads is owned by `ownerOf(identity)`: the profile when signed in, else the visitor.
 */
export interface Identity {
  visitorId: string;
  userId: string | null;
  userProfileId: string | null;
  isAuthenticated: boolean;
  /** true when the request came without a (valid) visitor cookie: its visitor id was made for it */
  newVisitor?: boolean;
}

/** What pages show of a signed-in parent (the header's first name, the account pages). */
export type Account = Omit<SignedIn, "sessionId"> & { sessionId: string };

export interface ResolvedIdentity {
  identity: Identity;
  owner: Owner;
  /** the signed-in account, or null for a visitor */
  account: Account | null;
  /** the request carried a session cookie that is no longer valid: the response should clear it */
  staleSessionCookie: boolean;
}

/** The client's address as Cloudflare's edge saw it; where there is none (local runs, tests), the visitor. */
export function clientKey(request: Request, visitorId: string): string {
  const ip = request.headers.get("CF-Connecting-IP")?.trim();
  return ip ? `ip:${ip}` : `visitor:${visitorId}`;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export async function resolveIdentity(db: Db, request: Request, visitorId: string, newVisitor = false): Promise<ResolvedIdentity> {
  const token = readSessionToken(request.headers.get("Cookie"), isSecureRequest(request));
  const account = token ? await validateSession(db, token) : null;
  const identity: Identity = {
    visitorId,
    userId: account?.userId ?? null,
    userProfileId: account?.userProfileId ?? null,
    isAuthenticated: account !== null,
    newVisitor,
  };
  return { identity, owner: ownerOf(identity), account, staleSessionCookie: token !== null && account === null };
}
