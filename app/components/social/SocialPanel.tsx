import { useEffect, useMemo, useState } from "react";
import type { CommentsState, ReactionsState } from "~/domain/social/social";
import { Comments } from "./Comments";
import { ReactionBar } from "./ReactionBar";
import { SocialPanelLoading, SocialPanelShell } from "./SocialPanelShell";
import { socialApi } from "./social-api";
import { useViewer } from "./useViewer";

interface SocialState {
  reactions: ReactionsState;
  comments: CommentsState;
}

/**
 * Reactions and comments under a book. A page whose loader read them passes `initial` (shown
 * without JavaScript too); the owner's live reader asks the API once the book is finished. The
 * public page passes its link's slug (`share`): the API opens a public book only through its link.
 */
export function SocialPanel({ bookId, share = null, initial }: { bookId: string; share?: string | null; initial?: SocialState | null }) {
  const book = useMemo(() => ({ bookId, share }), [bookId, share]);
  const { signedIn, signIn } = useViewer();
  const [reactions, setReactions] = useState<ReactionsState | null>(initial?.reactions ?? null);
  const [comments, setComments] = useState<CommentsState | null>(initial?.comments ?? null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initial) return;
    let live = true;
    Promise.all([socialApi.reactions(book), socialApi.comments(book)])
      .then(([r, c]) => {
        if (!live) return;
        setReactions(r);
        setComments(c);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [book, initial]);

  return (
    <SocialPanelShell>
      {reactions && comments ? (
        <div className="mt-4 space-y-8">
          <ReactionBar book={book} initial={reactions} signedIn={signedIn} signIn={signIn} />
          <Comments book={book} state={comments} onChange={setComments} signedIn={signedIn} signIn={signIn} />
        </div>
      ) : failed ? (
        <p className="mt-3 text-ink-soft" role="status">
          Reactions and comments could not be loaded just now. Please reload the page to try again.
        </p>
      ) : (
        <SocialPanelLoading />
      )}
    </SocialPanelShell>
  );
}
