import { Hono, type Context } from "hono";
import { z } from "zod";
import { COMMENT_MAX_CHARS, REACTION_TYPES, type SharesState } from "../../app/domain/social/social";
import type { FieldIssue } from "../../app/domain/validation";
import type { SocialAccount } from "../../app/services/social/index.server";
import { resolveSite } from "../../app/domain/story/links";
import type { ApiEnv } from "./env";
import { recordActivity } from "../../app/services/analytics/record.server";
import { BOOK_NOT_FOUND, bookIdParam, bookParams, zodValidator, type Answers } from "./validate";

/** The first problem in the route's words (the schemas' own messages). */
const firstIssue = (issues: FieldIssue[]) => ({ error: issues[0]?.message ?? "Invalid request", issues });
const json = (example: string): Answers => ({ unreadable: `The request body must be JSON: ${example}.`, invalid: firstIssue });

const SIGN_IN = "Please sign in to share, react and comment.";
const NOT_FOUND = "Book not found";
const NO_STORE = { "Cache-Control": "private, no-store" };

/** A reaction: one of the kinds the reader offers. */
const reactionBody = z.object({ reactionType: z.enum(REACTION_TYPES, { error: "Unknown reaction" }) }).strict();
/** A comment is plain text, 1 to COMMENT_MAX_CHARS characters after trimming; a reply names its parent. */
const commentBody = z
  .object({
    text: z
      .string({ error: "Please write a comment" })
      .transform((s) => s.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(1, { error: "Please write a comment" })
          .max(COMMENT_MAX_CHARS, { error: `A comment can be at most ${COMMENT_MAX_CHARS} characters` }),
      ),
    parentCommentId: z.string().min(1).max(64).nullish(),
  })
  .strict();
/** A direct share: the family member's e-mail address. */
const shareBody = z
  .object({
    email: z.string({ error: "Please enter an e-mail address" }).trim().toLowerCase().max(254).email({ error: "Please enter a valid e-mail address" }),
  })
  .strict();

const commentParams = bookParams.extend({ commentId: z.string().min(1).max(64) });
const shareParams = bookParams.extend({ shareId: z.string().min(1).max(64) });
const shareIdBody = z.object({ shareId: z.string({ error: "Please name the share to stop" }).min(1).max(64) }).strict();
/** `?share={slug}`: the public link the reader came through (a public book's id alone opens nothing); anything else is ignored. */
const linkQuery = zodValidator("query", z.object({ share: z.string().max(120).optional().catch(undefined) }));

/** The signed-in parent (users.id, e-mail, profile), or null for a visitor. */
function accountOf(c: Context<ApiEnv>): SocialAccount | null {
  const account = c.get("app").account;
  return account ? { userId: account.userId, email: account.email, userProfileId: account.userProfileId } : null;
}

/** 401 for a visitor, 404 for a book the caller may not see (`share`: the public link it came through); else the account. */
async function writer(c: Context<ApiEnv>, bookId: string, share?: string): Promise<SocialAccount | Response> {
  const account = accountOf(c);
  if (!account) return c.json({ error: SIGN_IN }, 401, NO_STORE);
  const { services, owner } = c.get("app");
  if (!(await services.social.mayRead(bookId, { owner, account, share }))) return c.json({ error: NOT_FOUND }, 404, NO_STORE);
  return account;
}

