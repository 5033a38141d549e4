import type { Db } from "../db/client.server";
import type { BookAccess } from "../books/access.server";
import type { SharingService } from "../books/sharing.server";
import type { Owner } from "../db/owner.server";
import type { Logger } from "../log.server";
import type { Moderator } from "../moderation/types";
import type { Clock } from "./clock.server";
import type { NotifyReport } from "./comment-safety.server";
import { createComments } from "./comments.server";
import { createDefaultPrivacy } from "./default-privacy.server";
import type { SocialAccount } from "./people.server";
import { createPrivacy } from "./privacy.server";
import { createReactions } from "./reactions.server";
import { createShares, type SendShareEmail } from "./shares.server";

export type { SocialAccount } from "./people.server";
export type { SendShareEmail } from "./shares.server";

export interface SocialDeps {
  db: Db;
  clock: Clock;
  moderator: Moderator;
  sharing: Pick<SharingService, "whoMaySee" | "sharedStory" | "setPublic">;
  /** the share e-mail (the notifications service); null back: not sent, by the recipient's choice */
  sendShareEmail: SendShareEmail;
  /** the owner's e-mail about a reported comment (the notifications service) */
  notifyReport: NotifyReport;
  log: Logger;
}

/**
 * Sharing with family, reactions, comments and privacy settings (a signed-in parent's; users.id).
 * Who may see a book is decided by access.server.ts: the owner, a live direct share addressed to
 * the viewer's account, anyone with a public book's link (its slug), anyone for a sample.
 */
export function createSocialService({ db, clock, moderator, sharing, sendShareEmail, notifyReport, log }: SocialDeps) {
  const privacy = createPrivacy({ db });
  const shares = createShares({ db, clock, sendShareEmail, sharedStory: (id) => sharing.sharedStory(id), log });
  const defaultPrivacy = createDefaultPrivacy({ db, clock, privacy, shares, setPublic: (owner, bookId) => sharing.setPublic(owner, bookId, true), log });
  return {
    clock,
    privacy,
    shares,
    reactions: createReactions({ db }),
    // a report stands even when its e-mail cannot be queued (the owner still sees it marked)
    comments: createComments({
      db,
      moderator,
      clock,
      notifyReport: (input) =>
        notifyReport(input).catch((error) =>
          log.error("comment report e-mail could not be queued", { commentId: input.commentId, error: error instanceof Error ? error.message : String(error) }),
        ),
    }),
    defaultPrivacy,

    /** Why this viewer may read and write the book's reactions and comments, or null: 404. A public book needs its link's slug (`share`). */
    mayRead(bookId: string, viewer: { owner: Owner; account: SocialAccount | null; share?: string | null }): Promise<BookAccess | null> {
      return sharing.whoMaySee(bookId, { owner: viewer.owner, account: viewer.account, pass: { share: viewer.share } });
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
