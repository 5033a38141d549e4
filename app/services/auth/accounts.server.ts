import { eq } from "drizzle-orm";
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  emailChangeSchema,
  emailOnlySchema,
  profileNamesSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/domain/auth/forms";
import { fieldErrors } from "~/domain/validation";
import type { Db } from "../db/client.server";
import { userProfiles, users } from "../db/schema/index";
import {
  alreadyRegisteredEmail,
  changeEmailEmail,
  confirmEmail,
  emailChangeNoticeEmail,
  passwordChangedEmail,
  resetPasswordEmail,
} from "../email/account-templates";
import type { RenderedEmail } from "../email/templates";
import type { EmailSender } from "../email/types";
import type { Logger } from "../log.server";
import { COMMON_PASSWORDS } from "./common-passwords";
import { decoyHash, hashPassword, verifyPassword } from "./crypto.server";
import { AUTH_LIMITS, clearHits, hitAll, type Limit } from "./rate-limit.server";
import { startSession as startNewSession, type ProfileSeed } from "./session-start.server";
import { endSession, endSessionOf, endUserSessions, listSessions } from "./sessions.server";
import { endLaterStopLinks, endTokens, issueToken, pendingSignUp, readLiveToken, spendToken } from "./tokens.server";
/** A change to a parent's names or avatar within this long of the last one is ignored. */
export const PROFILE_UPDATE_THROTTLE_MS = 60_000;

export type Failure = {
  ok: false;
  status: 400 | 401 | 403 | 429 | 500 | 503;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  retryAfterS?: number;
  /** sign-in only: the password was right but the address is not confirmed yet */
  unconfirmed?: true;
};

/**
 * A new session: the token goes into the cookie; `needsProfile` sends the parent to complete their
 * profile; `claimBrowser` says whether what this browser made before signing in becomes the account's
 * (not when a browser confirms a link that another browser asked for).
 */
export type SignedInResult = {
  ok: true;
  token: string;
  sessionId: string;
  userId: string;
  userProfileId: string;
  needsProfile: boolean;
  claimBrowser: boolean;
};

/** Where a request came from, for the limits, the links and the session list. */
export interface RequestInfo {
  /** the client address key (ip:… or visitor:…) */
  client: string;
  /** the site's origin for links in e-mails, e.g. https://storynest.example */
  site: string;
  /** "Chrome on Android" */
  device: string;
  /** the browser's visitor id (its cookie) */
  visitorId: string;
}

export interface AccountDeps {
  db: Db;
  email: EmailSender;
  emailFrom: string;
  log: Logger;
  now?: () => Date;
  /**
   * Work done after the answer (the request's waitUntil), so that how long a form takes says nothing
   * about whether an account uses the address. Without it (a direct call) the work is awaited.
   */
  defer?: (work: Promise<void>) => void;
}

let commonPasswords: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split(" "));
  return commonPasswords.has(password.toLowerCase());
}

const invalid = (fields: Partial<Record<string, string>>, message = "Please check the form."): Failure => ({
  ok: false,
  status: 400,
  message,
  fieldErrors: fields,
});
const tooMany = (retryAfterS: number): Failure => ({ ok: false, status: 429, message: AUTH_MESSAGES.tooMany, retryAfterS });

