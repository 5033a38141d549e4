/**
 * Sharing with family, reactions and comments: the rules and the shapes the browser and the server
 * share. Everything here needs a signed-in parent; a visitor who is not signed in is asked to sign
 * in first. The request bodies' schemas are the API's (workers/api/social.ts): the reader's
 * reactions and comments load with this module, and must not bring the validation library with them.
 */

/** The reactions a reader can leave on a book: one of each kind per person, toggled. */
export const REACTIONS = [
  { type: "heart", emoji: "❤️", label: "Love it" },
  { type: "star", emoji: "⭐", label: "Star story" },
  { type: "laugh", emoji: "😂", label: "So funny" },
  { type: "wow", emoji: "😮", label: "Wow" },
  { type: "hug", emoji: "🤗", label: "Big hug" },
] as const;
export type ReactionType = (typeof REACTIONS)[number]["type"];
export const REACTION_TYPES = REACTIONS.map((r) => r.type) as [ReactionType, ...ReactionType[]];

/** A comment is plain text, 1 to COMMENT_MAX_CHARS characters after trimming. */
export const COMMENT_MAX_CHARS = 1000;

/**
 * A direct share lasts a year (a family rereads a book for months), unless the owner stops it
 * sooner; it is expired once its expiry has passed.
 */
export const SHARE_TTL_MS = 365 * 24 * 60 * 60_000;

/** The share e-mail's sign-in link works once, for 7 days; a fresh link asked for on the share page, for a day. */
export const SHARE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
export const FRESH_SHARE_LINK_TTL_MS = 24 * 60 * 60_000;

/**
 * A share code: the story id, the time it was made (base 36 milliseconds) and a random part of 20
 * characters (about 100 bits), joined by dashes. Only the random part makes it unguessable.
 */
export const SHARE_CODE = /^[A-Za-z0-9]{1,64}-[0-9a-z]{1,12}-[0-9a-z]{20}$/;
export const isShareCode = (code: string | undefined): code is string => typeof code === "string" && SHARE_CODE.test(code);

/** The texts a reader sees when something fails. */
export const SOCIAL_ERRORS = {
  share: "Failed to share story",
  addReaction: "Failed to add reaction",
  removeReaction: "Failed to remove reaction",
  addComment: "Failed to add comment",
} as const;

// ---- what the JSON API answers --------------------------------------------------------------

/** GET|POST|DELETE /api/books/{id}/reactions */
export interface ReactionsState {
  /** how many people left each kind (kinds nobody left are 0) */
  counts: Record<ReactionType, number>;
  /** the kinds the caller left (empty for a visitor who is not signed in) */
  mine: ReactionType[];
  total: number;
}

export interface CommentView {
  id: string;
  parentCommentId: string | null;
  userName: string;
  /** the author's avatar picture, or null (the page then shows their initial) */
  userAvatar: string | null;
  text: string;
  createdAt: string;
  /** the caller may delete it: they wrote it, or the book is theirs */
  canDelete: boolean;
  /** the caller may report it: signed in, not its author, not the book's owner (who deletes instead) */
  canReport: boolean;
  /** the caller owns the book and may stop its author commenting on their books */
  canBlock: boolean;
  /** for the book's owner: how many readers reported it (0 for everyone else) */
  reports: number;
  /** for the book's owner: its author may no longer comment on the owner's books */
  authorBlocked: boolean;
}

/** GET /api/books/{id}/comments: top-level comments oldest first, each followed by its replies */
export interface CommentsState {
  comments: CommentView[];
  /** the caller may write: signed in, allowed to read the book and not blocked by its owner */
  canComment: boolean;
}

export type ShareStatus = "live" | "expired";
export interface ShareView {
  id: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  status: ShareStatus;
}

/** GET /api/books/{id}/shares (owner only) */
export interface SharesState {
  shares: ShareView[];
}

/** A book someone shared with the signed-in parent ("Shared with me" in /library) */
export interface SharedWithMe {
  code: string;
  bookId: string;
  title: string;
  childName: string;
  coverUrl: string | null;
  sharedByName: string;
  expiresAt: string;
}

/** The privacy settings of a signed-in parent (/profile/privacy) */
export const STORY_PRIVACY_CHOICES = ["private", "family", "public"] as const;
export type StoryPrivacy = (typeof STORY_PRIVACY_CHOICES)[number];
export interface PrivacySettingsView {
  allowPublicSharing: boolean;
  allowFamilyDiscovery: boolean;
  defaultStoryPrivacy: StoryPrivacy;
  notifyNewReactions: boolean;
  notifyNewComments: boolean;
  notifyFamilyRequests: boolean;
  notifyStoryShares: boolean;
}
export const PRIVACY_DEFAULTS: PrivacySettingsView = {
  allowPublicSharing: false,
  allowFamilyDiscovery: true,
  defaultStoryPrivacy: "private",
  notifyNewReactions: true,
  notifyNewComments: true,
  notifyFamilyRequests: true,
  notifyStoryShares: true,
};
