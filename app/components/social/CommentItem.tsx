import { useState } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { dayMonthYearTime } from "~/domain/dates";
import type { CommentView } from "~/domain/social/social";
import { socialApi, SocialError, TRY_AGAIN, type SocialBook } from "./social-api";

/** "5 Sept 2026, 04:07 UTC": the same text on the server and in the browser, without making a date formatter (app/domain/dates.ts). */
const when = (iso: string) => {
  const text = dayMonthYearTime(iso);
  return text ? `${text} UTC` : "";
};

export const linkClass = "inline-flex min-h-11 min-w-11 items-center font-semibold text-plum underline underline-offset-4 hover:text-coral-dark";

function Avatar({ comment }: { comment: CommentView }) {
  if (comment.userAvatar) return <img src={comment.userAvatar} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-lavender-soft font-semibold text-plum">
      {comment.userName.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

type Action = "delete" | "report" | "block" | "unblock";

/** What each action asks before it runs, says on its button, and does. */
function confirmation(action: Action, comment: CommentView) {
  const name = comment.userName;
  switch (action) {
    case "delete":
      return { question: comment.parentCommentId ? "Delete this reply?" : "Delete this comment and its replies?", yes: "Yes, delete", busy: "Deleting…" };
    case "report":
      return {
        question: "Report this comment? It is hidden for you at once, and the book's owner is told.",
        yes: "Yes, report",
        busy: "Reporting…",
      };
    case "block":
      return { question: `Block ${name}? They can no longer comment on any of your books.`, yes: `Yes, block ${name}`, busy: "Blocking…" };
    case "unblock":
      return { question: `Let ${name} comment on your books again?`, yes: `Yes, unblock ${name}`, busy: "Unblocking…" };
  }
}

export interface CommentChanges {
  onReply: (comment: CommentView) => void;
  /** the comment is gone for this reader: deleted, or reported by them */
  onRemoved: (id: string, why: "deleted" | "reported") => void;
  /** its author was blocked or unblocked (every comment of theirs changes) */
  onBlocked: () => void;
}

/**
 * One comment with what the reader may do to it: reply, delete (its author, the book's owner),
 * report (any other reader), block its author (the book's owner). Every action but reply asks first.
 */
export function CommentItem({ book, comment, canReply, changes }: { book: SocialBook; comment: CommentView; canReply: boolean; changes: CommentChanges }) {
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const isReply = Boolean(comment.parentCommentId);

  const run = async (action: Action) => {
    setBusy(true);
    try {
      if (action === "delete") await socialApi.deleteComment(book, comment.id);
      else if (action === "report") await socialApi.reportComment(book, comment.id);
      else await socialApi.blockAuthor(book, comment.id, action === "block");
      setBusy(false);
      setAsking(null);
      if (action === "delete") changes.onRemoved(comment.id, "deleted");
      else if (action === "report") {
        changes.onRemoved(comment.id, "reported");
        toast.show({ title: "Comment reported", description: "It is hidden for you, and the book's owner has been told.", kind: "success" });
      } else {
        changes.onBlocked();
        toast.show({
          title: action === "block" ? `${comment.userName} is blocked` : `${comment.userName} is unblocked`,
          description: action === "block" ? "They can no longer comment on your books." : "They can comment on your books again.",
          kind: "success",
        });
      }
    } catch (e) {
      toast.show({
        title: `Failed to ${action} ${action === "block" || action === "unblock" ? comment.userName : "the comment"}`,
        description: e instanceof SocialError ? e.message : TRY_AGAIN,
        kind: "error",
      });
      setBusy(false);
      setAsking(null);
    }
  };

  const ask = asking ? confirmation(asking, comment) : null;
  const offer = (action: Action, label: string, detail: string) =>
    asking ? null : (
      <button type="button" className={linkClass} onClick={() => setAsking(action)} data-testid={`comment-${action}`}>
        {label}
        <span className="sr-only">{detail}</span>
      </button>
    );
  return (
    <article className="flex gap-3" aria-label={`Comment by ${comment.userName}`} data-testid="comment" data-comment-id={comment.id}>
      <Avatar comment={comment} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-ink" data-testid="comment-author">
            {comment.userName}
          </span>
          <time dateTime={comment.createdAt} className="text-sm text-ink-soft">
            {when(comment.createdAt)}
          </time>
          {comment.reports > 0 ? (
            <span className="rounded-full bg-coral/15 px-2.5 py-0.5 text-sm font-semibold text-coral-dark" data-testid="comment-reported">
              {comment.reports === 1 ? "Reported by a reader" : `Reported by ${comment.reports} readers`}
            </span>
          ) : null}
          {comment.authorBlocked ? (
            <span className="rounded-full bg-ink/10 px-2.5 py-0.5 text-sm font-semibold text-ink" data-testid="comment-author-blocked">
              Blocked
            </span>
          ) : null}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words leading-relaxed text-ink" data-testid="comment-text">
          {comment.text}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4">
          {canReply && !isReply && !asking ? (
            <button type="button" className={linkClass} onClick={() => changes.onReply(comment)}>
              Reply<span className="sr-only">{` to ${comment.userName}`}</span>
            </button>
          ) : null}
          {comment.canDelete ? offer("delete", "Delete", ` the comment by ${comment.userName}`) : null}
          {comment.canReport ? offer("report", "Report", ` the comment by ${comment.userName}`) : null}
          {comment.canBlock && !comment.authorBlocked ? offer("block", `Block ${comment.userName}`, " from commenting on your books") : null}
          {comment.canBlock && comment.authorBlocked ? offer("unblock", `Unblock ${comment.userName}`, "") : null}
        </div>
        {asking && ask ? (
          <div className="mt-2 rounded-2xl bg-cream p-3" role="group" aria-label={ask.question}>
            <p className="font-semibold text-ink">{ask.question}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass(asking === "unblock" ? "primary" : "danger", "sm")}
                disabled={busy}
                onClick={() => void run(asking)}
                data-testid={`comment-${asking}-confirm`}
              >
                {busy ? ask.busy : ask.yes}
              </button>
              <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setAsking(null)}>
                {asking === "delete" ? "Keep it" : "Cancel"}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </article>
  );
}
