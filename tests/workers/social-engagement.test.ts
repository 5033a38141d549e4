import { describe, expect, it } from "vitest";
import type { CommentsState, CommentView, ReactionsState } from "~/domain/social/social";
import { bookOf, parent, row, shareWith, stranger } from "./social-helpers";

const reactions = (bookId: string) => `/api/books/${bookId}/reactions`;
const comments = (bookId: string) => `/api/books/${bookId}/comments`;

describe("reactions", () => {
  it("are toggled: one of each kind per person, counted for everyone who may see the book", async () => {
    const owner = await parent();
    const grandma = await parent();
    const bookId = await bookOf(owner);
    await shareWith(owner, bookId, grandma.email);

    const empty = await grandma.api(reactions(bookId));
    expect(await empty.json()).toEqual({ counts: { heart: 0, star: 0, laugh: 0, wow: 0, hug: 0 }, mine: [], total: 0 });

    const added = await grandma.api(reactions(bookId), "POST", { reactionType: "heart" });
    expect(added.status).toBe(201);
    expect(await added.json<ReactionsState>()).toMatchObject({ mine: ["heart"], total: 1 });
    const twice = await grandma.api(reactions(bookId), "POST", { reactionType: "heart" });
    expect(twice.status).toBe(200);
    expect((await twice.json<ReactionsState>()).counts.heart).toBe(1);
    await (await grandma.api(reactions(bookId), "POST", { reactionType: "hug" })).arrayBuffer();
    // the owner reacts too
    const mine = await owner.api(reactions(bookId), "POST", { reactionType: "heart" });
    expect(await mine.json<ReactionsState>()).toEqual({ counts: { heart: 2, star: 0, laugh: 0, wow: 0, hug: 1 }, mine: ["heart"], total: 3 });

    const removed = await grandma.api(reactions(bookId), "DELETE", { reactionType: "heart" });
    expect(removed.status).toBe(200);
    expect(await removed.json<ReactionsState>()).toEqual({ counts: { heart: 1, star: 0, laugh: 0, wow: 0, hug: 1 }, mine: ["hug"], total: 2 });
    const again = await grandma.api(reactions(bookId), "DELETE", { reactionType: "heart" });
    expect(again.status).toBe(200);
    expect((await again.json<ReactionsState>()).total).toBe(2);
  });

  it("ten simultaneous adds of one kind by one person make one row", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const answers = await Promise.all(Array.from({ length: 10 }, () => owner.api(reactions(bookId), "POST", { reactionType: "star" })));
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect((await row<{ n: number }>("select count(*) as n from reactions where story_id = ?", bookId))?.n).toBe(1);
  });

  it("an unknown kind is 400 before anything else; a visitor is 401; another parent's book 404", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const bad = await stranger(reactions(bookId), "POST", { reactionType: "thumbs-down" });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toBe("Unknown reaction");
    const extra = await owner.api(reactions(bookId), "POST", { reactionType: "heart", userId: "someone" });
    expect(extra.status).toBe(400);
    await extra.arrayBuffer();
    const visitor = await stranger(reactions(bookId), "POST", { reactionType: "heart" });
    expect(visitor.status).toBe(401);
    await visitor.arrayBuffer();
    const other = await parent();
    const hidden = await other.api(reactions(bookId), "POST", { reactionType: "heart" });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: "Book not found" });
    expect((await row<{ n: number }>("select count(*) as n from reactions where story_id = ?", bookId))?.n).toBe(0);
  });
});

