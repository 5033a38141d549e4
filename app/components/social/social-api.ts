import type { CommentView, CommentsState, ReactionType, ReactionsState, ShareView, SharesState } from "~/domain/social/social";

/**
 * The reader's calls to the social JSON API (/api/books/{id}/reactions|comments|shares). A refusal
 * keeps the server's own words (a moderation refusal, a limit) unless it is a server error; no
 * connection says so.
 */
export class SocialError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "SocialError";
  }
}

const NO_CONNECTION = "Please check your internet connection and try again.";
export const TRY_AGAIN = "Please try again in a moment.";

async function call<T>(path: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { Accept: "application/json", ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new SocialError(NO_CONNECTION, 0);
  }
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    const said = typeof body?.error === "string" && response.status < 500 ? body.error : TRY_AGAIN;
    throw new SocialError(said, response.status);
  }
  if (!body) throw new SocialError(TRY_AGAIN, response.status);
  return body as T;
}

const base = (bookId: string) => `/api/books/${encodeURIComponent(bookId)}`;

/** The book a reader's reactions and comments are about, and the public link they came through (a public book's id alone opens nothing). */
export interface SocialBook {
  bookId: string;
  share?: string | null;
}

/** `/api/books/{id}/{rest}`, carrying the public link's slug when the reader came through it. */
const about = ({ bookId, share }: SocialBook, rest: string) => `${base(bookId)}/${rest}${share ? `?share=${encodeURIComponent(share)}` : ""}`;

export const socialApi = {
  reactions: (book: SocialBook) => call<ReactionsState>(about(book, "reactions")),
  react: (book: SocialBook, reactionType: ReactionType, on: boolean) =>
    call<ReactionsState>(about(book, "reactions"), { method: on ? "POST" : "DELETE", json: { reactionType } }),
  comments: (book: SocialBook) => call<CommentsState>(about(book, "comments")),
  addComment: (book: SocialBook, text: string, parentCommentId: string | null) =>
    call<{ comment: CommentView }>(about(book, "comments"), { method: "POST", json: parentCommentId ? { text, parentCommentId } : { text } }),
  deleteComment: (book: SocialBook, commentId: string) =>
    call<{ deleted: number }>(about(book, `comments/${encodeURIComponent(commentId)}`), { method: "DELETE" }),
  reportComment: (book: SocialBook, commentId: string) =>
    call<{ reported: boolean }>(about(book, `comments/${encodeURIComponent(commentId)}/report`), { method: "POST" }),
  blockAuthor: (book: SocialBook, commentId: string, on: boolean) =>
    call<{ blocked: boolean; userName: string }>(about(book, `comments/${encodeURIComponent(commentId)}/block`), { method: on ? "POST" : "DELETE" }),
  shares: (bookId: string) => call<SharesState>(`${base(bookId)}/shares`),
  share: (bookId: string, email: string) =>
    call<{ share: ShareView; recipient: { name: string } | null; emailed: boolean }>(`${base(bookId)}/shares`, { method: "POST", json: { email } }),
  revoke: (bookId: string, shareId: string) => call<{ revoked: boolean }>(`${base(bookId)}/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" }),
};

/** Where "Sign in to …" goes: the sign-in page, then back to this page. */
export function signInHref(path: string): string {
  return `/auth/login?redirectTo=${encodeURIComponent(path)}`;
}
