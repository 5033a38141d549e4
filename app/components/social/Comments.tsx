import { Link } from "@remix-run/react";
import { useState } from "react";
import type { CommentView, CommentsState } from "~/domain/social/social";
import { CommentForm } from "./CommentForm";
import { CommentItem, linkClass, type CommentChanges } from "./CommentItem";
import { socialApi, type SocialBook } from "./social-api";

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
  const changes: CommentChanges = {
    onReply: setReplyTo,
    onRemoved: (id, why) => {
      onChange({ ...state, comments: state.comments.filter((c) => c.id !== id && c.parentCommentId !== id) });
      setAnnounce(why === "deleted" ? "The comment is deleted." : "The comment is reported and hidden for you.");
    },
    // every comment of that author changes: read them again from the server (which knows who wrote what)
    onBlocked: () => {
      socialApi.comments(book).then(onChange, () => undefined);
    },
  };

  const count = state.comments.length;
  // a reply is written under the last comment of its thread
  const replyAfter = replyTo ? state.comments.filter((c) => c.id === replyTo.id || c.parentCommentId === replyTo.id).at(-1)?.id : undefined;
  return (
    <div data-testid="comments" id="comments">
      <h3 className="font-display text-xl font-semibold text-ink">{count ? `Comments (${count})` : "Comments"}</h3>
      {count === 0 ? <p className="mt-2 text-ink-soft">No comments yet.</p> : null}
      <ol className="mt-3 space-y-4" aria-label="Comments">
        {state.comments.map((c) => (
          <li key={c.id} className={c.parentCommentId ? "ml-8 border-l-2 border-ink/10 pl-4 sm:ml-12" : ""}>
            <CommentItem book={book} comment={c} canReply={canWrite} changes={changes} />
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
