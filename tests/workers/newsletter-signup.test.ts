import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { NEWSLETTER_MESSAGES, SIGNUP_STATUS_TEXT } from "~/domain/newsletter";
import { CONFIRMATION_RESEND_MS } from "~/services/email/newsletter.server";
import { fetchWorker } from "./email-helpers";
import { address, mailsTo, newsletterAt, pageText, postForm, SITE, subscribeApi, subscriber, tokenIn } from "./newsletter-helpers";

vi.setConfig({ testTimeout: 60_000 });
const CONFIRM_SUBJECT = "Confirm your StoryNest newsletter subscription";

describe("POST /api/subscribe-newsletter", () => {
  it("puts a new address on the list, lower-cased and unconfirmed, and sends only the confirmation", async () => {
    const email = address("New");
    const res = await subscribeApi(
      {
        email: `  ${email.toUpperCase()} `,
        firstName: " Ada ",
        lastName: "Lovelace",
        metadata: { timestamp: "2026-11-25T10:00:00Z", url: "https://x.example/blog" },
      },
      { "User-Agent": `Mozilla/5.0 ${"x".repeat(400)}` },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: NEWSLETTER_MESSAGES.subscribed,
      status: "subscribed",
      confirmationSent: true,
      confirmed: false,
    });

    const row = (await subscriber(email.toLowerCase()))!;
    expect(row).toMatchObject({ first_name: "Ada", last_name: "Lovelace", source: "website", is_active: 1, confirmed_at: null, unsubscribed_at: null });
    expect(row.confirmation_sent_at).not.toBeNull();
    const metadata = JSON.parse(row.metadata) as Record<string, string>;
    expect(metadata).toMatchObject({ timestamp: "2026-11-25T10:00:00Z", url: "https://x.example/blog" });
    expect(metadata.userAgent.startsWith("Mozilla/5.0 xxx")).toBe(true);
    expect(metadata.userAgent.length).toBe(200);

    const mails = await mailsTo(email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "newsletter", subject: CONFIRM_SUBJECT });
    const token = tokenIn(mails[0].text, `${SITE}/newsletter/confirm/`);
    expect(mails[0].html).toContain(`href="${SITE}/newsletter/confirm/${token}"`);
    // the link works: its page asks for the button
    const page = await SELF.fetch(`https://example.com/newsletter/confirm/${token}`);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Confirm my subscription");
  });

  it("answers a second sign-up 'already subscribed' and sends nothing more within 10 minutes", async () => {
    const email = address("twice");
    expect((await (await subscribeApi({ email })).json()) as object).toMatchObject({ confirmationSent: true });
    const again = await subscribeApi({ email: email.toUpperCase(), firstName: "Someone Else" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.already, status: "already", confirmationSent: false, confirmed: false });
    expect(await mailsTo(email)).toHaveLength(1);
    // an "already" answer changes nothing of the subscription
    expect((await subscriber(email))?.first_name).toBeNull();
  });

  it("refuses a missing or malformed address with 400 'Invalid email address' and keeps nothing", async () => {
    for (const email of [undefined, "", "   ", "no-at-sign.example.com", "a@", "@example.com", "two@@example.com", 42]) {
      const res = await subscribeApi({ email, firstName: "X" });
      expect(res.status, String(email)).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: NEWSLETTER_MESSAGES.invalid, error: NEWSLETTER_MESSAGES.invalid });
    }
    const notJson = await SELF.fetch("https://example.com/api/subscribe-newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "email=a@example.com",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ success: false });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email IN ('a@', 'two@@example.com')").first("n")).toBe(0);
    expect((await SELF.fetch("https://example.com/api/subscribe-newsletter")).status).toBe(405);
  });

  it("refuses metadata over 2 KB with 400, keeps a custom source", async () => {
    const email = address("meta");
    const big = await subscribeApi({ email, metadata: { url: "https://x.example/", note: "é".repeat(1100) } });
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ success: false, message: NEWSLETTER_MESSAGES.metadataTooLarge, error: NEWSLETTER_MESSAGES.metadataTooLarge });
    expect(await subscriber(email)).toBeNull();

    const ok = await subscribeApi({ email, source: "homepage", metadata: { note: "a".repeat(1900) } });
    expect(ok.status).toBe(200);
    expect((await subscriber(email))?.source).toBe("homepage");
  });

  it("answers 429 past 10 sign-ups an hour from one client address", async () => {
    const ip = `2001:db8::${crypto.randomUUID().slice(0, 4)}`;
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 11; i++) {
      const res = await subscribeApi({ email: address(`rl${i}`) }, { "CF-Connecting-IP": ip });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await limited!.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many sign-ups from your connection\. Please try again in \d+ minutes\.$/),
      error: expect.any(String),
    });
    // another address is not held back
    expect((await subscribeApi({ email: address("rl-other") }, { "CF-Connecting-IP": `2001:db8:1::${crypto.randomUUID().slice(0, 4)}` })).status).toBe(200);
  });

  it("answers an unexpected failure with 500 and the fixed words, never the cause", async () => {
    const broken = new Proxy({}, { get: () => () => Promise.reject(new Error("D1 is down: secret detail")) });
    const brokenDb = { prepare: () => ({ bind: () => broken, ...broken }), batch: () => Promise.reject(new Error("secret detail")) };
    const req = new Request("https://example.com/api/subscribe-newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: address("broken") }),
    });
    const res = await fetchWorker(req, { DB: brokenDb as unknown as string });
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ success: false, message: NEWSLETTER_MESSAGES.failed, error: "Internal server error", errorId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain("secret");
  });
});

