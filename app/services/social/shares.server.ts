import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { FRESH_SHARE_LINK_TTL_MS, isShareCode, SHARE_LINK_TTL_MS, SHARE_TTL_MS, type SharedWithMe, type ShareView } from "~/domain/social/social";
import type { ReadOnlyStory } from "~/domain/story/public-story";
import { randomId } from "~/domain/ids";
import { siteBase } from "~/domain/story/links";
import { imageUrl } from "~/domain/story/book-view";
import type { SignedInResult } from "../auth/accounts.server";
import { hitAll, type Limit } from "../auth/rate-limit.server";
import { signInByShareLink } from "../auth/share-sign-in.server";
import type { Db } from "../db/client.server";
import { privacySettings, shares, storybookPages, storybooks, userProfiles, users } from "../db/schema/index";
import type { DeliveryResult } from "../email/deliveries.server";
import type { Logger } from "../log.server";
import type { Clock } from "./clock.server";
import { bookTitle, displayName, type SocialAccount } from "./people.server";
import { issueShareLink, spendShareLink } from "./share-links.server";

/** At most this many live direct shares of one book at a time. */
export const MAX_LIVE_SHARES_PER_BOOK = 20;
/** At most this many shares (each one an e-mail) made by one account in 24 hours. */
export const MAX_SHARES_PER_DAY = 30;
const DAY_MS = 24 * 60 * 60_000;
/** Fresh sign-in links: at most 3 an hour for one share (each is an e-mail to its address). */
export const FRESH_LINKS_PER_SHARE: Limit = { max: 3, windowS: 60 * 60 };
/** ... and 10 an hour from one client address, like the account e-mails. */
const FRESH_LINKS_PER_CLIENT: Limit = { max: 10, windowS: 60 * 60 };
/** A sharer's name in the e-mail: their profile name, at most this long. */
export const SHARER_NAME_MAX = 60;

/** What the share e-mail needs (written by the notifications service; null: not sent, by the recipient's choice). */
export interface ShareEmailInput {
  shareId: string;
  to: string;
  sharedByName: string;
  bookTitle: string;
  childName: string;
  shareUrl: string;
  linkDays: number;
  expiresAt: string;
  freshLinkId?: string;
}
export type SendShareEmail = (input: ShareEmailInput) => Promise<DeliveryResult | null>;

export type ShareFailure = { ok: false; status: 400 | 403 | 404 | 409 | 429; error: string; retryAfter?: number };
export type ShareCreated = { ok: true; created: boolean; share: ShareView; recipient: { name: string } | null; emailed: boolean };

export type OpenedShare =
  | { state: "live"; story: ReadOnlyStory; shareId: string; expiresAt: string; sharedByName: string }
  | { state: "sign-in"; maskedEmail: string }
  | { state: "other-account" }
  | { state: "expired" }
  | { state: "revoked" }
  | { state: "not-found" };

/** What opening a share's sign-in link did (the share page's answer). */
export type LinkOpened =
  | { state: "signed-in"; result: SignedInResult }
  /** the browser is signed in as the address (or the owner) already: nothing spent */
  | { state: "open" }
  /** used (on another browser, or this one before signing out) or expired: a fresh link can be sent */
  | { state: "link-used"; maskedEmail: string }
  | { state: "other-account" | "expired" | "revoked" | "not-found" };

export type FreshLink = { ok: true; maskedEmail: string } | { ok: false; state: "expired" | "revoked" | "not-found" } | { ok: false; retryAfterS: number };

/** Who opened a link, or asked for a fresh one. */
export interface LinkBrowser {
  visitorId: string;
  device: string;
  /** the client address key, for the fresh-link limit */
  client: string;
  site: string;
}

