import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, resendBaseUrl, resendKey, seenByResend } from "./email-helpers";

type Row = {
  id: string;
  kind: string;
  to: string;
  from: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  provider: string;
  status: string;
};

/** Every test uses its own visitor address, so rows from other tests never confuse it. */
function visitor() {
  return `parent-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

async function rowsFor(replyTo: string): Promise<Row[]> {
  const { results } = await env.DB.prepare("select * from email_outbox where reply_to = ?").bind(replyTo).all<Row>();
  return results;
}

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch("https://example.com/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

/** The page's HTML with React's entity escapes undone, so assertions can use plain text. */
async function text(res: Response) {
  return (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("/contact", () => {
  it("shows the form with the four topics and a hidden honeypot", async () => {
    const res = await SELF.fetch("https://example.com/contact");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("We'd love to hear from you");
    expect(html).toContain('<form method="post" action="/contact"');
    for (const topic of ["A question about a book", "Billing and credits", "Privacy and my child's data", "Something else"]) {
      expect(html).toContain(`>${topic}</option>`);
    }
    expect(html).toMatch(
      /<div aria-hidden="true"[^>]*><label for="website">Leave this field empty<\/label><input id="website" name="website" type="text" tabindex="-1"/,
    );
    expect(html).toContain("within two working days");
  });

  it("answers bad input with 400, errors beside their fields, the typed values kept, and nothing sent", async () => {
    const email = "not-an-address";
    const res = await post({ name: "Ada <Lovelace>", email, topic: "pizza", message: "too short", website: "" });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain("A few things need a second look");
    // The e-mail field is marked invalid and described by its error.
    expect(html).toMatch(
      /id="contact-email" name="email" required="" aria-required="true" aria-invalid="true" aria-describedby="contact-email-error contact-email-hint"/,
    );
    expect(html).toMatch(/<p id="contact-email-error"[^>]*>.*That e-mail address doesn't look quite right/);
    expect(html).toMatch(/<p id="contact-topic-error"[^>]*>.*Please choose what your message is about\./);
    expect(html).toMatch(/<p id="contact-message-error"[^>]*>.*Please write a little more: at least 10 characters\./);
    expect(html).not.toContain('id="contact-name-error"');
    // What the person typed is still there (and escaped).
    expect(html).toContain('value="Ada <Lovelace>"');
    expect(html).toContain('value="not-an-address"');
    expect(html).toMatch(/<textarea[^>]*>too short<\/textarea>/);
    const { results } = await env.DB.prepare("select count(*) as n from email_outbox where text like ?").bind("%Ada <Lovelace>%").all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });

  it("sends good input to ADMIN_EMAIL with reply-to the visitor, then redirects to the thank-you", async () => {
    const email = visitor();
    const res = await post({ name: "Ada Lovelace", email, topic: "billing", message: "How do credits work for a second book?", website: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?sent=1");

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(JSON.parse(row.to)).toEqual([env.ADMIN_EMAIL]);
    expect(row).toMatchObject({ kind: "contact", from: env.EMAIL_FROM, reply_to: email, provider: "outbox", status: "stored" });
    expect(row.subject).toBe("Contact form: Billing and credits from Ada Lovelace");
    expect(row.text).toContain("How do credits work for a second book?");
    expect(row.html).toContain("How do credits work for a second book?");

    const thanks = await SELF.fetch("https://example.com/contact?sent=1");
    expect(thanks.status).toBe(200);
    const html = await text(thanks);
    expect(html).toContain("Thank you! Your message is on its way.");
    expect(html).not.toContain('<form method="post" action="/contact"');
  });

  it("takes five messages an hour from one client address; the sixth is 429 with the values kept and nothing sent", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const email = visitor();
    const fields = { name: "Ada Lovelace", email, topic: "billing", message: "How do credits work for a second book?", website: "" };
    for (let i = 0; i < 5; i++) expect((await post(fields, { "CF-Connecting-IP": ip })).status).toBe(302);
    const sixth = await post(fields, { "CF-Connecting-IP": ip });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await text(sixth);
    expect(html).toContain("You have sent us several messages in the last hour.");
    expect(html).toContain("How do credits work for a second book?");
    expect(await rowsFor(email)).toHaveLength(5);
  });

  it("pretends success when the honeypot is filled, and sends nothing", async () => {
    const email = visitor();
    const res = await post({ name: "Bot", email, topic: "other", message: "Buy cheap things at our shop today", website: "https://spam.example" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?sent=1");
    expect(await rowsFor(email)).toHaveLength(0);
  });

  function postTo(fields: Record<string, string>, overrides: Record<string, string>) {
    const request = new Request("https://example.com/contact", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    return fetchWorker(request, overrides);
  }

  it("sends through Resend when a key is set: one POST /emails to ADMIN_EMAIL, reply-to the visitor, nothing in the outbox", async () => {
    const key = resendKey("re_ok_");
    const email = visitor();
    const res = await postTo(
      { name: "Ada Lovelace", email, topic: "book", message: "Can I add a dedication page?" },
      { RESEND_API_KEY: key, RESEND_BASE_URL: resendBaseUrl() },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?sent=1");
    const seen = await seenByResend(key);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: "POST /emails", authorization: `Bearer ${key}` });
    expect(seen[0].body).toMatchObject({
      to: [env.ADMIN_EMAIL],
      from: env.EMAIL_FROM,
      reply_to: email,
      subject: "Contact form: A question about a book from Ada Lovelace",
    });
    expect(seen[0].body.text).toContain("Can I add a dedication page?");
    expect(await rowsFor(email)).toHaveLength(0);
  });

  for (const failure of ["re_fail_503_", "re_fail_422_"] as const) {
    it(`answers 502 with a kind message and keeps the values when the provider fails (${failure})`, async () => {
      const key = resendKey(failure);
      const email = visitor();
      const res = await postTo(
        { name: "Grace Hopper", email, topic: "book", message: "Can I change the art style of my book?" },
        { RESEND_API_KEY: key, RESEND_BASE_URL: resendBaseUrl() },
      );
      expect(res.status).toBe(502);
      const html = await text(res);
      expect(html).toContain("your message couldn't be sent just now");
      expect(html).toMatch(/role="alert"/);
      expect(html).toContain('value="Grace Hopper"');
      expect(html).toContain(`value="${email}"`);
      expect(html).toMatch(/<textarea[^>]*>Can I change the art style of my book\?<\/textarea>/);
      expect(await seenByResend(key)).toHaveLength(1);
      expect(await rowsFor(email)).toHaveLength(0);
    });
  }

  it("answers a body that is not a form with 400", async () => {
    const res = await SELF.fetch("https://example.com/contact", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("We couldn't read that form");
  });
});
