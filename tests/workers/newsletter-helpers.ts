import { env, SELF } from "cloudflare:test";
import { createDeliveries } from "~/services/email/deliveries.server";
import { createEmailLinks } from "~/services/email/links.server";
import { createNewsletter } from "~/services/email/newsletter.server";
import { createOutboxSender } from "~/services/email/outbox.server";
import { log } from "~/services/log.server";
import { db } from "./db-helpers";

/** The site the Worker links to in these tests (WEBSITE_URL, which vitest.config.ts sets as a deploy would). */
export const SITE = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL;

/** An address no other test uses. */
export const address = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export type Mail = { id: string; kind: string; subject: string; html: string; text: string; headers: Record<string, string> };

/** What the outbox holds for one address, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare(`SELECT id, kind, subject, html, text, headers FROM email_outbox WHERE "to" = ? ORDER BY created_at`)
    .bind(JSON.stringify([to]))
    .all<Omit<Mail, "headers"> & { headers: string }>();
  return results.map((r) => ({ ...r, headers: JSON.parse(r.headers) as Record<string, string> }));
}

export type SubscriberRow = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  source: string;
  is_active: number;
  metadata: string;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  unsubscribed_at: string | null;
};

export async function subscriber(email: string): Promise<SubscriberRow | null> {
  return env.DB.prepare("SELECT * FROM subscribers WHERE email = ?").bind(email).first<SubscriberRow>();
}

/** POST /api/subscribe-newsletter with a JSON body. */
export function subscribeApi(body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch("https://example.com/api/subscribe-newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The token of the first link to `path` ("/newsletter/confirm/", "/unsubscribe/") in a text. */
export function tokenIn(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/\//g, "\\/")}([A-Za-z0-9_-]{43})`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
}

/** The newsletter service on the test database with its own clock. */
export function newsletterAt(clock: { now: number }) {
  const now = () => clock.now;
  const deliveries = createDeliveries({ db, sender: createOutboxSender(db), from: env.EMAIL_FROM, log, now });
  return createNewsletter({ db, deliveries, links: createEmailLinks(db, now), log, now });
}

/** A form post to a page, as a browser without JavaScript (or a mail provider's server) sends it. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`https://example.com${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

/** A page's HTML with React's entity escapes undone. */
export async function pageText(res: Response): Promise<string> {
  return (await res.text())
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
