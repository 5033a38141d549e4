import { env, introspectWorkflowInstance } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { createDeliveries, RETRY_DELAYS_MS } from "~/services/email/deliveries.server";
import { createOutboxSender } from "~/services/email/outbox.server";
import { EmailSendError, type EmailSender } from "~/services/email/types";
import { log } from "~/services/log.server";
import { finishedBook } from "./book-fixtures";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

/** The site in e-mail links: WEBSITE_URL, which vitest.config.ts sets as a deploy would. */
const WEBSITE_URL = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL;

vi.setConfig({ testTimeout: 60_000 });
const SITE = "https://storynest.example";
const services = () => createServices(parseEnv(env));

async function outboxTo(address: string) {
  const { results } = await env.DB.prepare(`SELECT id, kind, subject, html, text, headers FROM email_outbox WHERE "to" = ? ORDER BY created_at`)
    .bind(JSON.stringify([address]))
    .all<{ id: string; kind: string; subject: string; html: string; text: string; headers: string }>();
  return results;
}

describe("the story e-mail", () => {
  it("goes once to the address a visitor left, with the book's words and a read-only link", async () => {
    const to = `${uid("v")}@example.com`;
    const visitorId = uid("vis");
    const bookId = await finishedBook(visitorId, { notifyEmail: to });
    const { notifications } = services();
    const first = await notifications.storyReady(bookId, SITE);
    const again = await notifications.storyReady(bookId, SITE);
    expect(first).toMatchObject({ ok: true, delivery: { status: "sent", queued: true } });
    expect(again).toMatchObject({ ok: true, delivery: { status: "sent", queued: false } });
    const mails = await outboxTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Mia and the Moon Picnic is ready to read");
    expect(mails[0].text).toContain("Page 3: Mia packs a picnic for the moon.");
    expect(mails[0].text).toMatch(new RegExp(`${SITE}/read/[A-Za-z0-9_-]{43}`));
    expect(mails[0].html).toMatch(new RegExp(`src="${SITE}/api/email/cover/[A-Za-z0-9_-]{43}"`));
    expect(JSON.parse(mails[0].headers)).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${SITE}/unsubscribe/[A-Za-z0-9_-]{43}>$`)),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("goes to an account's confirmed address with the reader's link, and not to an unconfirmed one", async () => {
    const confirmed = await makeProfile();
    await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(confirmed.userId).run();
    const bookId = await finishedBook(uid("vis"), { userProfileId: confirmed.profileId, notifyEmail: "someone-else@example.com" });
    expect(await services().notifications.storyReady(bookId, SITE)).toMatchObject({ ok: true, to: confirmed.email });
    expect((await outboxTo(confirmed.email))[0].text).toContain(`${SITE}/youraistory/${bookId}`);
    expect(await outboxTo("someone-else@example.com")).toHaveLength(0);

    const unconfirmed = await makeProfile();
    const other = await finishedBook(uid("vis"), { userProfileId: unconfirmed.profileId });
    expect(await services().notifications.storyReady(other, SITE)).toMatchObject({ ok: false, reason: "no-address" });
    expect(await outboxTo(unconfirmed.email)).toHaveLength(0);
  });

  it("is not sent for a failed book", async () => {
    const to = `${uid("f")}@example.com`;
    const bookId = await makeBook({ visitorId: uid("vis") }, { status: "failed", notifyEmail: to });
    expect(await services().notifications.storyReady(bookId, SITE)).toMatchObject({ ok: false, reason: "not-ready" });
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("is sent by the book's Workflow once, and the cron sweep adds none", async () => {
    const to = `${uid("w")}@example.com`;
    const s = services();
    const made = await s.books.create(
      { kind: "visitor", visitorId: uid("vis") },
      {
        childName: "Leo",
        age: 5,
        gender: "boy",
        theme: "Space",
        storyDescription: "Leo builds a rocket from a box.",
        moralLesson: "Sharing makes the trip better.",
        artStyle: "cartoon",
      },
      { notifyEmail: to, client: `test:${uid()}`, site: "http://localhost:5555" },
    );
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, made.bookId);
    await instance.waitForStatus("complete");
    await vi.waitFor(async () => expect(await outboxTo(to)).toHaveLength(1), { timeout: 10_000 });
    // WEBSITE_URL (set by vitest.config.ts) comes before the origin the book was made on.
    expect((await outboxTo(to))[0].text).toContain(`${WEBSITE_URL}/read/`);
    const due = await env.DB.prepare("SELECT ready_email_due AS due FROM storybooks WHERE book_id = ?").bind(made.bookId).first<{ due: number }>();
    expect(due?.due).toBe(0);
    await s.notifications.sweepDue(SITE);
    expect(await outboxTo(to)).toHaveLength(1);
  });
});

describe("the story e-mail survives a lost or repeated runner", () => {
  it("a second Workflow run for the finished book sends nothing new", async () => {
    const to = `${uid("r")}@example.com`;
    const bookId = await finishedBook(uid("vis"), { notifyEmail: to });
    await services().notifications.storyReady(bookId, SITE);
    const again = await env.STORY_WORKFLOW.create({ id: `${bookId}-again`, params: { bookId } });
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, again.id);
    await instance.waitForStatus("complete");
    expect(await outboxTo(to)).toHaveLength(1);
  });

  it("the cron sweep sends the e-mail of a book whose runner stopped after finishing it, once", async () => {
    const to = `${uid("c")}@example.com`;
    const bookId = await finishedBook(uid("vis"), { notifyEmail: to, readyEmailDue: true, lastUpdated: new Date(Date.now() - 120_000).toISOString() });
    const s = services();
    await Promise.all([s.notifications.sweepDue(SITE), s.notifications.sweepDue(SITE)]);
    await s.notifications.sweepDue(SITE);
    expect(await outboxTo(to)).toHaveLength(1);
    const due = await env.DB.prepare("SELECT ready_email_due AS due FROM storybooks WHERE book_id = ?").bind(bookId).first<{ due: number }>();
    expect(due?.due).toBe(0);
  });
});

describe("the delivery queue", () => {
  it("tries a message again after a provider failure, with the same idempotency key, and sends it once", async () => {
    let calls = 0;
    const keys: (string | undefined)[] = [];
    const outbox = createOutboxSender(db);
    const flaky: EmailSender = {
      provider: "outbox",
      async send(message) {
        calls += 1;
        keys.push(message.idempotencyKey);
        if (calls === 1) throw new EmailSendError("outbox", "unavailable", "down for a moment");
        return outbox.send(message);
      },
    };
    let clock = Date.parse("2026-11-25T10:00:00.000Z");
    const deliveries = createDeliveries({ db, sender: flaky, from: "StoryNest <s@example.com>", log, now: () => clock });
    const to = `${uid("q")}@example.com`;
    const id = `test:${uid()}`;
    const message = { id, kind: "story" as const, to, subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
    expect(await deliveries.send(message)).toMatchObject({ status: "pending", queued: true });
    expect(await deliveries.sweep()).toMatchObject({ tried: 0 }); // not due yet
    clock += RETRY_DELAYS_MS[0];
    await Promise.all([deliveries.sweep(), deliveries.sweep(), deliveries.send(message)]);
    expect(calls).toBe(2);
    expect(keys).toEqual([id, id]);
    expect(await outboxTo(to)).toHaveLength(1);
    expect(await deliveries.state(id)).toMatchObject({ status: "sent" });
  });

  it("gives up at once on a message the provider refuses", async () => {
    const refusing: EmailSender = {
      provider: "resend",
      async send() {
        throw new EmailSendError("resend", "provider_error", "The `to` field is invalid.", 422);
      },
    };
    const deliveries = createDeliveries({ db, sender: refusing, from: "StoryNest <s@example.com>", log });
    const id = `test:${uid()}`;
    expect(await deliveries.send({ id, kind: "story", to: "x@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" })).toMatchObject({ status: "failed" });
  });
});

describe("the addresses kept for e-mails", () => {
  it("a sign-in's claim drops the visitor's e-mail-me address: the account's confirmed one takes over", async () => {
    const visitorId = uid("vis");
    const bookId = await finishedBook(visitorId, { notifyEmail: "typed-on-the-form@example.com" });
    const parent = await makeProfile();
    await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(parent.userId).run();
    const s = services();
    await s.claims.claim(visitorId, parent.profileId);
    const row = await env.DB.prepare("SELECT notify_email AS email FROM storybooks WHERE book_id = ?").bind(bookId).first<{ email: string | null }>();
    expect(row?.email).toBeNull();
    expect(await s.notifications.storyReady(bookId, SITE)).toMatchObject({ ok: true, to: parent.email });
  });

  it("deleting an account deletes the e-mails queued or sent to its address and its e-mail links", async () => {
    const parent = await makeProfile();
    await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(parent.userId).run();
    const s = services();
    await s.deliveries.send({ id: `test:${uid()}`, kind: "plan-purchase", to: parent.email, subject: "Thank you", html: "<p>Thanks</p>", text: "Thanks" });
    await s.emailLinks.issue("unsubscribe", { email: parent.email, list: "notifications" });
    const left = async () =>
      (await env.DB.prepare("SELECT (SELECT count(*) FROM email_deliveries WHERE to_address = ?1) + (SELECT count(*) FROM email_tokens WHERE email = ?1) AS n")
        .bind(parent.email)
        .first<{ n: number }>())!.n;
    expect(await left()).toBe(2);
    expect(await s.accountDeletion.deleteAccount({ userId: parent.userId, userProfileId: parent.profileId })).toMatchObject({ ok: true });
    expect(await left()).toBe(0);
  });
});
