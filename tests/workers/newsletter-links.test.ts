import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { finishedBook } from "./book-fixtures";
import { uid } from "./db-helpers";
import { address, mailsTo, pageText, postForm, SITE, subscribeApi, subscriber, tokenIn } from "./newsletter-helpers";

vi.setConfig({ testTimeout: 60_000 });
const services = () => createServices(parseEnv(env));

/** Signs an address up through the API; the token of its confirmation link. */
async function signedUp(email: string): Promise<string> {
  expect((await subscribeApi({ email, firstName: "Mia" })).status).toBe(200);
  return tokenIn((await mailsTo(email))[0].text, "/newsletter/confirm/");
}

/** The RFC 8058 one-click POST a mail provider's server sends: form-encoded, no cookie, no Origin. */
const oneClick = (token: string) => postForm(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });

describe("the confirmation link", () => {
  it("asks first: opening it confirms nothing and sends nothing", async () => {
    const email = address("ask");
    const token = await signedUp(email);
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch(`https://example.com/newsletter/confirm/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toContain("no-store");
      const html = await pageText(res);
      expect(html).toContain("Confirm your subscription");
      expect(html).toMatch(/<form method="post"[^>]*>.*<button type="submit"[^>]*>Confirm my subscription<\/button>/s);
    }
    expect((await subscriber(email))?.confirmed_at).toBeNull();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("confirms once with its button, then sends the welcome with a one-click unsubscribe link", async () => {
    const email = address("confirm");
    const token = await signedUp(email);
    const res = await postForm(`/newsletter/confirm/${token}`, {});
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("You're subscribed");
    expect((await subscriber(email))?.confirmed_at).toEqual(expect.any(String));

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const welcome = mails[1];
    expect(welcome).toMatchObject({ kind: "newsletter", subject: "Welcome to the StoryNest newsletter" });
    expect(welcome.text).toContain("Hello Mia,");
    const leave = tokenIn(welcome.text, `${SITE}/unsubscribe/`);
    expect(welcome.headers).toEqual({ "List-Unsubscribe": `<${SITE}/unsubscribe/${leave}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(welcome.html).toContain(`href="${SITE}/unsubscribe/${leave}"`);

    // the link is spent: a second press (or a replay) sends no second welcome
    const again = await postForm(`/newsletter/confirm/${token}`, {});
    expect(again.status).toBe(404);
    expect(await pageText(again)).toContain("This link no longer works");
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("sends one welcome when the button is pressed twice at once", async () => {
    const email = address("race");
    const token = await signedUp(email);
    const results = await Promise.all([services().newsletter.confirm(token, SITE), services().newsletter.confirm(token, SITE)]);
    expect(results.filter((r) => r.ok && !r.already)).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.subject === "Welcome to the StoryNest newsletter")).toHaveLength(1);
  });

  it("says clearly when a link is unknown, and offers to sign up again", async () => {
    for (const token of ["nope", "A".repeat(43)]) {
      const res = await SELF.fetch(`https://example.com/newsletter/confirm/${token}`);
      expect(res.status).toBe(404);
      const html = await pageText(res);
      expect(html).toContain("This link no longer works");
      expect(html).toMatch(/<a[^>]*href="\/newsletter"[^>]*>Sign up again<\/a>/);
    }
  });

  it("does not put back an address that left before confirming", async () => {
    const email = address("left-first");
    const token = await signedUp(email);
    await env.DB.prepare("UPDATE subscribers SET is_active = 0 WHERE email = ?").bind(email).run();
    expect((await postForm(`/newsletter/confirm/${token}`, {})).status).toBe(404);
    expect(await subscriber(email)).toMatchObject({ is_active: 0, confirmed_at: null });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe("the unsubscribe link", () => {
  async function confirmedWithLeaveToken(email: string) {
    await postForm(`/newsletter/confirm/${await signedUp(email)}`, {});
    return tokenIn((await mailsTo(email))[1].text, "/unsubscribe/");
  }

  it("shows what stops, and opening it changes nothing", async () => {
    const email = address("look");
    const leave = await confirmedWithLeaveToken(email);
    const res = await SELF.fetch(`https://example.com/unsubscribe/${leave}`);
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain(`${email}</strong> will stop getting the StoryNest newsletter.`);
    expect(html).toMatch(/<form method="post"[^>]*>.*>Unsubscribe<\/button>/s);
    expect(await subscriber(email)).toMatchObject({ is_active: 1, unsubscribed_at: null });
  });

  it("takes a mail provider's one-click POST: 200, the address leaves the newsletter, and again is harmless", async () => {
    const email = address("oneclick");
    const leave = await confirmedWithLeaveToken(email);
    const res = await oneClick(leave);
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("You're unsubscribed");
    expect(await subscriber(email)).toMatchObject({ is_active: 0, unsubscribed_at: expect.any(String) });
    expect((await oneClick(leave)).status).toBe(200);
    // the page's own button (a browser form post from this site) does the same
    const own = await postForm(`/unsubscribe/${leave}`, {}, { Origin: "https://example.com", Host: "example.com", "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(200);
  });

  it("says clearly when a link is unknown", async () => {
    const res = await oneClick("B".repeat(43));
    expect(res.status).toBe(404);
    expect(await pageText(res)).toContain("This link no longer works");
    expect((await SELF.fetch("https://example.com/unsubscribe/zzz")).status).toBe(404);
  });

  it("stops the story e-mails to an address: the next one is skipped", async () => {
    const to = address("parent");
    const first = await finishedBook(uid("vis"), { notifyEmail: to });
    const s = services();
    expect(await s.notifications.storyReady(first, SITE)).toMatchObject({ ok: true, delivery: { status: "sent" } });
    const story = (await mailsTo(to))[0];
    const leave = tokenIn(story.headers["List-Unsubscribe"], "/unsubscribe/");

    const page = await pageText(await SELF.fetch(`https://example.com/unsubscribe/${leave}`));
    expect(page).toContain("will stop getting e-mails when a story is ready, when a book is shared with you, and the daily news of reactions and comments.");
    const res = await oneClick(leave);
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(
      "We won't send e-mails when a story is ready, when a book is shared with you, and the daily news of reactions and comments to",
    );

    const second = await finishedBook(uid("vis"), { notifyEmail: to });
    expect(await s.notifications.storyReady(second, SITE)).toMatchObject({ ok: true, delivery: { status: "skipped" } });
    expect(await mailsTo(to)).toHaveLength(1);
  });
});
