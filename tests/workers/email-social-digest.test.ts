import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import {
  bookOf,
  comment,
  DAY,
  deliveriesTo,
  HOUR,
  mailsTo,
  notificationsOn,
  oneClickUnsubscribe,
  parent,
  react,
  setPrivacy,
  SITE,
} from "./email-social-helpers";

vi.setConfig({ testTimeout: 60_000 });
/** Each test has its own clock; sweeps cover every owner in the database, so ask for all of them. */
const ALL = 10_000;
const start = () => ({ now: Date.parse("2026-11-20T08:00:00.000Z") });

describe("the daily digest of reactions and comments", () => {
  it("sums up each book's news from others: counts per kind, the first comments with their writers, links", async () => {
    const clock = start();
    const owner = await parent("Sam");
    const [ann, tom] = [await parent("Ann"), await parent("Tom")];
    const bookId = await bookOf(owner);
    const t = clock.now - 3 * HOUR;
    await react(bookId, ann, "heart", t);
    await react(bookId, ann, "star", t + 1);
    await react(bookId, tom, "heart", t + 2);
    await react(bookId, owner, "laugh", t + 3); // the owner's own: not news to them
    await comment(bookId, owner, "Sam Family", "Thank you all for reading!", t + 4);
    await comment(bookId, ann, "Grandma Ann", `What a lovely story, Mia! ${"We read it twice before bed and laughed at the cheese moon. ".repeat(4)}`, t + 5);
    await comment(bookId, tom, "Uncle Tom", "Rockets and cheese, my favourites.", t + 6);
    await comment(bookId, ann, "Grandma Ann", "Can we have a sequel?", t + 7);
    await comment(bookId, tom, "Uncle Tom", "A fourth comment the digest only counts.", t + 8);

    expect(await notificationsOn(clock).sweepDigests(SITE, ALL)).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.kind).toBe("social-digest");
    expect(mail.subject).toBe("New reactions and comments on Mia and the Moon Picnic");
    expect(mail.text).toContain("Hello Sam,");
    expect(mail.text).toContain("3 new reactions (❤️ 2, ⭐ 1) and 4 new comments");
    expect(mail.text).toMatch(/Grandma Ann: “What a lovely story, Mia! We read it twice before bed[^”]*…”/);
    expect(mail.text).toContain("Uncle Tom: “Rockets and cheese, my favourites.”");
    expect(mail.text).toContain("Grandma Ann: “Can we have a sequel?”");
    expect(mail.text).not.toContain("A fourth comment");
    expect(mail.text).not.toContain("Thank you all for reading");
    expect(mail.text).not.toContain("😂");
    expect(mail.text).toContain(`${SITE}/youraistory/${bookId}`);
    expect(mail.html).toContain(`href="${SITE}/profile/privacy"`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${SITE}/unsubscribe/[A-Za-z0-9_-]{43}>$`)),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await deliveriesTo(owner.email, "social-digest")).toEqual([
      expect.objectContaining({ id: `social-digest:${owner.userId}:2026-11-20`, list: "notifications" }),
    ]);
  });

  it("goes at most once a day, even to sweeps running at once; the next day carries only what is new", async () => {
    const clock = start();
    const owner = await parent("Sam");
    const ann = await parent("Ann");
    const bookId = await bookOf(owner, "Leo's Rocket");
    await react(bookId, ann, "heart", clock.now - HOUR);
    await comment(bookId, ann, "Grandma Ann", "Off to the moon!", clock.now - HOUR);
    // A reaction made seconds ago is still settling: it waits for the next digest.
    await react(bookId, ann, "star", clock.now - 10_000);

    const n = notificationsOn(clock);
    await Promise.all(Array.from({ length: 5 }, () => n.sweepDigests(SITE, ALL)));
    await n.sweepDigests(SITE, ALL);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect((await mailsTo(owner.email))[0].text).toContain("1 new reaction (❤️ 1) and 1 new comment");

    // New news within the day: nothing until the day has passed.
    await react(bookId, ann, "hug", clock.now + HOUR);
    clock.now += 5 * HOUR;
    await n.sweepDigests(SITE, ALL);
    expect(await mailsTo(owner.email)).toHaveLength(1);

    clock.now += DAY - 5 * HOUR;
    await Promise.all([n.sweepDigests(SITE, ALL), n.sweepDigests(SITE, ALL), n.sweepDigests(SITE, ALL)]);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("New reactions on Leo's Rocket");
    expect(mails[1].text).toContain("2 new reactions (⭐ 1, 🤗 1)");
    expect(mails[1].text).not.toContain("comment");
    expect(mails[1].text).not.toContain("Off to the moon");
    expect((await deliveriesTo(owner.email, "social-digest")).map((d) => d.id)).toEqual([
      `social-digest:${owner.userId}:2026-11-20`,
      `social-digest:${owner.userId}:2026-11-21`,
    ]);

    // A day later with nothing new: nothing.
    clock.now += DAY + HOUR;
    await n.sweepDigests(SITE, ALL);
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it("sends one digest when sweeps run at once either side of midnight (their message ids differ: the claim decides)", async () => {
    const owner = await parent("Sam");
    const ann = await parent("Ann");
    const midnight = Date.parse("2026-11-21T00:00:00.000Z");
    await react(await bookOf(owner), ann, "heart", midnight - 3 * HOUR);
    const before = notificationsOn({ now: midnight - 1_000 });
    const after = notificationsOn({ now: midnight + 1_000 });
    await Promise.all([0, 1, 2, 3].map((i) => (i % 2 ? after : before).sweepDigests(SITE, ALL)));
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await deliveriesTo(owner.email, "social-digest")).toHaveLength(1);
  });

  it("sends nothing when the only news is the owner's own (or a reaction the product does not offer), or there is none", async () => {
    const clock = start();
    const owner = await parent("Sam");
    const quiet = await parent("Kim");
    const ann = await parent("Ann");
    const bookId = await bookOf(owner);
    await bookOf(quiet);
    await react(bookId, owner, "heart", clock.now - HOUR);
    await comment(bookId, owner, "Sam Family", "My own note.", clock.now - HOUR);
    await react(bookId, ann, "thumbs-down", clock.now - HOUR);
    await notificationsOn(clock).sweepDigests(SITE, ALL);
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM notification_digests WHERE user_id IN (?, ?)")
      .bind(owner.userId, quiet.userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("carries only the kinds the owner's privacy settings allow", async () => {
    const clock = start();
    const noReactions = await parent("Ada");
    const noComments = await parent("Ben");
    const nothing = await parent("Cy");
    await setPrivacy(noReactions, { notify_new_reactions: 0 });
    await setPrivacy(noComments, { notify_new_comments: 0 });
    await setPrivacy(nothing, { notify_new_reactions: 0, notify_new_comments: 0 });
    const ann = await parent("Ann");
    for (const owner of [noReactions, noComments, nothing]) {
      const bookId = await bookOf(owner);
      await react(bookId, ann, "wow", clock.now - HOUR);
      await comment(bookId, ann, "Grandma Ann", "Wonderful pictures.", clock.now - HOUR);
    }
    await notificationsOn(clock).sweepDigests(SITE, ALL);

    const [commentsOnly] = await mailsTo(noReactions.email);
    expect(commentsOnly.subject).toBe("New comments on Mia and the Moon Picnic");
    expect(commentsOnly.text).toContain("1 new comment");
    expect(commentsOnly.text).toContain("Grandma Ann: “Wonderful pictures.”");
    expect(commentsOnly.text).not.toMatch(/reaction|😮/);

    const [reactionsOnly] = await mailsTo(noComments.email);
    expect(reactionsOnly.subject).toBe("New reactions on Mia and the Moon Picnic");
    expect(reactionsOnly.text).toContain("1 new reaction (😮 1)");
    expect(reactionsOnly.text).not.toMatch(/comment|Wonderful/);

    expect(await mailsTo(nothing.email)).toHaveLength(0);
  });

  it("stops after the owner's one-click unsubscribe, and never goes to an unconfirmed address", async () => {
    const clock = start();
    const owner = await parent("Sam");
    const unconfirmed = await parent("Uma", false);
    const ann = await parent("Ann");
    const bookId = await bookOf(owner);
    await react(bookId, ann, "heart", clock.now - HOUR);
    await react(await bookOf(unconfirmed), ann, "heart", clock.now - HOUR);
    const n = notificationsOn(clock);
    await n.sweepDigests(SITE, ALL);
    const [first] = await mailsTo(owner.email);
    expect(await mailsTo(unconfirmed.email)).toHaveLength(0);

    expect((await oneClickUnsubscribe(first.headers["List-Unsubscribe"])).status).toBe(200);
    await comment(bookId, ann, "Grandma Ann", "Another one!", clock.now + HOUR);
    clock.now += 2 * DAY;
    await n.sweepDigests(SITE, ALL);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await deliveriesTo(owner.email, "social-digest")).toHaveLength(1);
  });

  it("lists the busiest books first and says how many more have news", async () => {
    const clock = start();
    const owner = await parent("Sam");
    const ann = await parent("Ann");
    const books: string[] = [];
    for (let i = 0; i < 10; i++) {
      const bookId = await bookOf(owner, `Book number ${i}`);
      books.push(bookId);
      await react(bookId, ann, "heart", clock.now - HOUR);
    }
    await react(books[9], ann, "star", clock.now - HOUR);
    await notificationsOn(clock).sweepDigests(SITE, ALL);
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe("New reactions on 10 of your StoryNest books");
    const listed = [...mail.text.matchAll(/^Book number (\d)$/gm)].map((m) => m[1]);
    expect(listed).toHaveLength(8);
    expect(listed[0]).toBe("9");
    expect(mail.text).toContain("…and news on 2 more of your books");
  });

  it("is sent by the cron trigger", async () => {
    const owner = await parent("Sam");
    const ann = await parent("Ann");
    await react(await bookOf(owner), ann, "hug", Date.now() - 2 * 60_000);
    const ctx = createExecutionContext();
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, ctx);
    await waitOnExecutionContext(ctx);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("1 new reaction (🤗 1)");
  });
});