describe("comments", () => {
  it("thread two levels deep (a reply to a reply joins its top-level comment), with the author's name", async () => {
    const owner = await parent({ firstName: "Lea", lastName: "Owner" });
    const grandma = await parent();
    const bookId = await bookOf(owner);
    await shareWith(owner, bookId, grandma.email);

    const first = await grandma.api(comments(bookId), "POST", { text: "  What a lovely story!\r\nMia is so brave.  " });
    expect(first.status).toBe(201);
    const top = (await first.json<{ comment: CommentView }>()).comment;
    expect(top).toMatchObject({
      parentCommentId: null,
      userName: "Sam Parent",
      userAvatar: null,
      text: "What a lovely story!\nMia is so brave.",
      canDelete: true,
    });
    const reply = (await (await owner.api(comments(bookId), "POST", { text: "Thank you!", parentCommentId: top.id })).json<{ comment: CommentView }>()).comment;
    expect(reply.parentCommentId).toBe(top.id);
    const replyToReply = (
      await (await grandma.api(comments(bookId), "POST", { text: "You're welcome", parentCommentId: reply.id })).json<{ comment: CommentView }>()
    ).comment;
    expect(replyToReply.parentCommentId).toBe(top.id);
    const second = (await (await owner.api(comments(bookId), "POST", { text: "<b>Plain</b> text\u0007 only" })).json<{ comment: CommentView }>()).comment;
    expect(second.text).toBe("<b>Plain</b> text only");

    const state = await (await grandma.api(comments(bookId))).json<CommentsState>();
    expect(state.canComment).toBe(true);
    expect(state.comments.map((c) => c.id)).toEqual([top.id, reply.id, replyToReply.id, second.id]);
    // the recipient may delete only their own; the owner every one
    expect(state.comments.map((c) => c.canDelete)).toEqual([true, false, true, false]);
    const ownersView = await (await owner.api(comments(bookId))).json<CommentsState>();
    expect(ownersView.comments.every((c) => c.canDelete)).toBe(true);

    // A parent comment from another book is refused.
    const otherBook = await bookOf(owner);
    const foreign = await owner.api(comments(otherBook), "POST", { text: "Hello", parentCommentId: top.id });
    expect(foreign.status).toBe(400);
    expect((await foreign.json<{ error: string }>()).error).toMatch(/not on this book/);
  });

  it("are moderated before they are stored (422 with the moderator's sentence)", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    for (const text of ["I will kill you", "call me on 07700 900123"]) {
      const res = await owner.api(comments(bookId), "POST", { text });
      expect(res.status, text).toBe(422);
      const { error } = await res.json<{ error: string }>();
      expect(error).toMatch(/please/i);
      expect(error).not.toContain(text);
    }
    for (const text of ["", "   ", "x".repeat(1001)]) {
      const res = await owner.api(comments(bookId), "POST", { text });
      expect(res.status, `${text.length} chars`).toBe(400);
      await res.arrayBuffer();
    }
    expect((await row<{ n: number }>("select count(*) as n from comments where story_id = ?", bookId))?.n).toBe(0);
  });

  it("are deleted by their author or the book's owner (with their replies); anyone else 403", async () => {
    const owner = await parent();
    const grandma = await parent();
    const cousin = await parent();
    const bookId = await bookOf(owner);
    await shareWith(owner, bookId, grandma.email);
    await shareWith(owner, bookId, cousin.email);
    const post = async (who: typeof owner, text: string, parentCommentId?: string) =>
      (await (await who.api(comments(bookId), "POST", { text, parentCommentId })).json<{ comment: CommentView }>()).comment.id;
    const a = await post(grandma, "Lovely");
    await post(cousin, "Yes!", a);
    await post(owner, "Thanks", a);
    const b = await post(cousin, "More please");

    const notYours = await grandma.api(`${comments(bookId)}/${b}`, "DELETE");
    expect(notYours.status).toBe(403);
    await notYours.arrayBuffer();
    expect((await stranger(`${comments(bookId)}/${b}`, "DELETE")).status).toBe(401);
    const outsider = await (await parent()).api(`${comments(bookId)}/${b}`, "DELETE");
    expect(outsider.status).toBe(404);
    await outsider.arrayBuffer();
    const missing = await grandma.api(`${comments(bookId)}/${crypto.randomUUID()}`, "DELETE");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Comment not found" });

    const byAuthor = await grandma.api(`${comments(bookId)}/${a}`, "DELETE");
    expect(byAuthor.status).toBe(200);
    expect(await byAuthor.json()).toEqual({ deleted: 3 });
    const byOwner = await owner.api(`${comments(bookId)}/${b}`, "DELETE");
    expect(await byOwner.json()).toEqual({ deleted: 1 });
    expect((await row<{ n: number }>("select count(*) as n from comments where story_id = ?", bookId))?.n).toBe(0);
  });

  it("at most 30 comments an hour per account (429)", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => owner.api(comments(bookId), "POST", { text: `Page ${i} is my favourite` })));
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect((await row<{ n: number }>("select count(*) as n from comments where story_id = ?", bookId))?.n).toBe(30);
  });

  it("a body larger than a comment can be is refused unread (413)", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const res = await owner.api(comments(bookId), "POST", { text: "a".repeat(9000) });
    expect(res.status).toBe(413);
    expect((await res.json<{ error: string }>()).error).toMatch(/at most 8 KB/);
  });
});
