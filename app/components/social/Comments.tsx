import { Link } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { dayMonthYearTime } from "~/domain/dates";
import type { CommentView, CommentsState } from "~/domain/social/social";
import { CommentForm } from "./CommentForm";
import { socialApi, SocialError, TRY_AGAIN, type SocialBook } from "./social-api";

/** "5 Sept 2026, 04:07 UTC": the same text on the server and in the browser, without making a date formatter (app/domain/dates.ts). */
const when = (iso: string) => {
  const text = dayMonthYearTime(iso);
  return text ? `${text} UTC` : "";
};

const linkClass = "inline-flex min-h-11 items-center font-semibold text-plum underline underline-offset-4 hover:text-coral-dark";

function Avatar({ comment }: { comment: CommentView }) {
  if (comment.userAvatar) return <img src={comment.userAvatar} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-lavender-soft font-semibold text-plum">
      {comment.userName.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

/** Where a new comment goes: a reply after the last of its thread, a new comment at the end. */
function insert(list: CommentView[], added: CommentView): CommentView[] {
  const parent = added.parentCommentId;
  if (!parent) return [...list, added];
  let at = -1;
  list.forEach((c, i) => {
    if (c.id === parent || c.parentCommentId === parent) at = i;
  });
  return at < 0 ? [...list, added] : [...list.slice(0, at + 1), added, ...list.slice(at + 1)];
}

function CommentItem({
  book,
  comment,
  canReply,
  onDeleted,
  onReply,
}: {
  book: SocialBook;
  comment: CommentView;
  canReply: boolean;
  onDeleted: (id: string) => void;
  onReply: (comment: CommentView) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isReply = Boolean(comment.parentCommentId);

  const remove = async () => {
    setDeleting(true);
    try {
      await socialApi.deleteComment(book, comment.id);
      onDeleted(comment.id);
    } catch (e) {
      toast.show({ title: "Failed to delete comment", description: e instanceof SocialError ? e.message : TRY_AGAIN, kind: "error" });
      setDeleting(false);
      setConfirming(false);
    }
  };

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
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words leading-relaxed text-ink" data-testid="comment-text">
          {comment.text}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4">
          {canReply && !isReply ? (
            <button type="button" className={linkClass} onClick={() => onReply(comment)}>
              Reply<span className="sr-only">{` to ${comment.userName}`}</span>
            </button>
          ) : null}
          {comment.canDelete && !confirming ? (
            <button type="button" className={linkClass} onClick={() => setConfirming(true)} data-testid="comment-delete">
              Delete<span className="sr-only">{` the comment by ${comment.userName}`}</span>
            </button>
          ) : null}
        </div>
        {confirming ? (
          <div className="mt-2 rounded-2xl bg-cream p-3" role="group" aria-label="Delete this comment?">
            <p className="font-semibold text-ink">{isReply ? "Delete this reply?" : "Delete this comment and its replies?"}</p>
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className={buttonClass("danger", "sm")}
                disabled={deleting}
                onClick={() => void remove()}
                data-testid="comment-delete-confirm"
              >
                {deleting ? "Deleting…" : "Yes, delete"}
              </button>
              <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The comments on a book: threads two levels deep (a comment and its replies), each with its
 * author's name and picture (or initial), plain text with its line breaks. Writing needs an account
 * and a book the reader may see; someone not signed in reads them and is offered a sign-in.
 */
export function Comments({
  book,
  state,
  onChange,
  signedIn,
  signIn,
}: {
  book: SocialBook;
  state: CommentsState;
  onChange: (next: CommentsState) => void;
  signedIn: boolean;
  signIn: string;
}) {
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const [announce, setAnnounce] = useState("");
  const canWrite = signedIn && state.canComment;

  const added = (comment: CommentView) => {
    onChange({ ...state, comments: insert(state.comments, comment) });
    setReplyTo(null);
    setAnnounce(comment.parentCommentId ? "Your reply is posted." : "Your comment is posted.");
  };
  const deleted = (id: string) => {
    onChange({ ...state, comments: state.comments.filter((c) => c.id !== id && c.parentCommentId !== id) });
    setAnnounce("The comment is deleted.");
  };

  const count = state.comments.length;
  // a reply is written under the last comment of its thread
  const replyAfter = replyTo ? state.comments.filter((c) => c.id === replyTo.id || c.parentCommentId === replyTo.id).at(-1)?.id : undefined;
  return (
    <div data-testid="comments">
      <h3 className="font-display text-xl font-semibold text-ink">{count ? `Comments (${count})` : "Comments"}</h3>
      {count === 0 ? <p className="mt-2 text-ink-soft">No comments yet.</p> : null}
      <ol className="mt-3 space-y-4" aria-label="Comments">
        {state.comments.map((c) => (
          <li key={c.id} className={c.parentCommentId ? "ml-8 border-l-2 border-ink/10 pl-4 sm:ml-12" : ""}>
            <CommentItem book={book} comment={c} canReply={canWrite} onDeleted={deleted} onReply={setReplyTo} />
            {replyTo && replyAfter === c.id ? (
              <div className={c.parentCommentId ? "" : "ml-8 sm:ml-12"}>
                <CommentForm book={book} parent={{ id: replyTo.id, userName: replyTo.userName }} onAdded={added} onCancel={() => setReplyTo(null)} autoFocus />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <CommentForm book={book} parent={null} onAdded={added} />
      ) : signedIn ? null : (
        <p className="mt-3">
          <Link to={signIn} className={linkClass} data-testid="comment-sign-in">
            Sign in to comment
          </Link>
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
