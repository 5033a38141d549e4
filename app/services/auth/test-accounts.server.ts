import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { users } from "../db/schema/index";
import type { SignedInResult } from "./accounts.server";
import { hashPassword } from "./crypto.server";
import { startSession } from "./session-start.server";

/** What POST /api/test/sign-in asks for (workers/api/dev-only.ts, outside production only). */
export interface TestAccount {
  email: string;
  firstName?: string;
  lastName?: string;
  /** hashed the normal way, so the account can also sign in through the pages with it */
  password?: string;
}

/**
 * A confirmed account with a profile, and a new session for it through the same start as every real
 * sign-in (profile, welcome credits, session): the end-to-end tests that need a signed-in parent only
 * as their starting point, without the sign-up pages and the e-mail link. An address that already has
 * an account signs in to it (its password replaced if one is given).
 */
export async function testSignIn(db: Db, account: TestAccount, device: string, now = new Date()): Promise<SignedInResult> {
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  const verified = { emailVerifiedAt: now.toISOString(), ...(passwordHash ? { passwordHash } : {}) };
  await db
    .insert(users)
    .values({ email: account.email, ...verified })
    .onConflictDoUpdate({ target: users.email, set: verified });
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, account.email)).limit(1);
  if (!user) throw new Error("The test account could not be made");
  const names = account.firstName || account.lastName ? { firstName: account.firstName ?? null, lastName: account.lastName ?? null } : undefined;
  return startSession(db, now, user, device, names);
}
