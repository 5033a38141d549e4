import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { SHARE_TTL_MS } from "~/domain/social/social";
import { shares } from "~/services/db/schema/index";
import { db, uid } from "./db-helpers";
import { bookOf, deliveriesTo, mailsTo, notificationsOn, oneClickUnsubscribe, parent, setPrivacy, SITE, type Parent } from "./email-social-helpers";

vi.setConfig({ testTimeout: 60_000 });
const clock = { now: Date.parse("2026-11-26T09:00:00.000Z") };

/** A live direct share of a new book of `owner` with `to`, as the share service stores it. */
async function shareOf(owner: Parent, to: string) {
  const bookId = await bookOf(owner);
  const code = `${bookId}-${clock.now.toString(36)}-${"a1b2c3d4e5f6g7h8i9j0"}`;
  const expiresAt = new Date(clock.now + SHARE_TTL_MS).toISOString();
  const [row] = await db
    .insert(shares)
    .values({ storyId: bookId, sharedBy: owner.userId, sharedTo: to.toLowerCase(), shareType: "direct", shareCode: code, expiresAt })
    .returning({ id: shares.id });
  return {
    bookId,
    input: {
      shareId: row.id,
      to,
      sharedByName: "Sam Parent",
      bookTitle: "Mia and the Moon Picnic",
      childName: "Mia",
      shareUrl: `${SITE}/shared/${code}`,
      linkDays: 7,
      expiresAt,
    },
  };
}

describe("the share e-mail", () => {
  it("tells the recipient who shared which book, links to the share page and explains how the link works", async () => {
    const owner = await parent("Sam");
    const to = `grandma-${uid()}@example.com`;
    const { bookId, input } = await shareOf(owner, to);
    const sent = await notificationsOn(clock).storyShared(input);
    expect(sent).toMatchObject({ id: `story-share:${input.shareId}`, status: "sent", queued: true });

    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.kind).toBe("story-share");
    expect(mail.subject).toBe("Sam Parent shared a StoryNest book with you: Mia and the Moon Picnic");
    expect(mail.text).toContain("Sam Parent shared a StoryNest book with you: Mia and the Moon Picnic, a story starring Mia.");
    expect(mail.text).toContain(`Open the book ${input.shareUrl}`);
    expect(mail.html).toContain(`href="${input.shareUrl}"`);
    expect(mail.text).toContain(
      "The button opens the book and signs you in with this address: no password to choose. It works once, on one device, for 7 days; on another device, the page sends a fresh link to this address.",
    );
    expect(mail.text).toContain("You can read the book until Friday, 26 November 2027");
    expect(mail.text).toContain("StoryNest makes personalised picture books in which a child is the hero");
    // The one-click unsubscribe of the notifications list, in the headers and the footer.
    expect(mail.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${SITE}/unsubscribe/[A-Za-z0-9_-]{43}>$`)),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain(`Stop these e-mails ${mail.headers["List-Unsubscribe"].slice(1, -1)}`);
    // Deleted with the book, like every e-mail about a book.
    expect(await deliveriesTo(to, "story-share")).toEqual([expect.objectContaining({ list: "notifications", book_id: bookId })]);
  });

  it("is sent once per share, however many times (and however concurrently) it is asked for", async () => {
    const owner = await parent("Sam");
    const to = `cousin-${uid()}@example.com`;
    const { input } = await shareOf(owner, to);
    const n = notificationsOn(clock);
    const results = await Promise.all(Array.from({ length: 6 }, () => n.storyShared(input)));
    expect(results.filter((r) => r?.queued)).toHaveLength(1);
    expect(await n.storyShared(input)).toMatchObject({ id: `story-share:${input.shareId}`, queued: false });
    expect(await mailsTo(to)).toHaveLength(1);
    // A second share of another book to the same address is its own e-mail.
    const other = await shareOf(owner, to);
    expect(await n.storyShared(other.input)).toMatchObject({ queued: true });
    expect(await mailsTo(to)).toHaveLength(2);
  });

  it("is not sent to an account that turned story-share e-mails off (whatever the address's case), and is sent when they are on", async () => {
    const owner = await parent("Sam");
    const grandma = await parent("Ann");
    await setPrivacy(grandma, { notify_story_shares: 0 });
    const n = notificationsOn(clock);
    const off = await shareOf(owner, grandma.email.toUpperCase());
    expect(await n.storyShared(off.input)).toBeNull();
    expect(await mailsTo(grandma.email)).toHaveLength(0);
    expect(await deliveriesTo(grandma.email, "story-share")).toHaveLength(0);

    // Other notification choices off do not stop share e-mails; turning shares back on does.
    await setPrivacy(grandma, { notify_story_shares: 1, notify_new_reactions: 0, notify_new_comments: 0 });
    const on = await shareOf(owner, grandma.email);
    expect(await n.storyShared(on.input)).toMatchObject({ status: "sent" });
    expect(await mailsTo(grandma.email)).toHaveLength(1);
  });

  it("goes to an account without privacy settings (the defaults: on)", async () => {
    const owner = await parent("Sam");
    const uncle = await parent("Tom");
    const { input } = await shareOf(owner, uncle.email);
    expect(await notificationsOn(clock).storyShared(input)).toMatchObject({ status: "sent" });
    expect(await mailsTo(uncle.email)).toHaveLength(1);
  });

  it("stops after the recipient's one-click unsubscribe: the next share sends nothing", async () => {
    const owner = await parent("Sam");
    const to = `aunt-${uid()}@example.com`;
    const n = notificationsOn(clock);
    await n.storyShared((await shareOf(owner, to)).input);
    const [first] = await mailsTo(to);
    expect((await oneClickUnsubscribe(first.headers["List-Unsubscribe"])).status).toBe(200);
    const left = await env.DB.prepare("SELECT list FROM email_suppressions WHERE email = ?").bind(to).all<{ list: string }>();
    expect(left.results).toEqual([{ list: "notifications" }]);

    expect(await n.storyShared((await shareOf(owner, to)).input)).toBeNull();
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await deliveriesTo(to, "story-share")).toHaveLength(1);
  });

  it("keeps the sharer's words as plain text on one line", async () => {
    const owner = await parent("Sam");
    const to = `friend-${uid()}@example.com`;
    const { input } = await shareOf(owner, to);
    await notificationsOn(clock).storyShared({ ...input, sharedByName: "<b>Sam</b>\r\nBcc: x@example.com", bookTitle: 'Mia <img src=x onerror="alert(1)">' });
    const [mail] = await mailsTo(to);
    expect(mail.subject).toBe('<b>Sam</b> Bcc: x@example.com shared a StoryNest book with you: Mia <img src=x onerror="alert(1)">');
    expect(mail.html).not.toContain("<b>Sam</b>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;b&gt;Sam&lt;/b&gt; Bcc: x@example.com shared a StoryNest book with you");
  });
});