/**
 * Reactions, comments and direct shares of a book (mounted at /api/books). Who may see a book is
 * decided in access.server.ts: its owner, a signed-in parent with a live direct share, anyone who
 * came through a public book's link (`?share={slug}`, which the public page sends); everyone else,
 * a public book's id alone included, gets 404, as for a book that does not exist. Writes need a
 * signed-in parent. Order of checks on a write: the body (400), signed in (401), may see the book
 * (404), then the rules (403, 409, 422, 429).
 *   GET    /{id}/reactions[?share]                  → ReactionsState
 *   POST   /{id}/reactions[?share] {reactionType}   → 201 (new) / 200 (there already) ReactionsState
 *   DELETE /{id}/reactions[?share] {reactionType}   → 200 ReactionsState
 *   GET    /{id}/comments[?share]                   → CommentsState
 *   POST   /{id}/comments[?share] {text, parentCommentId?} → 201 {comment}
 *   DELETE /{id}/comments/{commentId}[?share]       → 200 {deleted: n} (the comment and its replies)
 *   POST   /{id}/comments/{commentId}/report[?share] → 201 (new) / 200 (reported already) {reported: true}
 *   POST   /{id}/comments/{commentId}/block        → 201 (new) / 200 (blocked already) {blocked: true, userName} (the owner)
 *   DELETE /{id}/comments/{commentId}/block        → 200 {blocked: false, userName} (the owner)
 *   GET    /{id}/shares                     → SharesState (the owner's)
 *   POST   /{id}/shares {email}             → 201 (new) / 200 (live already) {share, recipient, emailed}
 *   DELETE /{id}/shares {shareId} | /{id}/shares/{shareId} → 200 {revoked: true}
 */
