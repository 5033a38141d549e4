import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { users } from "../db/schema/index";
import type { SignedInResult } from "./accounts.server";
import { startSession } from "./session-start.server";
import { endTokens } from "./tokens.server";

/**
 * A share's sign-in link was opened: it was e-mailed to `address`, so whoever opened it reads that
 * inbox. The account with that address signs in (made now if there is none, its address confirmed
 * by the link); an unconfirmed sign-up's password and pending links are dropped, since whoever typed
 * them never proved the address. No name form: the names can be given later on /profile.
 */
export async function signInByShareLink(db: Db, now: Date, address: string, device: string, claimBrowser: boolean): Promise<SignedInResult> {
  const email = address.trim().toLowerCase();
  await db.insert(users).values({ email, emailVerifiedAt: now.toISOString() }).onConflictDoNothing();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error("The account could not be made");
  if (!user.emailVerifiedAt) {
    await db.update(users).set({ emailVerifiedAt: now.toISOString(), passwordHash: null }).where(eq(users.id, user.id));
    await endTokens(db, user.id, ["confirm-email"], now);
  }
  const result = await startSession(db, now, user, device, undefined, claimBrowser);
  return { ...result, needsProfile: false };
}
