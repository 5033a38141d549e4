import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "~/components/overlays/toast";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { COMMENT_MAX_CHARS, SOCIAL_ERRORS, type CommentView } from "~/domain/social/social";
import { socialApi, SocialError, TRY_AGAIN, type SocialBook } from "./social-api";

/**
 * Writing a comment or a reply: plain text (line breaks kept), with how many characters are left.
 * The server moderates it; a refusal keeps the text so it can be changed, and says why.
 */
export function CommentForm({
  book,
  parent,
  onAdded,
  onCancel,
  autoFocus = false,
}: {
  book: SocialBook;
  /** the comment this answers (a reply), or null for a new comment */
  parent: { id: string; userName: string } | null;
  onAdded: (comment: CommentView) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const length = text.trim().length;
  const over = length > COMMENT_MAX_CHARS;
  const label = parent ? `Reply to ${parent.userName}` : "Write a comment";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!length || over) {
      setError(over ? `A comment can be at most ${COMMENT_MAX_CHARS} characters.` : "Please write something first.");
      areaRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { comment } = await socialApi.addComment(book, text, parent?.id ?? null);
      setText("");
      onAdded(comment);
    } catch (e) {
      const why = e instanceof SocialError ? e.message : TRY_AGAIN;
      setError(why);
      toast.show({ title: SOCIAL_ERRORS.addComment, description: why, kind: "error" });
      areaRef.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3" data-testid={parent ? "reply-form" : "comment-form"} noValidate>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
      </label>
      <textarea
        ref={areaRef}
        id={id}
        name="text"
        value={text}
        rows={parent ? 2 : 3}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="mt-1.5 block w-full rounded-2xl border-2 border-ink/15 bg-cream/50 px-4 py-3 text-base text-ink focus:border-plum focus:bg-paper focus:outline-none focus-visible:ring-3 focus-visible:ring-plum/30"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-count`} className={cn("text-sm", over ? "font-semibold text-coral-dark" : "text-ink-soft")} data-testid="comment-count">
          {`${length} of ${COMMENT_MAX_CHARS} characters`}
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <button type="button" className={buttonClass("ghost", "sm")} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className={buttonClass("primary", "sm")} disabled={sending}>
            {sending ? "Sending…" : parent ? "Send reply" : "Post comment"}
          </button>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 rounded-2xl bg-coral/10 px-4 py-3 font-semibold text-ink">
          {error}
        </p>
      ) : null}
    </form>
  );
}
