import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { ownedBy, type Owner } from "../db/owner.server";
import {
  authSessions,
  authTokens,
  creditLedger,
  emailDeliveries,
  emailTokens,
  orders,
  storybooks,
  subscriptions,
  userProfiles,
  users,
} from "../db/schema/index";
import type { Logger } from "../log.server";
import { eraseOwnerContent, type RetentionDeps } from "../retention.server";
import { deletePrefix } from "../storage/delete-prefix.server";
import { avatarFolder } from "./profile.server";

export const BOOK_IN_THE_MAKING = "One of your books is still being made. Please wait until it is finished (a few minutes at most), then delete your account.";

export type DeleteAccountResult = { ok: true; books: number; conversations: number } | { ok: false; status: 409; message: string };

/**
 * "Delete my account": everything the account owns goes, for good. First what its profile made
 * (the same code paths as a visitor's 12 months: books with their pictures, PDFs, photos, share
 * links, comments and reactions; the photos it uploaded; Nino's memory and conversations), then its
 * picture, then its running subscriptions (ended at the payment provider), then in one batch its
 * credit ledger, subscriptions and orders, sign-in links, sessions,
 * profile and user row. A book still being made stops it before anything is deleted.
 *
 * The welcome_grants row of the address stays (it holds only a hash of the address): an address
 * that had its welcome credits never gets them again, even after a new sign-up.
 */
export function createAccountDeletion(deps: RetentionDeps & { log: Logger; cancelSubscriptions: (owner: Owner) => Promise<number> }) {
  const { db, images, log } = deps;

  async function bookInTheMaking(owner: Owner): Promise<boolean> {
    const [row] = await db
      .select({ bookId: storybooks.bookId })
      .from(storybooks)
      .where(and(ownedBy(storybooks, owner), inArray(storybooks.status, ["draft", "writing", "illustrating"])))
      .limit(1);
    return Boolean(row);
  }

  return {
    async deleteAccount(account: { userId: string; userProfileId: string | null }): Promise<DeleteAccountResult> {
      let books = 0;
      let conversations = 0;
      const profileId = account.userProfileId;
      if (profileId) {
        const owner: Owner = { kind: "profile", userProfileId: profileId };
        if (await bookInTheMaking(owner)) return { ok: false, status: 409, message: BOOK_IN_THE_MAKING };
        const erased = await eraseOwnerContent(deps, owner);
        books = erased.books;
        // a book started between the check and now
        if (erased.kept > 0) return { ok: false, status: 409, message: BOOK_IN_THE_MAKING };
        conversations = erased.conversations;
        await deletePrefix(images, avatarFolder(profileId));
        // A running subscription ends now at the provider: nothing is charged after the account is gone.
        await deps.cancelSubscriptions(owner);
      }
      await db.batch(rowDeletions(db, account.userId, profileId));
      log.info("account deleted", { books, conversations });
      return { ok: true, books, conversations };
    },
  };
}

/**
 * The account's rows, children first: the ledger names orders and subscriptions, a subscription
 * names the order that started it, and both name the profile, which names the user. (Rows that name the user or profile with ON DELETE CASCADE, such
 * as comments, reactions, privacy settings and activity, go with them.)
 */
function rowDeletions(db: Db, userId: string, profileId: string | null) {
  const byProfile = profileId
    ? ([
        db.delete(creditLedger).where(eq(creditLedger.userProfileId, profileId)),
        db.delete(subscriptions).where(eq(subscriptions.userProfileId, profileId)),
        db.delete(orders).where(eq(orders.userProfileId, profileId)),
        db.delete(userProfiles).where(eq(userProfiles.id, profileId)),
      ] as const)
    : ([] as const);
  // The e-mails to the account's address (sent or waiting) and its e-mail links go too; an address
  // that left a list (email_suppressions) stays on the do-not-mail list.
  const address = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`;
  return [
    db.delete(authSessions).where(eq(authSessions.userId, userId)),
    db.delete(authTokens).where(eq(authTokens.userId, userId)),
    db.delete(emailDeliveries).where(eq(emailDeliveries.toAddress, address)),
    db.delete(emailTokens).where(eq(emailTokens.email, address)),
    ...byProfile,
    db.delete(users).where(eq(users.id, userId)),
  ] as const;
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
