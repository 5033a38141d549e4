import { describe, expect, it } from "vitest";
import type { CommentsState, CommentView } from "~/domain/social/social";
import { bookOf, parent, row, setPrivacy, shareWith, stranger, type Parent } from "./social-helpers";

const comments = (bookId: string) => `/api/books/${bookId}/comments`;
const report = (bookId: string, id: string) => `${comments(bookId)}/${id}/report`;
const block = (bookId: string, id: string) => `${comments(bookId)}/${id}/block`;

async function post(who: Parent, bookId: string, text: string, parentCommentId?: string): Promise<string> {
  const res = await who.api(comments(bookId), "POST", { text, parentCommentId });
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${await res.text()}`);
  return (await res.json<{ comment: CommentView }>()).comment.id;
}
const list = async (who: Parent, bookId: string) => (await who.api(comments(bookId))).json<CommentsState>();
const reportRows = async (commentId: string) => (await row<{ n: number }>("select count(*) as n from comment_reports where comment_id = ?", commentId))?.n;
const reportMails = async (commentId: string) =>
  (await row<{ n: number }>("select count(*) as n from email_deliveries where id = ?", `comment-report:${commentId}`))?.n;

/** The statuses of ten identical requests sent at once (bodies read): one 201, the rest 200, for an idempotent write. */
async function tenAtOnce(send: () => Promise<Response>): Promise<{ created: number; there: number }> {
  const answers = await Promise.all(Array.from({ length: 10 }, send));
  await Promise.all(answers.map((r) => r.arrayBuffer()));
  const statuses = answers.map((r) => r.status);
  return { created: statuses.filter((s) => s === 201).length, there: statuses.filter((s) => s === 200).length };
}

/** A book of its owner's shared with two readers. */
async function family() {
  const owner = await parent({ firstName: "Lea", lastName: "Owner" });
  const grandma = await parent();
  const cousin = await parent();
  const bookId = await bookOf(owner);
  await shareWith(owner, bookId, grandma.email);
  await shareWith(owner, bookId, cousin.email);
  return { owner, grandma, cousin, bookId };
}

describe("reporting a comment", () => {
  it("hides it (and its replies) at once for the reader who reported it, marks it for the owner and e-mails them once", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    const rude = await post(cousin, bookId, "Page 3 is my favourite");
    const reply = await post(owner, bookId, "Thank you!", rude);
    const kind = await post(cousin, bookId, "Lovely pictures");

    const first = await grandma.api(report(bookId, rude), "POST");
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ reported: true });
    expect((await list(grandma, bookId)).comments.map((c) => c.id)).toEqual([kind]);
    // everyone else still sees it; the owner sees it reported
    expect((await list(cousin, bookId)).comments.map((c) => c.id)).toEqual([rude, reply, kind]);
    const ownersView = await list(owner, bookId);
    expect(ownersView.comments.map((c) => [c.reports, c.canReport, c.canBlock])).toEqual([
      [1, false, true],
      [0, false, false],
      [0, false, true],
    ]);
    expect(await row('select kind, to_address as "to", list from email_deliveries where id = ?', `comment-report:${rude}`)).toEqual({
      kind: "comment-report",
      to: owner.email,
      list: "notifications",
    });
    // it names the author and the book, never the reported words
    const mail = await row<{ subject: string; text: string }>("select subject, text from email_deliveries where id = ?", `comment-report:${rude}`);
    expect(mail?.subject).toMatch(/^A comment on .+ was reported$/);
    expect(mail?.text).toContain("A reader reported a comment by Sam Parent");
    expect(mail?.text).not.toContain("Page 3 is my favourite");

    // someone the book is not shared with cannot report; a reader may report the owner's reply
    const again = await (await parent()).api(report(bookId, rude), "POST");
    expect(again.status).toBe(404); // not shared with them: the book does not exist for them
    await again.arrayBuffer();
    const byAuthor = await cousin.api(report(bookId, reply), "POST");
    expect(byAuthor.status).toBe(201);
    await byAuthor.arrayBuffer();
    expect((await list(owner, bookId)).comments.find((c) => c.id === reply)?.reports).toBe(1);
    // the reporter's second report of the same comment sends no second e-mail
    const twice = await grandma.api(report(bookId, rude), "POST");
    expect(twice.status).toBe(200);
    await twice.arrayBuffer();
    expect(await reportMails(rude)).toBe(1);
  });

  it("is one report however many times it is sent at once", async () => {
    const { grandma, cousin, bookId } = await family();
    const id = await post(cousin, bookId, "Hello");
    expect(await tenAtOnce(() => grandma.api(report(bookId, id), "POST"))).toEqual({ created: 1, there: 9 });
    expect(await reportRows(id)).toBe(1);
    expect(await reportMails(id)).toBe(1);
  });

  it("refuses a visitor (401), a reader who cannot see the book (404), a missing comment (404), one's own comment and the owner (400)", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    const id = await post(cousin, bookId, "Hello");
    expect((await stranger(report(bookId, id), "POST")).status).toBe(401);
    const outsider = await (await parent()).api(report(bookId, id), "POST");
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toEqual({ error: "Book not found" });
    const missing = await grandma.api(report(bookId, crypto.randomUUID()), "POST");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Comment not found" });
    const tooLong = await grandma.api(report(bookId, "x".repeat(65)), "POST");
    expect(tooLong.status).toBe(404);
    await tooLong.arrayBuffer();
    const own = await cousin.api(report(bookId, id), "POST");
    expect(own.status).toBe(400);
    expect((await own.json<{ error: string }>()).error).toMatch(/your own comment/);
    const byOwner = await owner.api(report(bookId, id), "POST");
    expect(byOwner.status).toBe(400);
    expect((await byOwner.json<{ error: string }>()).error).toMatch(/delete the comment instead/);
    expect(await reportRows(id)).toBe(0);
  });

  it("e-mails nobody when the owner turned comment e-mails off; the report stands", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    await setPrivacy(owner.userId, { notifyNewComments: false });
    const id = await post(cousin, bookId, "Hello");
    const res = await grandma.api(report(bookId, id), "POST");
    expect(res.status).toBe(201);
    await res.arrayBuffer();
    expect(await reportMails(id)).toBe(0);
    expect((await list(owner, bookId)).comments[0].reports).toBe(1);
  });
});

describe("blocking a comment's author", () => {
  it("stops them commenting on every book of the owner's, until the owner unblocks them", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    const otherBook = await bookOf(owner);
    await shareWith(owner, otherBook, cousin.email);
    const id = await post(cousin, bookId, "Hello");

    const blocked = await owner.api(block(bookId, id), "POST");
    expect(blocked.status).toBe(201);
    expect(await blocked.json()).toEqual({ blocked: true, userName: "Sam Parent" });
    for (const book of [bookId, otherBook]) {
      const refused = await cousin.api(comments(book), "POST", { text: "Hello again" });
      expect(refused.status, book).toBe(403);
      expect(await refused.json(), book).toEqual({ error: "The book's owner has turned off your comments on their books." });
      expect((await list(cousin, book)).canComment).toBe(false);
    }
    // others still comment; the owner sees the author blocked
    expect((await list(grandma, bookId)).canComment).toBe(true);
    expect((await list(owner, bookId)).comments[0].authorBlocked).toBe(true);

    const unblocked = await owner.api(block(bookId, id), "DELETE");
    expect(unblocked.status).toBe(200);
    expect(await unblocked.json()).toEqual({ blocked: false, userName: "Sam Parent" });
    expect(await post(cousin, otherBook, "Thank you")).toBeTruthy();
  });

  it("is one block however many times it is sent at once", async () => {
    const { owner, cousin, bookId } = await family();
    const id = await post(cousin, bookId, "Hello");
    expect(await tenAtOnce(() => owner.api(block(bookId, id), "POST"))).toEqual({ created: 1, there: 9 });
    expect((await row<{ n: number }>("select count(*) as n from comment_blocks where blocked_user_id = ?", cousin.userId))?.n).toBe(1);
  });

  it("is only the owner's: a reader 403, someone who cannot see the book 404, a missing comment 404, their own comment 400", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    const id = await post(cousin, bookId, "Hello");
    const mine = await post(owner, bookId, "Thanks all");
    const reader = await grandma.api(block(bookId, id), "POST");
    expect(reader.status).toBe(403);
    expect(await reader.json()).toEqual({ error: "Only the book's owner can block someone from commenting." });
    const author = await cousin.api(block(bookId, id), "DELETE");
    expect(author.status).toBe(403);
    await author.arrayBuffer();
    expect((await stranger(block(bookId, id), "POST")).status).toBe(401);
    const outsider = await (await parent()).api(block(bookId, id), "POST");
    expect(outsider.status).toBe(404);
    await outsider.arrayBuffer();
    const missing = await owner.api(block(bookId, crypto.randomUUID()), "POST");
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    const self = await owner.api(block(bookId, mine), "POST");
    expect(self.status).toBe(400);
    await self.arrayBuffer();
    expect((await row<{ n: number }>("select count(*) as n from comment_blocks where blocked_user_id = ?", cousin.userId))?.n).toBe(0);
  });
});

describe("the owner deleting a comment", () => {
  it("many identical deletes at once remove it once and never fail", async () => {
    const { owner, grandma, cousin, bookId } = await family();
    const id = await post(cousin, bookId, "Hello");
    await post(grandma, bookId, "Hi!", id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => owner.api(`${comments(bookId)}/${id}`, "DELETE")));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json<{ deleted?: number }>() })));
    expect(bodies.every((b) => b.status === 200 || b.status === 404)).toBe(true);
    expect(bodies.reduce((n, b) => n + (b.body.deleted ?? 0), 0)).toBe(2);
    expect((await row<{ n: number }>("select count(*) as n from comments where story_id = ?", bookId))?.n).toBe(0);
  });
});
