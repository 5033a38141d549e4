import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, newId, oneOf, updatedAt } from "./common";
import { storybooks } from "./books";
import { userProfiles, users } from "./users";

/** direct: to one person, expires after a year; link: anyone with the code; family. */
export const SHARE_TYPES = ["direct", "link", "family"] as const;
export const STORY_PRIVACY = ["private", "family", "public"] as const;

/** Share. Sharing needs a signed-in user, so shared_by is a user. */
export const shares = sqliteTable(
  "shares",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    storyId: text("story_id")
      .notNull()
      .references(() => storybooks.bookId, { onDelete: "cascade" }),
    sharedBy: text("shared_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** an e-mail address or a user id for direct and family shares; empty for a link */
    sharedTo: text("shared_to"),
    shareType: text("share_type", { enum: SHARE_TYPES }).notNull(),
    shareCode: text("share_code").notNull(),
    createdAt: createdAt(),
    /** null: never expires. A share is expired once this has passed. */
    expiresAt: text("expires_at"),
    /** set when the owner stopped the share: it then opens nothing, at once */
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("shares_share_code_unique").on(t.shareCode),
    // "Shared with me": the live shares to an address
    index("shares_shared_to_idx").on(t.sharedTo, t.expiresAt),
    index("shares_story_idx").on(t.storyId, t.createdAt),
    check("shares_share_type", oneOf(t.shareType, SHARE_TYPES)),
    check("shares_expiry", sql`${t.expiresAt} IS NULL OR ${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * share_links: the single-use links that sign a direct share's recipient in to its address (the
 * share e-mail's, and each fresh one asked for). The id is the SHA-256 of the link's token; the one
 * UPDATE that sets used_at spends it, and used_by_visitor is the browser that did.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    shareId: text("share_id")
      .notNull()
      .references(() => shares.id, { onDelete: "cascade" }),
    /** the browser that asked for a fresh link (null: the share e-mail's own link) */
    askedByVisitor: text("asked_by_visitor"),
    usedByVisitor: text("used_by_visitor"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("share_links_share_idx").on(t.shareId)],
);

/** Reaction: one per user per story per reaction type. */
export const reactions = sqliteTable(
  "reactions",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    storyId: text("story_id")
      .notNull()
      .references(() => storybooks.bookId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reactionType: text("reaction_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // leads with story_id, so it also serves "reactions of a story"
    uniqueIndex("reactions_story_user_type_unique").on(t.storyId, t.userId, t.reactionType),
    check("reactions_reaction_type", sql`length(${t.reactionType}) BETWEEN 1 AND 32`),
  ],
);

/** Comment. A reply points at its parent; deleting a comment deletes its replies. */
export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    storyId: text("story_id")
      .notNull()
      .references(() => storybooks.bookId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    userAvatar: text("user_avatar"),
    commentText: text("comment_text").notNull(),
    parentCommentId: text("parent_comment_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_story_idx").on(t.storyId, t.createdAt),
    index("comments_parent_idx").on(t.parentCommentId),
    check("comments_text_length", sql`length(trim(${t.commentText})) BETWEEN 1 AND 2000`),
    check("comments_not_own_parent", sql`${t.parentCommentId} IS NULL OR ${t.parentCommentId} <> ${t.id}`),
  ],
);

/** A reader's report of a comment: one per reader and comment; the comment is hidden for that reader. */
export const commentReports = sqliteTable(
  "comment_reports",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    storyId: text("story_id")
      .notNull()
      .references(() => storybooks.bookId, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("comment_reports_comment_reporter_unique").on(t.commentId, t.reporterId),
    // "the comments this reader reported on this book", read with every list of comments
    index("comment_reports_story_reporter_idx").on(t.storyId, t.reporterId),
  ],
);

/** A person a book's owner stopped from commenting on any of the owner's books. */
export const commentBlocks = sqliteTable(
  "comment_blocks",
  {
    id: text("id").primaryKey().$defaultFn(newId),
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    blockedUserId: text("blocked_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("comment_blocks_owner_blocked_unique").on(t.ownerProfileId, t.blockedUserId)],
);

/**
 * Privacy settings, one row per user. Defaults: no public sharing, family discovery on, stories
 * private, every notification on. The notification
 * preferences object {new_reactions, new_comments, family_requests, story_shares} is four columns so
 * each default lives in SQL.
 */
export const privacySettings = sqliteTable(
  "privacy_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    allowPublicSharing: integer("allow_public_sharing", { mode: "boolean" }).notNull().default(false),
    allowFamilyDiscovery: integer("allow_family_discovery", { mode: "boolean" }).notNull().default(true),
    defaultStoryPrivacy: text("default_story_privacy", { enum: STORY_PRIVACY }).notNull().default("private"),
    notifyNewReactions: integer("notify_new_reactions", { mode: "boolean" }).notNull().default(true),
    notifyNewComments: integer("notify_new_comments", { mode: "boolean" }).notNull().default(true),
    notifyFamilyRequests: integer("notify_family_requests", { mode: "boolean" }).notNull().default(true),
    notifyStoryShares: integer("notify_story_shares", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("privacy_settings_default_story_privacy", oneOf(t.defaultStoryPrivacy, STORY_PRIVACY))],
);

/**
 * The daily digest of new reactions and comments an owner is e-mailed: when the last one was sent,
 * and up to which moment its news went. At most one a day; claimed with a conditional update so two
 * sweeps never send two.
 */
export const notificationDigests = sqliteTable("notification_digests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** when the last digest went out */
  lastSentAt: text("last_sent_at").notNull(),
  /** reactions and comments made up to this moment were in a digest already */
  coveredUntil: text("covered_until").notNull(),
});