export const social = new Hono<ApiEnv>()
  .get("/:bookId/reactions", bookIdParam, linkQuery, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner } = c.get("app");
    const account = accountOf(c);
    if (!(await services.social.mayRead(bookId, { owner, account, share: c.req.valid("query").share }))) return c.json({ error: NOT_FOUND }, 404, NO_STORE);
    return c.json(await services.social.reactions.state(bookId, account?.userId ?? null), 200, NO_STORE);
  })
  .post("/:bookId/reactions", bookIdParam, linkQuery, zodValidator("json", reactionBody, json('{"reactionType": "heart"}')), async (c) => {
    const { bookId } = c.req.valid("param");
    const who = await writer(c, bookId, c.req.valid("query").share);
    if (who instanceof Response) return who;
    const { created, state } = await c.get("app").services.social.reactions.add(bookId, who.userId, c.req.valid("json").reactionType);
    return c.json(state, created ? 201 : 200, NO_STORE);
  })
  .delete("/:bookId/reactions", bookIdParam, linkQuery, zodValidator("json", reactionBody, json('{"reactionType": "heart"}')), async (c) => {
    const { bookId } = c.req.valid("param");
    const who = await writer(c, bookId, c.req.valid("query").share);
    if (who instanceof Response) return who;
    return c.json(await c.get("app").services.social.reactions.remove(bookId, who.userId, c.req.valid("json").reactionType), 200, NO_STORE);
  })
  .get("/:bookId/comments", bookIdParam, linkQuery, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner } = c.get("app");
    const account = accountOf(c);
    if (!(await services.social.mayRead(bookId, { owner, account, share: c.req.valid("query").share }))) return c.json({ error: NOT_FOUND }, 404, NO_STORE);
    return c.json(await services.social.comments.state(bookId, account), 200, NO_STORE);
  })
  .post("/:bookId/comments", bookIdParam, linkQuery, zodValidator("json", commentBody, json('{"text": "What a lovely story!"}')), async (c) => {
    const { bookId } = c.req.valid("param");
    const who = await writer(c, bookId, c.req.valid("query").share);
    if (who instanceof Response) return who;
    const result = await c.get("app").services.social.comments.add(who, bookId, c.req.valid("json"));
    if (!result.ok) return c.json({ error: result.error }, result.status, NO_STORE);
    return c.json({ comment: result.comment }, 201, NO_STORE);
  })
  .delete("/:bookId/comments/:commentId", zodValidator("param", commentParams, BOOK_NOT_FOUND), linkQuery, async (c) => {
    const { bookId, commentId } = c.req.valid("param");
    const who = await writer(c, bookId, c.req.valid("query").share);
    if (who instanceof Response) return who;
    const result = await c.get("app").services.social.comments.remove(who, bookId, commentId);
    if (!result.ok) return c.json({ error: result.error }, result.status, NO_STORE);
    return c.json({ deleted: result.deleted }, 200, NO_STORE);
  })
  .post("/:bookId/comments/:commentId/report", zodValidator("param", commentParams, BOOK_NOT_FOUND), linkQuery, async (c) => {
    const { bookId, commentId } = c.req.valid("param");
    const who = await writer(c, bookId, c.req.valid("query").share);
    if (who instanceof Response) return who;
    const { services, env } = c.get("app");
    const result = await services.social.comments.report(who, bookId, commentId, resolveSite(env.secrets.WEBSITE_URL, c.req.url));
    if (!result.ok) return c.json({ error: result.error }, result.status, NO_STORE);
    return c.json({ reported: true }, result.created ? 201 : 200, NO_STORE);
  })
  .post("/:bookId/comments/:commentId/block", zodValidator("param", commentParams, BOOK_NOT_FOUND), async (c) => {
    const { bookId, commentId } = c.req.valid("param");
    const who = await writer(c, bookId);
    if (who instanceof Response) return who;
    const result = await c.get("app").services.social.comments.block(who, bookId, commentId);
    if (!result.ok) return c.json({ error: result.error }, result.status, NO_STORE);
    return c.json({ blocked: true, userName: result.userName }, result.created ? 201 : 200, NO_STORE);
  })
  .delete("/:bookId/comments/:commentId/block", zodValidator("param", commentParams, BOOK_NOT_FOUND), async (c) => {
    const { bookId, commentId } = c.req.valid("param");
    const who = await writer(c, bookId);
    if (who instanceof Response) return who;
    const result = await c.get("app").services.social.comments.unblock(who, bookId, commentId);
    if (!result.ok) return c.json({ error: result.error }, result.status, NO_STORE);
    return c.json({ blocked: false, userName: result.userName }, 200, NO_STORE);
  })
  .get("/:bookId/shares", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const who = await writer(c, bookId);
    if (who instanceof Response) return who;
    const shares = await c.get("app").services.social.shares.list(who, bookId);
    if (!shares) return c.json({ error: "Only the book's owner can see its shares." }, 403, NO_STORE);
    const body: SharesState = { shares };
    return c.json(body, 200, NO_STORE);
  })
  .post("/:bookId/shares", bookIdParam, zodValidator("json", shareBody, json('{"email": "grandma@example.com"}')), async (c) => {
    const { bookId } = c.req.valid("param");
    const who = await writer(c, bookId);
    if (who instanceof Response) return who;
    const { services, env } = c.get("app");
    const result = await services.social.shares.share(who, bookId, c.req.valid("json").email, resolveSite(env.secrets.WEBSITE_URL, c.req.url));
    if (!result.ok) {
      const headers: Record<string, string> = { ...NO_STORE };
      if (result.retryAfter) headers["Retry-After"] = String(result.retryAfter);
      return c.json({ error: result.error }, result.status, headers);
    }
    if (result.created) void recordActivity(c.get("app"), c.req.raw, "book_shared", { bookId, how: "family" });
    return c.json({ share: result.share, recipient: result.recipient, emailed: result.emailed }, result.created ? 201 : 200, NO_STORE);
  })
  .delete("/:bookId/shares", bookIdParam, zodValidator("json", shareIdBody, json('{"shareId": "..."}')), async (c) =>
    revoke(c, c.req.valid("param").bookId, c.req.valid("json").shareId),
  )
  .delete("/:bookId/shares/:shareId", zodValidator("param", shareParams, BOOK_NOT_FOUND), async (c) =>
    revoke(c, c.req.valid("param").bookId, c.req.valid("param").shareId),
  );

async function revoke(c: Context<ApiEnv>, bookId: string, shareId: string): Promise<Response> {
  const who = await writer(c, bookId);
  if (who instanceof Response) return who;
  const outcome = await c.get("app").services.social.shares.revoke(who, bookId, shareId);
  if (outcome === "not-owner") return c.json({ error: "Only the book's owner can stop its shares." }, 403, NO_STORE);
  if (outcome === "not-found") return c.json({ error: "Share not found" }, 404, NO_STORE);
  return c.json({ revoked: true }, 200, NO_STORE);
}
