import { describe, expect, it } from "vitest";
import { SHARE_TTL_MS } from "~/domain/social/social";
import { bookOf, COVER, moveClock, parent, resetClock, setPrivacy, shareWith, stranger, type Parent } from "./social-helpers";

type Call = (path: string, method?: string, body?: unknown) => Promise<Response>;

/** What each kind of request answers this caller for the book (`link`: a public link's `?share=`): status codes only. */
async function probe(call: Call, bookId: string, link = "") {
  const status = async (path: string, method = "GET", body?: unknown) => {
    const res = await call(path, method, body);
    await res.arrayBuffer();
    return res.status;
  };
  return {
    reactions: await status(`/api/books/${bookId}/reactions${link}`),
    comments: await status(`/api/books/${bookId}/comments${link}`),
    picture: await status(`${COVER(bookId)}${link}`),
    react: await status(`/api/books/${bookId}/reactions${link}`, "POST", { reactionType: "wow" }),
    comment: await status(`/api/books/${bookId}/comments${link}`, "POST", { text: "Lovely pictures" }),
    shares: await status(`/api/books/${bookId}/shares`),
    ownerPage: await status(`/youraistory/${bookId}`),
  };
}

const SEES = { reactions: 200, comments: 200, picture: 200, ownerPage: 404 };
const HIDDEN = { reactions: 404, comments: 404, picture: 404, react: 404, comment: 404, shares: 404, ownerPage: 404 };
const VISITOR = { reactions: 404, comments: 404, picture: 404, react: 401, comment: 401, shares: 401, ownerPage: 404 };

async function sharedBook(): Promise<{ owner: Parent; bookId: string; recipient: Parent }> {
  const owner = await parent();
  const recipient = await parent();
  const bookId = await bookOf(owner);
  await shareWith(owner, bookId, recipient.email);
  return { owner, bookId, recipient };
}

describe("who may see a private book, its pictures, reactions and comments", () => {
  it("the owner and a live share's recipient; nobody else, and the answer is the same as for no book", async () => {
    const { owner, bookId, recipient } = await sharedBook();
    expect(await probe(owner.api, bookId)).toEqual({ ...SEES, react: 201, comment: 201, shares: 200, ownerPage: 200 });
    expect(await probe(recipient.api, bookId)).toEqual({ ...SEES, react: 201, comment: 201, shares: 403 });
    expect(await probe((await parent()).api, bookId)).toEqual(HIDDEN);
    expect(await probe(stranger, bookId)).toEqual(VISITOR);
    // a book that does not exist answers the same
    expect(await probe((await parent()).api, "b0doesnotexist")).toEqual(HIDDEN);
  });

  it("an expired share and a revoked share open nothing", async () => {
    const expired = await sharedBook();
    const revoked = await sharedBook();
    const [{ id }] = (await (await revoked.owner.api(`/api/books/${revoked.bookId}/shares`)).json<{ shares: { id: string }[] }>()).shares;
    await (await revoked.owner.api(`/api/books/${revoked.bookId}/shares/${id}`, "DELETE")).arrayBuffer();
    expect(await probe(revoked.recipient.api, revoked.bookId)).toEqual(HIDDEN);
    try {
      await moveClock(SHARE_TTL_MS + 1000);
      expect(await probe(expired.recipient.api, expired.bookId)).toEqual(HIDDEN);
      // the owner is not affected by the clock
      expect((await probe(expired.owner.api, expired.bookId)).reactions).toBe(200);
    } finally {
      await resetClock();
    }
  });

  it("a public book: its reactions and comments open through its link, to its owner and a live share; its id alone is a 404", { timeout: 30_000 }, async () => {
    const { owner, bookId, recipient } = await sharedBook();
    await setPrivacy(owner.userId, { allowPublicSharing: true });
    const made = await owner.api(`/api/books/${bookId}/share`, "POST", { public: true });
    expect(made.status).toBe(200);
    const { slug } = await made.json<{ slug: string }>();
    const link = `?share=${slug}`;

    expect(await probe(owner.api, bookId)).toEqual({ ...SEES, react: 201, comment: 201, shares: 200, ownerPage: 200 });
    expect(await probe(recipient.api, bookId)).toEqual({ ...SEES, react: 201, comment: 201, shares: 403 });
    // through the public link: anyone reads, a signed-in parent writes
    expect(await probe(stranger, bookId, link)).toEqual({ ...VISITOR, reactions: 200, comments: 200, picture: 200 });
    const state = await (await stranger(`/api/books/${bookId}/comments${link}`)).json<{ canComment: boolean; comments: unknown[] }>();
    expect(state.canComment).toBe(false);
    expect(state.comments).toHaveLength(2);
    const reader = await parent();
    expect(await probe(reader.api, bookId, link)).toEqual({ ...HIDDEN, reactions: 200, comments: 200, picture: 200, react: 201, comment: 201 });
    // the book's id alone, or a wrong slug, opens nothing: the same 404 as a book that does not exist
    expect(await probe(stranger, bookId)).toEqual(VISITOR);
    expect(await probe((await parent()).api, bookId)).toEqual(HIDDEN);
    expect(await probe((await parent()).api, bookId, "?share=abcdefghijkmnpqrstuv")).toEqual(HIDDEN);
    const byId = await stranger(`/api/books/${bookId}/comments`);
    const none = await stranger(`/api/books/b0doesnotexist/comments`);
    expect(await byId.json()).toEqual(await none.json());

    // Private again: the link closes at once.
    await (await owner.api(`/api/books/${bookId}/share`, "POST", { public: false })).arrayBuffer();
    expect(await probe(stranger, bookId, link)).toEqual(VISITOR);
    expect(await probe(reader.api, bookId, link)).toEqual(HIDDEN);
  });
});
