import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { createDb } from "~/services/db/client.server";
import { createOutboxReader, createOutboxSender } from "~/services/email/outbox.server";
import { unsubscribeHeaders } from "~/services/email/links.server";
import { storyReadyEmail } from "~/services/email/templates";
import { EmailSendError } from "~/services/email/types";

function unique(label: string) {
  return `${label} ${crypto.randomUUID().slice(0, 8)}`;
}

async function sendContact(name: string, email: string) {
  const res = await SELF.fetch("https://example.com/contact", {
    method: "POST",
    body: new URLSearchParams({ name, email, topic: "privacy", message: "Where are my child's photos kept, and for how long?" }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(res.status).toBe(302);
}

describe("D1 outbox provider", () => {
  it("stores a message with every column and reads it back", async () => {
    const db = createDb(env.DB);
    const sender = createOutboxSender(db, () => new Date("2030-01-02T03:04:05.678Z"));
    const subject = unique("Stored");
    const sent = await sender.send({
      kind: "story",
      to: "reader@example.com",
      from: "StoryNest <stories@storynest.example>",
      subject,
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(sent.provider).toBe("outbox");
    expect(sent.id).toMatch(/^outbox_[0-9a-f-]{36}$/);

    const email = await createOutboxReader(db).get(sent.id);
    expect(email).toMatchObject({
      id: sent.id,
      kind: "story",
      to: ["reader@example.com"],
      from: "StoryNest <stories@storynest.example>",
      replyTo: null,
      subject,
      html: "<p>Hi</p>",
      text: "Hi",
      provider: "outbox",
      status: "stored",
      createdAt: "2030-01-02T03:04:05.678Z",
    });
  });

  it("lists newest first", async () => {
    const db = createDb(env.DB);
    const older = unique("Older");
    const newer = unique("Newer");
    await createOutboxSender(db, () => new Date("2031-01-01T00:00:00.000Z")).send({
      kind: "pdf",
      to: ["a@example.com"],
      from: "s@storynest.example",
      subject: older,
      html: "x",
      text: "x",
    });
    await createOutboxSender(db, () => new Date("2031-01-01T00:00:00.001Z")).send({
      kind: "pdf",
      to: ["a@example.com"],
      from: "s@storynest.example",
      subject: newer,
      html: "x",
      text: "x",
    });
    const list = await createOutboxReader(db).list(500);
    const subjects = list.map((e) => e.subject);
    expect(subjects.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(subjects.indexOf(newer)).toBeLessThan(subjects.indexOf(older));
    for (let i = 1; i < list.length; i++) expect(list[i - 1].createdAt >= list[i].createdAt).toBe(true);
  });

  it("refuses an unsendable message with a typed error and stores nothing", async () => {
    const db = createDb(env.DB);
    const subject = unique("Refused");
    const error = await createOutboxSender(db)
      .send({ kind: "contact", to: [], from: "s@storynest.example", subject, html: "x", text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as EmailSendError).message).toMatch(/^Failed to send email: the message is not sendable/);
    const { results } = await env.DB.prepare("select count(*) as n from email_outbox where subject = ?").bind(subject).all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });
});

describe("/dev/outbox", () => {
  it("lists a sent contact message and opens it with its text and sandboxed HTML", async () => {
    const name = unique("Outbox Reader");
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendContact(name, email);

    const list = await SELF.fetch("https://example.com/dev/outbox");
    expect(list.status).toBe(200);
    expect(list.headers.get("x-robots-tag")).toContain("noindex");
    const html = await list.text();
    const subject = `Contact form: Privacy and my child&#x27;s data from ${name}`;
    expect(html).toContain(subject);
    expect(html).toContain(`To: ${env.ADMIN_EMAIL}`);
    expect(html).toContain("Contact form</span>");

    const { results } = await env.DB.prepare("select id from email_outbox where reply_to = ?").bind(email).all<{ id: string }>();
    expect(results).toHaveLength(1);
    const id = results[0].id;
    expect(html).toContain(`href="/dev/outbox/${id}"`);

    const detail = await SELF.fetch(`https://example.com/dev/outbox/${id}`);
    expect(detail.status).toBe(200);
    const page = await detail.text();
    expect(page).toMatch(/<iframe title="[^"]*" sandbox="" referrerPolicy="no-referrer" srcDoc="&lt;!DOCTYPE html /);
    expect(page).toContain("Where are my child&#x27;s photos kept, and for how long?");
    expect(page).toContain(`Reply to</dt><dd class="break-words text-ink">${email}</dd>`);
  });

  it("shows a message as it will look: every header, the HTML at phone or wide width, the plain text", async () => {
    const site = "https://storynest.example";
    const unsubscribe = `${site}/unsubscribe/tok-${crypto.randomUUID().slice(0, 8)}`;
    const rendered = await storyReadyEmail({
      name: "Sam",
      title: unique("Mia and the Moon"),
      childName: "Mia",
      coverUrl: `${site}/api/email/cover/cover-token`,
      firstPageText: "Mia packs a picnic for the moon.",
      creditsUsed: 1,
      creditsLeft: 4,
      link: `${site}/read/read-token`,
      linkNote: null,
      unsubscribeUrl: unsubscribe,
    });
    const sent = await createOutboxSender(createDb(env.DB)).send({
      kind: "story",
      to: "parent@example.com",
      from: "StoryNest <stories@storynest.example>",
      ...rendered,
      headers: unsubscribeHeaders(unsubscribe),
    });

    const wide = await SELF.fetch(`https://example.com/dev/outbox/${sent.id}`);
    expect(wide.status).toBe(200);
    const page = await wide.text();
    const header = (name: string, value: string) => `<dt class="font-semibold text-ink-soft">${name}</dt><dd class="break-words text-ink">${value}</dd>`;
    expect(page).toContain(header("From", "StoryNest &lt;stories@storynest.example&gt;"));
    expect(page).toContain(header("To", "parent@example.com"));
    expect(page).toContain(header("Subject", rendered.subject));
    expect(page).toContain(header("List-Unsubscribe", `&lt;${unsubscribe}&gt;`));
    expect(page).toContain(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"));
    // The rendered HTML in the sandboxed frame, 600 px wide unless asked otherwise.
    expect(page).toMatch(
      /<iframe title="[^"]*, 600 px wide" sandbox="" referrerPolicy="no-referrer" srcDoc="[^"]*The cover of Mia and the Moon[^"]*" style="width:600px"/,
    );
    // The width switch is two plain links, so it works before JavaScript loads.
    const widthLink = (html: string, width: number) => new RegExp(`<a [^>]*href="/dev/outbox/${sent.id}\\?width=${width}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(widthLink(page, 320)).toMatch(/^<a /);
    expect(widthLink(page, 320)).not.toContain("aria-current");
    expect(widthLink(page, 600)).toContain('aria-current="true"');
    // The plain text as it is sent, links written out.
    expect(page).toContain(`Stop these e-mails ${unsubscribe}`);

    const phone = await (await SELF.fetch(`https://example.com/dev/outbox/${sent.id}?width=320`)).text();
    expect(phone).toMatch(/<iframe title="[^"]*, 320 px wide"[^>]* style="width:320px"/);
    expect(widthLink(phone, 320)).toContain('aria-current="true"');
    expect(widthLink(phone, 600)).not.toContain("aria-current");
    // Anything else falls back to the wide view.
    const odd = await (await SELF.fetch(`https://example.com/dev/outbox/${sent.id}?width=9999`)).text();
    expect(odd).toContain('style="width:600px"');
  });

  it("answers an unknown id with 404", async () => {
    const res = await SELF.fetch("https://example.com/dev/outbox/outbox_nothing-here");
    expect(res.status).toBe(404);
  });

  it("does not exist in production", async () => {
    const production = { ...env, ENVIRONMENT: "production" } as Env;
    for (const path of ["/dev/outbox", "/dev/outbox/outbox_anything"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`https://example.com${path}`), production, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("This page wandered off");
    }
    // The same request in development is served, so the 404 above is production's doing.
    const ctx = createExecutionContext();
    const dev = await worker.fetch(new Request("https://example.com/dev/outbox"), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(dev.status).toBe(200);
  });
});
