import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { userProfiles } from "../db/schema/index";
import { grantAccountWelcome } from "./account-welcome.server";
import { createSession } from "./sessions.server";
import type { SignedInResult } from "./accounts.server";

/** Names (and a picture) a new profile starts with: Google's, or none. */
export type ProfileSeed = { firstName?: string | null; lastName?: string | null; avatarUrl?: string | null };

/** The account's profile, made on first need. */
async function ensureProfile(db: Db, userId: string, address: string, seed: ProfileSeed = {}) {
  await db
    .insert(userProfiles)
    .values({
      userId,
      email: address,
      firstName: seed.firstName ?? null,
      lastName: seed.lastName ?? null,
      fullName: [seed.firstName, seed.lastName].filter(Boolean).join(" ") || null,
      avatarUrl: seed.avatarUrl ?? null,
    })
    .onConflictDoNothing({ target: userProfiles.userId });
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  if (!profile) throw new Error("The profile could not be made");
  return profile;
}

/**
 * A verified account signs in on this browser: profile, welcome credits, a new session. Every
 * sign-in (password, link, Google, new password) starts its session here.
 */
export async function startSession(
  db: Db,
  now: Date,
  user: { id: string; email: string },
  device: string,
  seed?: ProfileSeed,
  claimBrowser = true,
): Promise<SignedInResult> {
  const profile = await ensureProfile(db, user.id, user.email, seed);
  await grantAccountWelcome(db, { userId: user.id, userProfileId: profile.id, address: user.email }, now);
  const { token, sessionId } = await createSession(db, user.id, device, now);
  const needsProfile = !profile.firstName || !profile.lastName;
  return { ok: true, token, sessionId, userId: user.id, userProfileId: profile.id, needsProfile, claimBrowser };
}
