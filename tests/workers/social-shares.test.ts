import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { isShareCode, SHARE_TTL_MS } from "~/domain/social/social";
import { makeBook, uid } from "./db-helpers";
import { bookOf, COVER, DAY_MS, moveClock, parent, resetClock, row, setPrivacy, shareWith, stranger } from "./social-helpers";

const services = () => createServices(parseEnv(env));
const account = (p: { userId: string; email: string; profileId: string }) => ({ userId: p.userId, email: p.email, userProfileId: p.profileId });

afterEach(resetClock);

describe("sharing a book with family by e-mail", () => {
  it("makes a 7-day share whose code is the book, the time and 20 random characters, and e-mails it once", async () => {
    const owner = await parent();
    const grandma = await parent({ firstName: "Ann" });
    const bookId = await bookOf(owner);
    const before = Date.now();
    const res = await owner.api(`/api/books/${bookId}/shares`, "POST", { email: `  ${grandma.email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    const body = await res.json<{
      share: { id: string; email: string; createdAt: string; expiresAt: string; status: string };
      recipient: unknown;
      emailed: boolean;
    }>();
    expect(body.share.email).toBe(grandma.email);
    expect(body.share.status).toBe("live");
    expect(Date.parse(body.share.expiresAt) - Date.parse(body.share.createdAt)).toBe(SHARE_TTL_MS);
    // family discovery is on by default: the sharer learns the address has an account
    expect(body.recipient).toEqual({ name: "Sam Parent" });
    expect(body.emailed).toBe(true);

    const stored = await row<{ share_code: string; shared_by: string; share_type: string }>(
      "select share_code, shared_by, share_type from shares where id = ?",
      body.share.id,
    );
    expect(stored?.shared_by).toBe(owner.userId);
    expect(stored?.share_type).toBe("direct");
    const code = stored!.share_code;
    expect(isShareCode(code)).toBe(true);
    const [bookPart, timePart, randomPart] = code.split("-");
    expect(bookPart).toBe(bookId);
    expect(parseInt(timePart, 36)).toBeGreaterThanOrEqual(before);
    expect(parseInt(timePart, 36)).toBeLessThanOrEqual(Date.now());
    expect(randomPart).toMatch(/^[0-9a-z]{20}$/);

    const mail = await row<{ to_address: string; text: string; list: string }>(
      "select to_address, text, list from email_deliveries where id = ?",
      `story-share:${body.share.id}`,
    );
    expect(mail?.to_address).toBe(grandma.email);
    expect(mail?.list).toBe("notifications");
    expect(mail?.text).toContain(`/shared/${code}`);

    // The same address again while the share is live: the same share, no second e-mail.
    const again = await owner.api(`/api/books/${bookId}/shares`, "POST", { email: grandma.email });
    expect(again.status).toBe(200);
    const second = await again.json<{ share: { id: string }; emailed: boolean }>();
    expect(second.share.id).toBe(body.share.id);
    expect(second.emailed).toBe(false);
    expect((await row<{ n: number }>("select count(*) as n from email_deliveries where id like 'story-share:%' and to_address = ?", grandma.email))?.n).toBe(1);
  });

  it("ten shares with one address at once make one share", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const to = `${uid("aunt").toLowerCase()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => owner.api(`/api/books/${bookId}/shares`, "POST", { email: to })));
    const statuses = answers.map((r) => r.status).sort();
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect((await row<{ n: number }>("select count(*) as n from shares where story_id = ?", bookId))?.n).toBe(1);
  });

  it("the recipient reads it signed in, finds it under Shared with me, and loses it when the share expires", async () => {
    const owner = await parent();
    const grandma = await parent();
    const bookId = await bookOf(owner, { title: "The Moon Picnic" });
    const { share } = await shareWith(owner, bookId, grandma.email);
    const code = (await row<{ share_code: string }>("select share_code from shares where id = ?", share.id))!.share_code;

    const mine = await services().social.shares.sharedWithMe(account(grandma));
    expect(mine).toEqual([
      { code, bookId, title: "The Moon Picnic", childName: "Mia", coverUrl: COVER(bookId), sharedByName: "Sam Parent", expiresAt: share.expiresAt },
    ]);
    const opened = await services().social.shares.open(code, account(grandma));
    expect(opened.state).toBe("live");
    if (opened.state === "live") {
      expect(opened.story.title).toBe("The Moon Picnic");
      // the pictures open by the recipient's session: no pass on the address
      expect(opened.story.coverUrl).toBe(COVER(bookId));
    }
    expect((await services().social.shares.open(code, null)).state).toBe("sign-in");
    const other = await parent();
    expect(await services().social.shares.open(code, account(other))).toEqual({ state: "other-account" });

    const cover = await grandma.call(COVER(bookId));
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Cache-Control")).toBe("private, no-cache");
    await cover.arrayBuffer();
    expect((await grandma.api(`/api/books/${bookId}/reactions`)).status).toBe(200);

    // One minute before the end it still opens; once its expiry has passed it opens nothing.
    await moveClock(SHARE_TTL_MS - 60_000);
    expect((await grandma.api(`/api/books/${bookId}/comments`)).status).toBe(200);
    await moveClock(2 * 60_000);
    expect((await grandma.api(`/api/books/${bookId}/comments`)).status).toBe(404);
    expect((await grandma.api(`/api/books/${bookId}/reactions`, "POST", { reactionType: "heart" })).status).toBe(404);
    const gone = await grandma.call(COVER(bookId));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "Image not found" });
    expect(await services().social.shares.open(code, account(grandma))).toEqual({ state: "expired" });
    expect(await services().social.shares.sharedWithMe(account(grandma))).toEqual([]);
    const list = await (await owner.api(`/api/books/${bookId}/shares`)).json<{ shares: { id: string; status: string }[] }>();
    expect(list.shares).toEqual([expect.objectContaining({ id: share.id, status: "expired" })]);

    // Sharing again after the expiry makes a new share.
    const renewed = await owner.api(`/api/books/${bookId}/shares`, "POST", { email: grandma.email });
    expect(renewed.status).toBe(201);
    expect((await renewed.json<{ share: { id: string } }>()).share.id).not.toBe(share.id);
    expect((await grandma.api(`/api/books/${bookId}/comments`)).status).toBe(200);
  });

  it("revoking stops the share at once, by body or by path; only the owner revokes", async () => {
    const owner = await parent();
    const grandma = await parent();
    const bookId = await bookOf(owner);
    const { share } = await shareWith(owner, bookId, grandma.email);
    const code = (await row<{ share_code: string }>("select share_code from shares where id = ?", share.id))!.share_code;

    const byRecipient = await grandma.api(`/api/books/${bookId}/shares`, "DELETE", { shareId: share.id });
    expect(byRecipient.status).toBe(403);
    await byRecipient.arrayBuffer();
    expect((await stranger(`/api/books/${bookId}/shares/${share.id}`, "DELETE")).status).toBe(401);

    const revoked = await owner.api(`/api/books/${bookId}/shares`, "DELETE", { shareId: share.id });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: true });
    expect((await grandma.api(`/api/books/${bookId}/comments`)).status).toBe(404);
    expect((await grandma.call(COVER(bookId))).status).toBe(404);
    expect(await services().social.shares.open(code, account(grandma))).toEqual({ state: "revoked" });
    expect(await (await owner.api(`/api/books/${bookId}/shares`)).json()).toEqual({ shares: [] });

    const second = await shareWith(owner, bookId, grandma.email);
    const byPath = await owner.api(`/api/books/${bookId}/shares/${second.share.id}`, "DELETE");
    expect(byPath.status).toBe(200);
    await byPath.arrayBuffer();
    expect((await grandma.api(`/api/books/${bookId}/reactions`)).status).toBe(404);
    const unknown = await owner.api(`/api/books/${bookId}/shares/${crypto.randomUUID()}`, "DELETE");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Share not found" });
  });

  it("refuses what the rules forbid, in order: body 400, signed in 401, may see 404, then the rules", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const grandma = await parent();

    const bad = await stranger(`/api/books/${bookId}/shares`, "POST", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toBe("Please enter a valid e-mail address");
    const visitor = await stranger(`/api/books/${bookId}/shares`, "POST", { email: grandma.email });
    expect(visitor.status).toBe(401);
    expect((await visitor.json<{ error: string }>()).error).toMatch(/sign in/i);
    const other = await grandma.api(`/api/books/${bookId}/shares`, "POST", { email: "someone@example.com" });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "Book not found" });
    expect((await grandma.api(`/api/books/${bookId}/shares`)).status).toBe(404);

    const own = await owner.api(`/api/books/${bookId}/shares`, "POST", { email: owner.email });
    expect(own.status).toBe(400);
    await own.arrayBuffer();
    const drawing = await makeBook({ userProfileId: owner.profileId }, { status: "illustrating" });
    const unfinished = await owner.api(`/api/books/${drawing}/shares`, "POST", { email: grandma.email });
    expect(unfinished.status).toBe(409);
    expect((await unfinished.json<{ error: string }>()).error).toMatch(/finished book/);

    // A recipient cannot pass the book on.
    await shareWith(owner, bookId, grandma.email);
    const onward = await grandma.api(`/api/books/${bookId}/shares`, "POST", { email: "cousin@example.com" });
    expect(onward.status).toBe(403);
    await onward.arrayBuffer();
    expect((await grandma.api(`/api/books/${bookId}/shares`)).status).toBe(403);
    expect((await row<{ n: number }>("select count(*) as n from shares where story_id = ?", bookId))?.n).toBe(1);
  });

  it("at most 20 live shares of a book and 30 shares a day per account (429 with Retry-After)", async () => {
    const owner = await parent();
    const first = await bookOf(owner);
    const second = await bookOf(owner);
    const addr = (i: number) => `family${i}-${uid("x").toLowerCase()}@example.com`;
    for (let i = 0; i < 20; i++) await shareWith(owner, first, addr(i));
    const full = await owner.api(`/api/books/${first}/shares`, "POST", { email: addr(20) });
    expect(full.status).toBe(409);
    expect((await full.json<{ error: string }>()).error).toMatch(/at most 20/);
    for (let i = 0; i < 10; i++) await shareWith(owner, second, addr(100 + i));
    const flood = await owner.api(`/api/books/${second}/shares`, "POST", { email: addr(200) });
    expect(flood.status).toBe(429);
    const wait = Number(flood.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(DAY_MS / 1000 - 600);
    expect(wait).toBeLessThanOrEqual(DAY_MS / 1000);
    expect((await flood.json<{ error: string }>()).error).toMatch(/at most 30/);
    expect((await row<{ n: number }>("select count(*) as n from shares where shared_by = ?", owner.userId))?.n).toBe(30);
    // 32 shares, each with its e-mail: about 5 s on a busy two-core machine
  }, 30_000);

  it("the recipient's choices: no e-mail when story shares are off, no name when discovery is off", async () => {
    const owner = await parent();
    const bookId = await bookOf(owner);
    const quiet = await parent();
    await setPrivacy(quiet.userId, { notifyStoryShares: false, allowFamilyDiscovery: false });
    const res = await owner.api(`/api/books/${bookId}/shares`, "POST", { email: quiet.email });
    expect(res.status).toBe(201);
    const body = await res.json<{ recipient: unknown; emailed: boolean }>();
    expect(body).toMatchObject({ recipient: null, emailed: false });
    expect((await row<{ n: number }>("select count(*) as n from email_deliveries where to_address = ?", quiet.email))?.n).toBe(0);
    // the share is made either way
    expect(await services().social.shares.sharedWithMe(account(quiet))).toHaveLength(1);
    // an address without an account: e-mailed, nothing said about it
    const nobody = await shareWith(owner, bookId, `${uid("new").toLowerCase()}@example.com`);
    expect(nobody).toMatchObject({ recipient: null, emailed: true });
  });

  it("the dev/test clock: GET shows the offset, POST moves or resets it, anything else is 400", async () => {
    const before = await (await stranger("/api/test/clock")).json<{ offsetMs: number; now: string }>();
    expect(before.offsetMs).toBe(0);
    await moveClock(DAY_MS);
    const moved = await (await stranger("/api/test/clock")).json<{ offsetMs: number; now: string }>();
    expect(moved.offsetMs).toBe(DAY_MS);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    for (const body of [{ advanceMs: -5 }, { advanceMs: "soon" }, { reset: false }, {}]) {
      const bad = await stranger("/api/test/clock", "POST", body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await bad.json<{ error: string }>()).error).toMatch(/advanceMs/);
    }
    await resetClock();
    expect((await (await stranger("/api/test/clock")).json<{ offsetMs: number }>()).offsetMs).toBe(0);
  });
});