/** "grandma@example.com" → "g*****a@e******.com": enough to recognise one's own address, not to learn someone's. */
export function maskEmail(email: string): string {
  const [local, domain = ""] = email.split("@");
  const mask = (s: string) => (s.length <= 2 ? `${s[0] ?? ""}*` : `${s[0]}${"*".repeat(s.length - 2)}${s[s.length - 1]}`);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${mask(local)}@${mask(host)}${tld}`;
}

type ShareRow = typeof shares.$inferSelect;

/** The share page's address with a sign-in link's token. */
const keyedUrl = (site: string, code: string, token: string) => `${siteBase(site)}/shared/${code}?key=${token}`;

const sharerName = (profile: { fullName: string | null; firstName: string | null; lastName: string | null } | undefined) =>
  displayName(profile ?? {}, "A StoryNest parent")
    .slice(0, SHARER_NAME_MAX)
    .trim();
const toView = (row: ShareRow, now: number): ShareView => ({
  id: row.id,
  email: row.sharedTo ?? "",
  createdAt: row.createdAt,
  expiresAt: row.expiresAt ?? "",
  status: row.expiresAt && row.expiresAt > new Date(now).toISOString() ? "live" : "expired",
});

export interface SharesDeps {
  db: Db;
  clock: Clock;
  sendShareEmail: SendShareEmail;
  sharedStory: (bookId: string) => Promise<ReadOnlyStory | null>;
  log: Logger;
}

/**
 * Direct shares of a finished book to one e-mail address, for a year. The code names the share but
 * is not a bearer token: the recipient opens the book signed in with the address it was sent to.
 */
export function createShares({ db, clock, sendShareEmail, sharedStory, log }: SharesDeps) {
  const ownBook = async (account: SocialAccount, bookId: string) => {
    const [row] = await db.select().from(storybooks).where(eq(storybooks.bookId, bookId)).limit(1);
    if (!row || !account.userProfileId || row.userProfileId !== account.userProfileId) return null;
    return row;
  };

  /** The name of the account at this address, when it lets itself be found (family discovery). */
  async function discoverable(email: string): Promise<{ name: string } | null> {
    const [row] = await db
      .select({
        fullName: userProfiles.fullName,
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
        discovery: privacySettings.allowFamilyDiscovery,
      })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .leftJoin(privacySettings, eq(privacySettings.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    if (!row || row.discovery === false) return null;
    return { name: displayName(row) };
  }

  /** Makes (or finds) the live share of a book with an address. Shared by the API and the default-privacy hook. */
  async function share(account: SocialAccount, bookId: string, email: string, site: string): Promise<ShareCreated | ShareFailure> {
    const to = email.trim().toLowerCase();
    const book = await ownBook(account, bookId);
    if (!book) return { ok: false, status: 403, error: "Only the book's owner can share it." };
    if (book.status !== "complete") return { ok: false, status: 409, error: "Only a finished book can be shared. Please wait until every picture is drawn." };
    if (to === account.email.toLowerCase()) return { ok: false, status: 400, error: "This is your own address: the book is already in your library." };
    const now = await clock.now();
    const nowIso = new Date(now).toISOString();
    const dayAgo = new Date(now - DAY_MS).toISOString();
    const id = crypto.randomUUID();
    const code = `${bookId}-${now.toString(36)}-${randomId(20, "0123456789abcdefghijklmnopqrstuvwxyz")}`;
    const expiresAt = new Date(now + SHARE_TTL_MS).toISOString();
    // One statement, so the limits hold however many requests arrive at once.
    const inserted = await db.all<{ id: string }>(sql`
      INSERT INTO shares (id, story_id, shared_by, shared_to, share_type, share_code, created_at, expires_at)
      SELECT ${id}, ${bookId}, ${account.userId}, ${to}, 'direct', ${code}, ${nowIso}, ${expiresAt}
      WHERE NOT EXISTS (SELECT 1 FROM shares WHERE story_id = ${bookId} AND shared_to = ${to} AND share_type = 'direct' AND revoked_at IS NULL AND expires_at > ${nowIso})
        AND (SELECT count(*) FROM shares WHERE story_id = ${bookId} AND share_type = 'direct' AND revoked_at IS NULL AND expires_at > ${nowIso}) < ${MAX_LIVE_SHARES_PER_BOOK}
        AND (SELECT count(*) FROM shares WHERE shared_by = ${account.userId} AND created_at > ${dayAgo}) < ${MAX_SHARES_PER_DAY}
      RETURNING id`);
    const recipient = await discoverable(to);
    if (!inserted.length) {
      const [live] = await db
        .select()
        .from(shares)
        .where(and(eq(shares.storyId, bookId), eq(shares.sharedTo, to), eq(shares.shareType, "direct"), isNull(shares.revokedAt), gt(shares.expiresAt, nowIso)))
        .limit(1);
      if (live) return { ok: true, created: false, share: toView(live, now), recipient, emailed: false };
      const recent = await db
        .select({ createdAt: shares.createdAt })
        .from(shares)
        .where(and(eq(shares.sharedBy, account.userId), gt(shares.createdAt, dayAgo)))
        .orderBy(shares.createdAt);
      if (recent.length >= MAX_SHARES_PER_DAY) {
        const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0].createdAt) + DAY_MS - now) / 1000));
        return { ok: false, status: 429, error: `You can share at most ${MAX_SHARES_PER_DAY} times a day. Please try again later.`, retryAfter };
      }
      return {
        ok: false,
        status: 409,
        error: `A book can be shared with at most ${MAX_LIVE_SHARES_PER_BOOK} people at a time. Stop a share to add someone else.`,
      };
    }
    const [row] = await db.select().from(shares).where(eq(shares.id, id)).limit(1);
    const [profile] = await db
      .select({ fullName: userProfiles.fullName, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, account.userId))
      .limit(1);
    let emailed = false;
    try {
      const link = await issueShareLink(db, { shareId: id, now, ttlMs: SHARE_LINK_TTL_MS, askedByVisitor: null });
      const sent = await sendShareEmail({
        shareId: id,
        to,
        sharedByName: sharerName(profile),
        bookTitle: bookTitle(book),
        childName: book.childName,
        shareUrl: keyedUrl(site, code, link.token),
        linkDays: SHARE_LINK_TTL_MS / DAY_MS,
        expiresAt,
      });
      emailed = sent !== null;
    } catch (error) {
      log.error("share e-mail could not be queued", { shareId: id, error: error instanceof Error ? error.message : String(error) });
    }
    return { ok: true, created: true, share: toView(row, now), recipient, emailed };
  }

  /** A direct share by its code, with its book's owner. */
  async function byCode(code: string) {
    if (!isShareCode(code)) return null;
    const [row] = await db
      .select({ share: shares, ownerProfile: storybooks.userProfileId, title: storybooks.title, childName: storybooks.childName })
      .from(shares)
      .innerJoin(storybooks, eq(storybooks.bookId, shares.storyId))
      .where(and(eq(shares.shareCode, code), eq(shares.shareType, "direct")))
      .limit(1);
    return row ?? null;
  }

  /** Why a share opens nothing at all, or null while it is live. */
  const closed = (s: ShareRow, now: number) => (s.revokedAt ? "revoked" : !s.expiresAt || s.expiresAt <= new Date(now).toISOString() ? "expired" : null);

  return {
    share,

    /**
     * The share e-mail's button (or a fresh link): signs this browser in to the share's address in
     * one step, and spends the link. A browser signed in as another address gets nothing and spends
     * nothing; a browser already signed in as the address just opens the book.
     */
    async openWithLink(code: string, token: string, account: SocialAccount | null, who: LinkBrowser): Promise<LinkOpened> {
      const row = await byCode(code);
      if (!row) return { state: "not-found" };
      const now = await clock.now();
      const gone = closed(row.share, now);
      if (gone) return { state: gone };
      const address = row.share.sharedTo ?? "";
      if (account) {
        const isOwner = !!account.userProfileId && account.userProfileId === row.ownerProfile;
        return isOwner || account.email.toLowerCase() === address ? { state: "open" } : { state: "other-account" };
      }
      const spent = await spendShareLink(db, { shareId: row.share.id, token, visitorId: who.visitorId, now });
      if (!spent) return { state: "link-used", maskedEmail: maskEmail(address) };
      // A fresh link asked for on this browser brings what it made into the account; the share e-mail's does not.
      const claimBrowser = spent.askedByVisitor !== null && spent.askedByVisitor === who.visitorId;
      return { state: "signed-in", result: await signInByShareLink(db, new Date(now), address, who.device, claimBrowser) };
    },

    /** "Send me a fresh link": a new sign-in link e-mailed to the share's own address (never a typed one), limited. */
    async sendFreshLink(code: string, who: LinkBrowser): Promise<FreshLink> {
      const row = await byCode(code);
      if (!row) return { ok: false, state: "not-found" };
      const now = await clock.now();
      const gone = closed(row.share, now);
      if (gone) return { ok: false, state: gone };
      const limited = await hitAll(
        db,
        [
          { key: `share-link:${row.share.id}`, limit: FRESH_LINKS_PER_SHARE },
          { key: `share-link-client:${who.client}`, limit: FRESH_LINKS_PER_CLIENT },
        ],
        now,
      );
      if (!limited.ok) return { ok: false, retryAfterS: limited.retryAfterS };
      const address = row.share.sharedTo ?? "";
      const link = await issueShareLink(db, { shareId: row.share.id, now, ttlMs: FRESH_SHARE_LINK_TTL_MS, askedByVisitor: who.visitorId });
      const [profile] = await db
        .select({ fullName: userProfiles.fullName, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
        .from(userProfiles)
        .where(eq(userProfiles.userId, row.share.sharedBy))
        .limit(1);
      await sendShareEmail({
        shareId: row.share.id,
        to: address,
        sharedByName: sharerName(profile),
        bookTitle: bookTitle(row),
        childName: row.childName,
        shareUrl: keyedUrl(who.site, code, link.token),
        linkDays: FRESH_SHARE_LINK_TTL_MS / DAY_MS,
        expiresAt: row.share.expiresAt ?? "",
        freshLinkId: link.id,
      });
      return { ok: true, maskedEmail: maskEmail(address) };
    },

    /** The owner's shares of a book (not revoked), newest first; null when the book is not theirs. */
    async list(account: SocialAccount, bookId: string): Promise<ShareView[] | null> {
      if (!(await ownBook(account, bookId))) return null;
      const now = await clock.now();
      const rows = await db
        .select()
        .from(shares)
        .where(and(eq(shares.storyId, bookId), eq(shares.shareType, "direct"), isNull(shares.revokedAt)))
        .orderBy(desc(shares.createdAt))
        .limit(100);
      return rows.map((r) => toView(r, now));
    },

    /** Stops a share at once. "not-owner": the book is not the caller's; "not-found": no such share of it. */
    async revoke(account: SocialAccount, bookId: string, shareId: string): Promise<"revoked" | "not-owner" | "not-found"> {
      if (!(await ownBook(account, bookId))) return "not-owner";
      const at = new Date(await clock.now()).toISOString();
      const [row] = await db
        .select({ id: shares.id, revokedAt: shares.revokedAt })
        .from(shares)
        .where(and(eq(shares.id, shareId), eq(shares.storyId, bookId)))
        .limit(1);
      if (!row) return "not-found";
      if (!row.revokedAt)
        await db
          .update(shares)
          .set({ revokedAt: at })
          .where(and(eq(shares.id, shareId), isNull(shares.revokedAt)));
      return "revoked";
    },

    /** What /shared/{code} shows this viewer (nothing of the book unless they may read it). */
    async open(code: string, account: SocialAccount | null): Promise<OpenedShare> {
      if (!isShareCode(code)) return { state: "not-found" };
      const [row] = await db
        .select({ share: shares, ownerProfile: storybooks.userProfileId })
        .from(shares)
        .innerJoin(storybooks, eq(storybooks.bookId, shares.storyId))
        .where(and(eq(shares.shareCode, code), eq(shares.shareType, "direct")))
        .limit(1);
      if (!row) return { state: "not-found" };
      const { share: s } = row;
      if (s.revokedAt) return { state: "revoked" };
      const now = await clock.now();
      if (!s.expiresAt || s.expiresAt <= new Date(now).toISOString()) return { state: "expired" };
      if (!account) return { state: "sign-in", maskedEmail: maskEmail(s.sharedTo ?? "") };
      const isOwner = !!account.userProfileId && account.userProfileId === row.ownerProfile;
      if (!isOwner && account.email.toLowerCase() !== s.sharedTo) return { state: "other-account" };
      const story = await sharedStory(s.storyId);
      if (!story) return { state: "not-found" };
      const [by] = await db
        .select({ fullName: userProfiles.fullName, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
        .from(userProfiles)
        .where(eq(userProfiles.userId, s.sharedBy))
        .limit(1);
      return {
        state: "live",
        story,
        shareId: s.id,
        expiresAt: s.expiresAt,
        sharedByName: displayName(by ?? {}, "A StoryNest parent").slice(0, SHARER_NAME_MAX),
      };
    },

    /** The live shares addressed to the account's e-mail, newest first (one per book). */
    async sharedWithMe(account: SocialAccount): Promise<SharedWithMe[]> {
      const nowIso = new Date(await clock.now()).toISOString();
      const rows = await db
        .select({
          code: shares.shareCode,
          bookId: storybooks.bookId,
          title: storybooks.title,
          childName: storybooks.childName,
          expiresAt: shares.expiresAt,
          fullName: userProfiles.fullName,
          firstName: userProfiles.firstName,
          lastName: userProfiles.lastName,
        })
        .from(shares)
        .innerJoin(storybooks, eq(storybooks.bookId, shares.storyId))
        .leftJoin(userProfiles, eq(userProfiles.userId, shares.sharedBy))
        .where(
          and(
            eq(shares.sharedTo, account.email.toLowerCase()),
            eq(shares.shareType, "direct"),
            isNull(shares.revokedAt),
            gt(shares.expiresAt, nowIso),
            eq(storybooks.status, "complete"),
          ),
        )
        .orderBy(desc(shares.createdAt))
        .limit(100);
      const seen = new Set<string>();
      const list = rows.filter((r) => !seen.has(r.bookId) && seen.add(r.bookId));
      const covers = await Promise.all(
        list.map((r) =>
          db
            .select({ interactionIndex: storybookPages.interactionIndex, imageKey: storybookPages.imageKey })
            .from(storybookPages)
            .where(and(eq(storybookPages.bookId, r.bookId), eq(storybookPages.pageNumber, 1)))
            .limit(1),
        ),
      );
      return list.map((r, i) => {
        const cover = covers[i][0];
        return {
          code: r.code,
          bookId: r.bookId,
          title: bookTitle(r),
          childName: r.childName,
          coverUrl: cover?.imageKey ? imageUrl(r.bookId, cover.interactionIndex, 1) : null,
          sharedByName: displayName(r, "A StoryNest parent").slice(0, SHARER_NAME_MAX),
          expiresAt: r.expiresAt ?? "",
        };
      });
    },
  };
}

export type Shares = ReturnType<typeof createShares>;