export function createAccountService({ db, email, emailFrom, log, now = () => new Date(), defer }: AccountDeps) {
  async function limit(hits: { key: string; limit: Limit }[]): Promise<Failure | null> {
    const result = await hitAll(db, hits, now().getTime());
    return result.ok ? null : tooMany(result.retryAfterS);
  }

  /** A form that asks for an e-mail to an address (resend, reset): the address, counted against both limits. */
  async function emailRequest(input: unknown, info: RequestInfo): Promise<{ ok: true; email: string } | Failure> {
    const parsed = emailOnlySchema.safeParse(input);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    const address = parsed.data.email;
    const limited = await limit([
      { key: `email-send:${info.client}`, limit: AUTH_LIMITS.emailPerAddress },
      { key: `email:${address}`, limit: AUTH_LIMITS.emailPerAccount },
    ]);
    return limited ?? { ok: true, email: address };
  }

  async function send(to: string, rendered: RenderedEmail): Promise<void> {
    await email.send({ kind: "account", to, from: emailFrom, ...rendered });
  }

  /** Runs work after the answer (see `defer`); a failure is logged, since nobody is waiting for it. */
  async function later(what: string, work: () => Promise<void>): Promise<void> {
    const task = work().catch((error: unknown) => log.error(`${what} failed`, { error }));
    if (defer) defer(task);
    else await task;
  }

  async function findUser(address: string) {
    const [user] = await db.select().from(users).where(eq(users.email, address)).limit(1);
    return user ?? null;
  }

  /** A verified account signs in on this browser (session-start.server.ts). */
  const startSession = (user: { id: string; email: string }, device: string, seed?: ProfileSeed, claimBrowser = true) =>
    startNewSession(db, now(), user, device, seed, claimBrowser);

  /** After a new password: links sent before it stop working, and the address hears of it. */
  async function passwordChanged(user: { id: string; email: string }, site: string): Promise<void> {
    await endTokens(db, user.id, ["reset-password", "confirm-email"], now());
    await later("the password-changed notice", async () => send(user.email, await passwordChangedEmail(links(site).forgot())));
  }

  const links = (site: string) => ({
    confirm: (token: string) => `${site}/auth/callback?token=${token}`,
    reset: (token: string) => `${site}/auth/reset-password?token=${token}`,
    signIn: () => `${site}/auth/login`,
    forgot: () => `${site}/auth/forgot-password`,
    stopChange: (token: string) => `${site}/auth/stop-email-change?token=${token}`,
  });

  return {
    /**
     * Sign-up with an e-mail and a password. The answer is the same whether or not the address has
     * an account (no one learns who is a customer): a new or unconfirmed address gets a confirmation
     * link, an address with an account gets a note saying so. `returnTo`: the page of this site the
     * account goes to once its link is opened (the story form, a shared book), kept with the link.
     */
    async signUp(input: unknown, info: RequestInfo, returnTo: string | null = null): Promise<{ ok: true; email: string } | Failure> {
      const parsed = signUpSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const { email: address, password } = parsed.data;
      if (isCommonPassword(password)) return invalid({ password: AUTH_MESSAGES.passwordCommon });
      const limited = await limit([
        { key: `signup:${info.client}`, limit: AUTH_LIMITS.signUpPerAddress },
        { key: `email:${address}`, limit: AUTH_LIMITS.emailPerAccount },
      ]);
      if (limited) return limited;
      try {
        const existing = await findUser(address);
        // Hashed either way, and either way one e-mail: the answer takes as long for an address with an account.
        const passwordHash = await hashPassword(password);
        if (existing?.emailVerifiedAt) {
          await send(address, await alreadyRegisteredEmail(links(info.site).signIn(), links(info.site).forgot()));
          return { ok: true, email: address };
        }
        const userId = existing?.id ?? (await db.insert(users).values({ email: address }).onConflictDoNothing().returning({ id: users.id }))[0]?.id;
        const id = userId ?? (await findUser(address))?.id;
        if (!id) throw new Error("The account could not be made");
        const token = await issueToken(db, { userId: id, purpose: "confirm-email", passwordHash, visitorId: info.visitorId, returnTo }, now());
        await send(address, await confirmEmail(links(info.site).confirm(token)));
        return { ok: true, email: address };
      } catch (error) {
        log.error("sign-up failed", { error });
        return { ok: false, status: 500, message: AUTH_MESSAGES.signupFailed };
      }
    },

    /** A new confirmation link for an unconfirmed address; the same answer for any address. */
    async resendConfirmation(input: unknown, info: RequestInfo): Promise<{ ok: true; email: string } | Failure> {
      const asked = await emailRequest(input, info);
      if (!asked.ok) return asked;
      const address = asked.email;
      await later("resending the confirmation", async () => {
        const user = await findUser(address);
        if (!user || user.emailVerifiedAt) return;
        // the browser that chose the password stays the one that confirms with one tap
        const pending = await pendingSignUp(db, user.id);
        const token = await issueToken(db, { userId: user.id, purpose: "confirm-email", ...pending, visitorId: pending.visitorId ?? undefined }, now());
        await send(address, await confirmEmail(links(info.site).confirm(token)));
      });
      return { ok: true, email: address };
    },

    /**
     * Opens an e-mailed confirmation link (a new account's address, or a new address for an
     * account): spends the token, confirms the address and signs this browser in. The browser that
     * asked for the link confirms with one tap; any other must type the account's password (the one
     * chosen at sign-up), so nobody confirms a password they never typed, and it brings nothing of
     * its own into the account (`claimBrowser: false`).
     */
    async confirmLink(
      token: string,
      info: RequestInfo,
      password?: string,
    ): Promise<(SignedInResult & { purpose: "confirm-email" | "change-email"; returnTo: string | null }) | Failure> {
      const purposes = ["confirm-email", "change-email"] as const;
      const live = await readLiveToken(db, token, purposes, now());
      if (!live) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      const [user] = await db.select().from(users).where(eq(users.id, live.userId)).limit(1);
      if (!user) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      const sameBrowser = live.visitorId !== null && live.visitorId === info.visitorId;
      if (!sameBrowser) {
        const limited = await limit([{ key: `password-check:${user.id}`, limit: AUTH_LIMITS.passwordCheckPerAccount }]);
        if (limited) return limited;
        const expected = live.purpose === "confirm-email" ? live.passwordHash : user.passwordHash;
        const matches = await verifyPassword(password ?? "", expected ?? (await decoyHash()));
        if (!expected || !password || !matches) return invalid({ password: AUTH_MESSAGES.confirmPasswordWrong }, AUTH_MESSAGES.confirmPasswordWrong);
      }
      const spent = await spendToken(db, token, purposes, now());
      if (!spent || spent.userId !== user.id) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      const nowIso = now().toISOString();
      if (spent.purpose === "change-email") {
        if (!spent.newEmail || (await findUser(spent.newEmail))) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
        await db.batch([
          db.update(users).set({ email: spent.newEmail, emailVerifiedAt: nowIso }).where(eq(users.id, user.id)),
          db.update(userProfiles).set({ email: spent.newEmail }).where(eq(userProfiles.userId, user.id)),
        ]);
        return { ...(await startSession({ id: user.id, email: spent.newEmail }, info.device, undefined, sameBrowser)), purpose: spent.purpose, returnTo: null };
      }
      await db
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? nowIso, passwordHash: spent.passwordHash ?? user.passwordHash })
        .where(eq(users.id, user.id));
      return { ...(await startSession(user, info.device, undefined, sameBrowser)), purpose: "confirm-email", returnTo: spent.returnTo };
    },

    /** Sign-in with e-mail and password: one answer for an unknown address and a wrong password. */
    async signIn(input: unknown, info: RequestInfo): Promise<SignedInResult | Failure> {
      const parsed = signInSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const { email: address, password } = parsed.data;
      const accountKey = `signin:${address}`;
      const limited = await limit([
        { key: `signin:${info.client}`, limit: AUTH_LIMITS.signInPerAddress },
        { key: accountKey, limit: AUTH_LIMITS.signInPerAccount },
      ]);
      if (limited) return limited;
      const user = await findUser(address);
      const stored = user?.passwordHash ?? (user && !user.emailVerifiedAt ? (await pendingSignUp(db, user.id)).passwordHash : null);
      const matches = await verifyPassword(password, stored ?? (await decoyHash()));
      if (!user || !stored || !matches) return { ok: false, status: 401, message: AUTH_MESSAGES.badCredentials };
      if (!user.emailVerifiedAt) return { ok: false, status: 403, message: AUTH_MESSAGES.unconfirmed, unconfirmed: true };
      await clearHits(db, accountKey);
      return startSession(user, info.device);
    },

    /** Google vouched for this person: the account with that Google id, or with that address, or a new one. */
    async signInWithGoogle(
      google: { sub: string; email: string; givenName: string | null; familyName: string | null; picture: string | null },
      info: RequestInfo,
    ): Promise<SignedInResult> {
      const nowIso = now().toISOString();
      const [bySub] = await db.select().from(users).where(eq(users.googleSub, google.sub)).limit(1);
      let user = bySub ?? (await findUser(google.email));
      if (!user) {
        await db.insert(users).values({ email: google.email, googleSub: google.sub, emailVerifiedAt: nowIso }).onConflictDoNothing();
        user = await findUser(google.email);
        if (!user) throw new Error("The account could not be made");
      } else if (!user.googleSub || !user.emailVerifiedAt) {
        // The same address, confirmed by Google: link it. A password set by an unconfirmed sign-up is
        // not kept (whoever typed it never proved the address is theirs).
        await db
          .update(users)
          .set({
            googleSub: user.googleSub ?? google.sub,
            emailVerifiedAt: user.emailVerifiedAt ?? nowIso,
            passwordHash: user.emailVerifiedAt ? user.passwordHash : null,
          })
          .where(eq(users.id, user.id));
      }
      return startSession(user, info.device, { firstName: google.givenName, lastName: google.familyName, avatarUrl: google.picture });
    },

    async signOut(sessionId: string): Promise<void> {
      await endSession(db, sessionId);
    },

    /**
     * Sends a reset link if the address has an account; the same answer either way, given before
     * the lookup and the e-mail (so it takes as long either way).
     */
    async requestPasswordReset(input: unknown, info: RequestInfo): Promise<{ ok: true; email: string } | Failure> {
      const asked = await emailRequest(input, info);
      if (!asked.ok) return asked;
      const address = asked.email;
      await later("sending the reset e-mail", async () => {
        const user = await findUser(address);
        if (!user) return;
        const token = await issueToken(db, { userId: user.id, purpose: "reset-password" }, now());
        await send(address, await resetPasswordEmail(links(info.site).reset(token)));
      });
      return { ok: true, email: address };
    },

    /** A new password from a reset link: every other session ends, and this browser is signed in. */
    async resetPassword(input: unknown, info: RequestInfo): Promise<SignedInResult | Failure> {
      const parsed = resetPasswordSchema.safeParse(input);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return errors.token ? { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid } : invalid(errors);
      }
      if (isCommonPassword(parsed.data.newPassword)) return invalid({ newPassword: AUTH_MESSAGES.passwordCommon });
      const spent = await spendToken(db, parsed.data.token, ["reset-password"], now());
      if (!spent) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      const [user] = await db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
      if (!user) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(parsed.data.newPassword), emailVerifiedAt: user.emailVerifiedAt ?? now().toISOString() })
        .where(eq(users.id, user.id));
      await endUserSessions(db, user.id);
      await passwordChanged(user, info.site);
      return startSession(user, info.device);
    },

    /** A new password, given the current one; the other sessions end, this one stays. */
    async changePassword(
      account: { userId: string; sessionId: string },
      input: unknown,
      info: RequestInfo,
    ): Promise<{ ok: true; endedSessions: number } | Failure> {
      const parsed = changePasswordSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const { currentPassword, newPassword } = parsed.data;
      const limited = await limit([{ key: `password-check:${account.userId}`, limit: AUTH_LIMITS.passwordCheckPerAccount }]);
      if (limited) return limited;
      const [user] = await db.select().from(users).where(eq(users.id, account.userId)).limit(1);
      if (!user) return { ok: false, status: 401, message: AUTH_MESSAGES.badCredentials };
      if (!user.passwordHash) {
        return invalid({ currentPassword: AUTH_MESSAGES.noPasswordYet });
      }
      if (!(await verifyPassword(currentPassword, user.passwordHash))) return invalid({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
      if (currentPassword === newPassword) return invalid({ newPassword: AUTH_MESSAGES.passwordSame });
      if (isCommonPassword(newPassword)) return invalid({ newPassword: AUTH_MESSAGES.passwordCommon });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword) })
        .where(eq(users.id, user.id));
      const endedSessions = await endUserSessions(db, user.id, account.sessionId);
      await passwordChanged(user, info.site);
      return { ok: true, endedSessions };
    },

    /**
     * The parent's names (and country), as complete-profile and /profile save them. A change within
     * 60 seconds of the last one is ignored (`ignored: true`), so a double submit writes once.
     */
    async saveNames(account: { userId: string }, input: unknown, extra: { country?: string | null } = {}): Promise<{ ok: true; ignored: boolean } | Failure> {
      const parsed = profileNamesSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const { firstName, lastName } = parsed.data;
      const at = now();
      const cutoff = new Date(at.getTime() - PROFILE_UPDATE_THROTTLE_MS).toISOString();
      const updated = await db.$client
        .prepare(
          `UPDATE user_profiles SET first_name = ?, last_name = ?, full_name = ?, country = coalesce(?, country), details_updated_at = ?, updated_at = ?
           WHERE user_id = ? AND (details_updated_at IS NULL OR details_updated_at <= ?)`,
        )
        .bind(firstName, lastName, `${firstName} ${lastName}`, extra.country ?? null, at.toISOString(), at.toISOString(), account.userId, cutoff)
        .run();
      return { ok: true, ignored: (updated.meta.changes ?? 0) === 0 };
    },

    /**
     * A new address for the account takes effect when the link sent to it is opened. It needs the
     * current password; the old address is told, with a link that stops the change (or undoes it).
     * Limited per account, per client address and per target address, like the other mail forms.
     */
    async requestEmailChange(account: { userId: string; email: string }, input: unknown, info: RequestInfo): Promise<{ ok: true; email: string } | Failure> {
      const parsed = emailChangeSchema.safeParse(input);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const { email: address, currentPassword } = parsed.data;
      const checked = await limit([{ key: `password-check:${account.userId}`, limit: AUTH_LIMITS.passwordCheckPerAccount }]);
      if (checked) return checked;
      const [user] = await db.select().from(users).where(eq(users.id, account.userId)).limit(1);
      if (!user) return { ok: false, status: 401, message: AUTH_MESSAGES.badCredentials };
      if (!user.passwordHash) return invalid({ currentPassword: AUTH_MESSAGES.noPasswordYet });
      if (!(await verifyPassword(currentPassword, user.passwordHash))) return invalid({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
      const limited = await limit([
        { key: `email-change:${account.userId}`, limit: AUTH_LIMITS.emailChangePerAccount },
        { key: `email-send:${info.client}`, limit: AUTH_LIMITS.emailPerAddress },
        { key: `email:${address}`, limit: AUTH_LIMITS.emailPerAccount },
      ]);
      if (limited) return limited;
      // An address that belongs to another account gets nothing, but the answer is the same.
      if (await findUser(address)) return { ok: true, email: address };
      try {
        const token = await issueToken(db, { userId: user.id, purpose: "change-email", newEmail: address, visitorId: info.visitorId }, now());
        const stop = await issueToken(db, { userId: user.id, purpose: "stop-email-change", newEmail: user.email }, now());
        await send(address, await changeEmailEmail(links(info.site).confirm(token)));
        await send(user.email, await emailChangeNoticeEmail(address, links(info.site).stopChange(stop)));
        return { ok: true, email: address };
      } catch (error) {
        log.error("sending the address-change e-mail failed", { error });
        return { ok: false, status: 500, message: "We could not send the confirmation e-mail. Please try again in a few minutes." };
      }
    },

    /**
     * The old address's link: the change stops (its link no longer works) or, if it was already
     * made, the account goes back to the old address and every browser is signed out. Stop links
     * sent after this one die with it; earlier ones stay, so the first address has the last word.
     */
    async stopEmailChange(token: string): Promise<{ ok: true; undone: boolean } | Failure> {
      const spent = await spendToken(db, token, ["stop-email-change"], now());
      if (!spent?.newEmail) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      await endTokens(db, spent.userId, ["change-email"], now());
      await endLaterStopLinks(db, token, now());
      const [user] = await db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
      if (!user) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      if (user.email === spent.newEmail) return { ok: true, undone: false };
      // Another account may have taken the old address meanwhile: then there is nothing to go back to.
      if (await findUser(spent.newEmail)) return { ok: false, status: 400, message: AUTH_MESSAGES.linkInvalid };
      await db.batch([
        db.update(users).set({ email: spent.newEmail }).where(eq(users.id, user.id)),
        db.update(userProfiles).set({ email: spent.newEmail }).where(eq(userProfiles.userId, user.id)),
      ]);
      await endUserSessions(db, user.id);
      return { ok: true, undone: true };
    },

    /** Whether the account has a password (an account made with Google has none until one is set). */
    async hasPassword(userId: string): Promise<boolean> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row?.passwordHash);
    },

    /** The account's signed-in browsers, most recently used first. */
    async sessions(userId: string) {
      return listSessions(db, userId, now());
    },

    /** Signs out one browser of this account; a session of another account is left alone (false). */
    async endSessionOf(userId: string, sessionId: string): Promise<boolean> {
      return endSessionOf(db, userId, sessionId);
    },

    /** Signs out every browser of the account, this one included; how many were signed in. */
    async endAllSessions(userId: string): Promise<number> {
      return endUserSessions(db, userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