describe("the newsletter rules", () => {
  it("sends a still-unconfirmed address its confirmation again at most every 10 minutes", async () => {
    const clock = { now: Date.parse("2026-11-25T09:00:00.000Z") + Math.floor(Math.random() * 1e9) };
    const newsletter = newsletterAt(clock);
    const email = address("resend");
    expect(await newsletter.subscribe({ email }, SITE)).toMatchObject({ ok: true, status: "subscribed", confirmationSent: true });
    clock.now += 5 * 60_000;
    expect(await newsletter.subscribe({ email }, SITE)).toMatchObject({ ok: true, status: "already", confirmationSent: false, confirmed: false });
    expect(await mailsTo(email)).toHaveLength(1);
    clock.now += CONFIRMATION_RESEND_MS;
    // two sign-ups at the same moment send one e-mail
    const [a, b] = await Promise.all([newsletter.subscribe({ email }, SITE), newsletter.subscribe({ email }, SITE)]);
    expect([a, b].filter((r) => r.ok && r.confirmationSent)).toHaveLength(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(CONFIRM_SUBJECT);
    expect(tokenIn(mails[1].text, "/newsletter/confirm/")).not.toBe(tokenIn(mails[0].text, "/newsletter/confirm/"));
  });

  it("sends nothing to a confirmed address that signs up again", async () => {
    const clock = { now: Date.now() };
    const newsletter = newsletterAt(clock);
    const email = address("confirmed");
    await newsletter.subscribe({ email }, SITE);
    expect(await newsletter.confirm(tokenIn((await mailsTo(email))[0].text, "/newsletter/confirm/"), SITE)).toMatchObject({ ok: true, already: false });
    expect(await mailsTo(email)).toHaveLength(2); // the confirmation and the welcome
    clock.now += 60 * 60_000;
    expect(await newsletter.subscribe({ email }, SITE)).toEqual({
      ok: true,
      status: "already",
      message: NEWSLETTER_MESSAGES.already,
      confirmationSent: false,
      confirmed: true,
    });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("reactivates an address that left: 'Welcome back!', unconfirmed again, and asks again", async () => {
    const clock = { now: Date.now() };
    const newsletter = newsletterAt(clock);
    const email = address("back");
    await newsletter.subscribe({ email, firstName: "Grace" }, SITE);
    await newsletter.confirm(tokenIn((await mailsTo(email))[0].text, "/newsletter/confirm/"), SITE);
    const leave = tokenIn((await mailsTo(email))[1].text, "/unsubscribe/");
    expect(await newsletter.unsubscribe(leave)).toMatchObject({ ok: true, list: "newsletter" });
    expect(await subscriber(email)).toMatchObject({ is_active: 0, unsubscribed_at: expect.any(String) });

    clock.now += 11 * 60_000;
    const res = await newsletter.subscribe({ email: email.toUpperCase(), source: "blog" }, SITE);
    expect(res).toEqual({ ok: true, status: "reactivated", message: NEWSLETTER_MESSAGES.reactivated, confirmationSent: true, confirmed: false });
    expect(await subscriber(email)).toMatchObject({ is_active: 1, confirmed_at: null, unsubscribed_at: null, source: "blog", first_name: "Grace" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(3);
    expect(mails[2].subject).toBe("Confirm you want the StoryNest newsletter again");
  });
});

describe("the sign-up forms without JavaScript", () => {
  it("every page's footer has the form: a labelled field, Subscribe, what comes and that a confirmation comes first", async () => {
    for (const path of ["/", "/contact"]) {
      const html = await pageText(await SELF.fetch(`https://example.com${path}`));
      expect(html).toMatch(/<section id="newsletter"[^>]*>/);
      expect(html).toMatch(/<form method="post" action="\/newsletter"/);
      expect(html).toContain('<label for="newsletter-email"');
      expect(html).toMatch(/<input type="hidden" name="back" value="\/(contact)?"/);
      expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
      expect(html).toContain("We send you a confirmation e-mail first.");
    }
    for (const path of ["/blog", "/blog/how-we-keep-your-childs-photo-and-voice-safe"]) {
      const blog = await pageText(await SELF.fetch(`https://example.com${path}`));
      expect(blog, path).toContain('<input type="hidden" name="form" value="blog"/>');
    }
    const own = await SELF.fetch("https://example.com/newsletter");
    expect(own.status).toBe(200);
    expect(await pageText(own)).toContain('<input type="hidden" name="form" value="page"/>');
  });

  it("posts, subscribes with the form's source and comes back to the page with the result shown", async () => {
    const email = address("noscript");
    const res = await postForm("/newsletter", { email: email.toUpperCase(), form: "blog", back: "/blog?page=2" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/blog?page=2&newsletter=sent&newsletter_form=blog#newsletter-blog");
    expect(await subscriber(email)).toMatchObject({ source: "blog", is_active: 1, confirmed_at: null });
    expect(JSON.parse((await subscriber(email))!.metadata)).toMatchObject({ url: "/blog?page=2", timestamp: expect.any(String) });
    expect(await mailsTo(email)).toHaveLength(1);

    const back = await pageText(await SELF.fetch(`https://example.com${res.headers.get("Location")}`));
    expect(back).toMatch(new RegExp(`role="status"[^>]*data-status="sent"[^>]*>${SIGNUP_STATUS_TEXT.sent.replace(/[.?!()]/g, "\\$&")}<`));

    const again = await postForm("/newsletter", { email, form: "footer", back: "/" });
    expect(again.headers.get("Location")).toBe("/?newsletter=waiting&newsletter_form=footer#newsletter");
  });

  it("sends a wrong address back with 'invalid', and never to another site", async () => {
    const res = await postForm("/newsletter", { email: "not-an-address", form: "footer", back: "/about" });
    expect(res.headers.get("Location")).toBe("/about?newsletter=invalid&newsletter_form=footer#newsletter");
    const page = await pageText(await SELF.fetch(`https://example.com${res.headers.get("Location")}`));
    expect(page).toContain(SIGNUP_STATUS_TEXT.invalid);
    expect(page).toMatch(/id="newsletter-email"[^>]*aria-invalid="true"[^>]*aria-describedby="newsletter-status"/);

    for (const back of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/.//evil.example"]) {
      const r = await postForm("/newsletter", { email: "nope", form: "footer", back });
      expect(r.headers.get("Location"), back).toMatch(/^\/(?![/\\])/);
    }
  });
});
