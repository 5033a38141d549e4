import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { createDb } from "~/services/db/client.server";
import { createOutboxReader, createOutboxSender } from "~/services/email/outbox.server";
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
    expect(page).toMatch(/<iframe title="[^"]*" sandbox="" referrerPolicy="no-referrer" srcDoc="&lt;!doctype html&gt;/i);
    expect(page).toContain("Where are my child&#x27;s photos kept, and for how long?");
    expect(page).toContain(`Reply to</dt><dd class="break-words text-ink">${email}</dd>`);
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
