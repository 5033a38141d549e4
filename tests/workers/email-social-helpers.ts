// Shared by the email-social-*.test.ts files: parents with confirmed addresses, their books, the
// reactions and comments others leave (rows written directly, at chosen times), and the
// notifications service on a clock the test moves.
import { env, SELF } from "cloudflare:test";
import { createDeliveries } from "~/services/email/deliveries.server";
import { createEmailLinks } from "~/services/email/links.server";
import { createNotifications } from "~/services/email/notifications.server";
import { createOutboxSender } from "~/services/email/outbox.server";
import { log } from "~/services/log.server";
import { comments, reactions } from "~/services/db/schema/index";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

export { mailsTo, tokenIn } from "./newsletter-helpers";

export const SITE = "https://storynest.example";
export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;

export type Parent = { userId: string; profileId: string; email: string };

/** A signed-up parent whose address is confirmed, with a first name. */
export async function parent(firstName: string, confirmed = true): Promise<Parent> {
  const p = await makeProfile(`${firstName.toLowerCase()}-${uid()}@example.com`);
  await env.DB.prepare("UPDATE user_profiles SET first_name = ?, full_name = ? WHERE id = ?").bind(firstName, `${firstName} Family`, p.profileId).run();
  if (confirmed) await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(p.userId).run();
  return p;
}

/** A finished book of the parent's. */
export function bookOf(owner: Parent, title = "Mia and the Moon Picnic"): Promise<string> {
  return makeBook({ userProfileId: owner.profileId }, { title, status: "complete" });
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function react(bookId: string, by: Parent, reactionType: string, at: number): Promise<void> {
  await db.insert(reactions).values({ storyId: bookId, userId: by.userId, reactionType, createdAt: iso(at) });
}

export async function comment(bookId: string, by: Parent, userName: string, text: string, at: number): Promise<void> {
  await db.insert(comments).values({ storyId: bookId, userId: by.userId, userName, commentText: text, createdAt: iso(at) });
}

export async function setPrivacy(who: Parent, settings: Record<string, 0 | 1>): Promise<void> {
  const cols = Object.keys(settings);
  await env.DB.prepare(
    `INSERT INTO privacy_settings (user_id, ${cols.join(", ")}) VALUES (?, ${cols.map(() => "?").join(", ")})
     ON CONFLICT (user_id) DO UPDATE SET ${cols.map((c) => `${c} = excluded.${c}`).join(", ")}`,
  )
    .bind(who.userId, ...Object.values(settings))
    .run();
}

/** The notifications service with e-mails going to the D1 outbox, on a clock the test holds. */
export function notificationsOn(clock: { now: number }) {
  const deliveries = createDeliveries({ db, sender: createOutboxSender(db), from: "StoryNest <hello@storynest.example>", log });
  return createNotifications({ db, deliveries, links: createEmailLinks(db), log, now: () => clock.now });
}

/** The RFC 8058 one-click POST a mail provider's server sends to a List-Unsubscribe address. */
export async function oneClickUnsubscribe(listUnsubscribe: string): Promise<Response> {
  const url = /^<(.+)>$/.exec(listUnsubscribe)?.[1] ?? "";
  const path = new URL(url).pathname;
  return SELF.fetch(`https://example.com${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

/** The delivery rows queued for an address, by kind. */
export async function deliveriesTo(email: string, kind: string) {
  const { results } = await env.DB.prepare("SELECT id, status, list, book_id FROM email_deliveries WHERE to_address = ? AND kind = ? ORDER BY created_at")
    .bind(email, kind)
    .all<{ id: string; status: string; list: string | null; book_id: string | null }>();
  return results;
}
