import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { orderNumber } from "~/services/payments/payments.server";
import { finishedBook } from "./book-fixtures";
import { makeBook, uid } from "./db-helpers";
import { address, outboxCount, outboxTo, parentCaller, visitorCaller, SITE } from "./email-api-helpers";
import { uniqueIp } from "./auth-helpers";
import { fetchWorker, resendBaseUrl, resendKey } from "./email-helpers";
import { deliver, paidSession, startPurchase } from "./payments-helpers";

/** The site in e-mail links: WEBSITE_URL, which vitest.config.ts sets as a deploy would. */
const WEBSITE_URL = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL;

vi.setConfig({ testTimeout: 60_000 });
const NOT_YOURS = "E-mails go only to your own confirmed address. Use the address of your account (or the one you gave for this book).";

/** A request from nobody in particular (a new visitor each time). */
function call(body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${SITE}/api/send-email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A visitor's finished book with the address they left on its form. */
async function visitorBook() {
  const browser = await visitorCaller();
  const to = address("family");
  const bookId = await finishedBook(browser.visitorId, { notifyEmail: to });
  return { browser, to, bookId };
}

describe("POST /api/send-email: the spec's shapes", () => {
  it("allows only POST: 405 'Method not allowed' with Allow; another site's preflight is refused", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await SELF.fetch(`${SITE}/api/send-email`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST, OPTIONS");
      expect(await res.json(), method).toMatchObject({ success: false, error: "Method not allowed" });
    }
    const pre = await SELF.fetch(`${SITE}/api/send-email`, {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(pre.status).toBe(403);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a missing or unknown mode with 400 'Invalid mode', and a body that is not JSON with 400", async () => {
    for (const body of [{}, { mode: "spam" }, { mode: 3 }, []]) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: "Invalid mode" });
    }
    const res = await call("mode=story");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Request body must be JSON" });
  });

  it("story: requires email and name (400 'Email and name are required'), then the book", async () => {
    for (const body of [
      { mode: "story" },
      { mode: "story", email: "a@example.com" },
      { mode: "story", name: "Sam" },
      { mode: "story", email: " ", name: "Sam" },
    ]) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: "Email and name are required" });
    }
    const noBook = await call({ mode: "story", email: "a@example.com", name: "Sam" });
    expect(noBook.status).toBe(400);
    expect(await noBook.json()).toMatchObject({ error: "Invalid story e-mail", details: [{ path: "bookId" }] });
  });
});

describe("POST /api/send-email story: no relay", () => {
  it("sends the book's own story e-mail to the address left on it, once, whatever the body says", async () => {
    const { browser, to, bookId } = await visitorBook();
    const body = {
      mode: "story",
      email: to.toUpperCase(),
      name: "Sam",
      bookId,
      slug: "cheap-pills-here",
      page: { image: "https://evil.example/tracker.png", content: "Click https://evil.example/win to claim your prize" },
      totalCredits: 48170,
      remainingCredits: 48169,
      usedCredits: 1,
      transactionsAmount: "1000000",
    };
    const first = await browser.post("/api/send-email", body);
    expect(first.status).toBe(200);
    const answer = await first.json<{ data: { id: string } }>();
    expect(answer).toEqual({ success: true, fallback: false, message: "Email sent", data: { id: expect.any(String), provider: "outbox" } });
    const again = await browser.post("/api/send-email", body);
    expect(await again.json()).toEqual(answer);

    const mails = await outboxTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].id).toBe(answer.data.id);
    expect(mails[0].subject).toBe("Mia and the Moon Picnic is ready to read");
    expect(mails[0].text).toContain("Page 3: Mia packs a picnic for the moon.");
    for (const planted of ["evil.example", "cheap-pills-here", "claim your prize", "48169", "1000000"]) {
      expect(mails[0].text, planted).not.toContain(planted);
      expect(mails[0].html, planted).not.toContain(planted);
    }
  });

  it("refuses another address with 403 and sends nothing to anyone", async () => {
    const { browser, to, bookId } = await visitorBook();
    const victim = address("victim");
    const before = await outboxCount();
    const res = await browser.post("/api/send-email", { mode: "story", email: victim, name: "Sam", bookId });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: NOT_YOURS });
    expect(await outboxCount()).toBe(before);
    expect(await outboxTo(victim)).toHaveLength(0);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("answers someone else's book, a made-up id and a book id that cannot be one with 404", async () => {
    const { to, bookId } = await visitorBook();
    const stranger = await visitorCaller();
    for (const id of [bookId, "nosuchbook123", "../etc/passwd"]) {
      const res = await stranger.post("/api/send-email", { mode: "story", email: to, name: "Sam", bookId: id });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Book not found" });
    }
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("refuses a visitor's book without an address (422) and an unfinished book (409)", async () => {
    const browser = await visitorCaller();
    const silent = await finishedBook(browser.visitorId);
    const res = await browser.post("/api/send-email", { mode: "story", email: address("guess"), name: "Sam", bookId: silent });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ success: false, error: expect.stringContaining("no confirmed e-mail address") });

    const to = address("drafting");
    const drafting = await makeBook({ visitorId: browser.visitorId }, { status: "illustrating", notifyEmail: to });
    const early = await browser.post("/api/send-email", { mode: "story", email: to, name: "Sam", bookId: drafting });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ success: false, error: "The book is not finished yet" });
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("a signed-in parent's book goes to the account's confirmed address, never to another one on the book", async () => {
    const { parent, browser } = await parentCaller();
    const other = address("left-on-form");
    const bookId = await finishedBook(uid("vis"), { userProfileId: parent.profileId, notifyEmail: other });
    const wrong = await browser.post("/api/send-email", { mode: "story", email: other, name: "Sam", bookId });
    expect(wrong.status).toBe(403);
    const ok = await browser.post("/api/send-email", { mode: "story", email: parent.email, name: "Sam", bookId });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, fallback: false });
    expect((await outboxTo(parent.email))[0].text).toContain(`${WEBSITE_URL}/youraistory/${bookId}`);
    expect(await outboxTo(other)).toHaveLength(0);
  });

  it("a provider failure is answered as success with fallback true; the message stays queued, once", async () => {
    const { browser, to, bookId } = await visitorBook();
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await browser.post("/api/send-email", { mode: "story", email: to, name: "Sam", bookId }, true);
    logged.mockRestore();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, fallback: true, message: "The e-mail could not be sent; the request itself succeeded.", data: null });
    const queued = await env.DB.prepare("SELECT status, attempts FROM email_deliveries WHERE id = ?").bind(`story-ready:${bookId}`).first();
    expect(queued).toEqual({ status: "pending", attempts: 1 });
    // asking again does not queue a second one; the cron sweep sends the first
    const again = await browser.post("/api/send-email", { mode: "story", email: to, name: "Sam", bookId });
    expect(await again.json()).toMatchObject({ success: true, fallback: true });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM email_deliveries WHERE book_id = ?").bind(bookId).first<{ n: number }>())?.n).toBe(1);
  });
});

describe("POST /api/send-email pdfGenerate", () => {
  it("sends the link to the book's own PDF, ignoring urlPdf; another address is 403; an unfinished book 409", async () => {
    const { browser, to, bookId } = await visitorBook();
    const wrong = await browser.post("/api/send-email", { mode: "pdfGenerate", email: address("victim"), urlPdf: "https://evil.example/a.pdf", bookId });
    expect(wrong.status).toBe(403);
    const noBook = await browser.post("/api/send-email", { mode: "pdfGenerate", email: to });
    expect(noBook.status).toBe(400);
    expect(await noBook.json()).toMatchObject({ success: false, error: "Invalid PDF e-mail" });

    const res = await browser.post("/api/send-email", {
      mode: "pdfGenerate",
      email: to,
      urlPdf: "https://evil.example/a.pdf",
      type: "download",
      name: "Sam",
      bookId,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, fallback: false, data: { provider: "outbox" } });
    const mails = await outboxTo(to, "pdf");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(new RegExp(`${WEBSITE_URL}/api/email/pdf/[A-Za-z0-9_-]{43}`));
    expect(mails[0].text + mails[0].html).not.toContain("evil.example");

    const drafting = await makeBook({ visitorId: browser.visitorId }, { status: "illustrating", notifyEmail: to });
    const early = await browser.post("/api/send-email", { mode: "pdfGenerate", email: to, bookId: drafting });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ success: false, error: "The book is not finished yet" });
  });
});

describe("POST /api/send-email plan-purchase", () => {
  it("a visitor without an account is 401; a missing order number 400", async () => {
    const res = await call({ mode: "plan-purchase", profileUserEmail: address("x"), orderIdNumber: "SN-12345678" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Sign in to have your order e-mailed to you." });
    const missing = await call({ mode: "plan-purchase", profileUserFullName: "Ada" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, error: "Invalid plan purchase e-mail" });
  });

  it("sends the purchase e-mail of the parent's own paid order once; another's order is 404; another address 403", async () => {
    const p = await startPurchase("family-pack");
    expect((await deliver(paidSession(p))).status).toBe(200);
    const { parent, browser } = await parentCaller();
    const number = orderNumber(p.orderId);
    // the buyer's order named by a stranger, however it is written
    for (const ref of [number, p.orderId, number.toLowerCase()]) {
      const res = await browser.post("/api/send-email", { mode: "plan-purchase", profileUserEmail: parent.email, orderIdNumber: ref });
      expect(res.status, ref).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Order not found" });
    }
    const buyer = {
      post: (body: unknown) =>
        p.parent.call("/api/send-email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    };
    const wrong = await buyer.post({ mode: "plan-purchase", profileUserEmail: parent.email, orderIdNumber: number });
    expect(wrong.status).toBe(403);
    expect(await outboxTo(parent.email, "plan-purchase")).toHaveLength(0);

    // the webhook sent it when the order was paid: asking again answers that message and sends nothing new
    const sent = await outboxTo(p.parent.email, "plan-purchase");
    expect(sent).toHaveLength(1);
    for (const ref of [number, p.orderId]) {
      const res = await buyer.post({
        mode: "plan-purchase",
        profileUserEmail: p.parent.email,
        profileUserFullName: "<b>Mallory</b>",
        lineItemCreditBalance: 9999,
        orderIdNumber: ref,
      });
      expect(res.status, ref).toBe(200);
      expect(await res.json()).toEqual({ success: true, fallback: false, message: "Email sent", data: { id: sent[0].id, provider: "outbox" } });
    }
    expect(await outboxTo(p.parent.email, "plan-purchase")).toHaveLength(1);
    expect(sent[0].subject).toContain(number);
  });

  it("an order that is not paid yet is 409", async () => {
    const p = await startPurchase("family-pack");
    const res = await p.parent.call("/api/send-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "plan-purchase", profileUserEmail: p.parent.email, orderIdNumber: orderNumber(p.orderId) }),
    });
    expect(res.status).toBe(409);
    expect(await outboxTo(p.parent.email, "plan-purchase")).toHaveLength(0);
  });
});

describe("POST /api/send-email contact", () => {
  const message = (email: string) => ({ mode: "contact", name: "Ada", email, topic: "book", message: "Can I print my book at home?" });

  it("validates with the contact form's schema and sends to the administrator", async () => {
    const bad = await call({ mode: "contact", name: "", email: "nope", topic: "book", message: "hi" }, { "CF-Connecting-IP": uniqueIp() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "Invalid contact message",
      details: { fieldErrors: { name: "Please tell us your name.", message: expect.any(String), email: expect.any(String) } },
    });
    const visitor = address("api-contact");
    const ok = await call(message(visitor), { "CF-Connecting-IP": uniqueIp() });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, message: "Message sent", provider: "outbox" });
    const { results } = await env.DB.prepare('SELECT "to" FROM email_outbox WHERE reply_to = ?').bind(visitor).all<{ to: string }>();
    expect(results.map((r) => JSON.parse(r.to))).toEqual([[env.ADMIN_EMAIL]]);
  });

  it("a filled honeypot is answered like success and sends nothing", async () => {
    const visitor = address("api-bot");
    const res = await call({ ...message(visitor), website: "https://spam.example" }, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const { results } = await env.DB.prepare("SELECT id FROM email_outbox WHERE reply_to = ?").bind(visitor).all();
    expect(results).toHaveLength(0);
  });

  it("takes five messages an hour from one client address; the sixth is 429 with Retry-After", async () => {
    const ip = uniqueIp();
    const visitor = address("chatty");
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await call(message(visitor), { "CF-Connecting-IP": ip }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = answers[5];
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await limited.json()).toEqual({
      success: false,
      error: "You have sent us several messages in the last hour. Please wait a while before you write again.",
    });
    const { results } = await env.DB.prepare("SELECT id FROM email_outbox WHERE reply_to = ?").bind(visitor).all();
    expect(results).toHaveLength(5);
    // another address is not held back
    expect((await call(message(visitor), { "CF-Connecting-IP": uniqueIp() })).status).toBe(200);
  });

  it("a provider failure is a 500 'Failed to send email' with the error id; the provider's detail goes only to the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request(`${SITE}/api/send-email`, {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify(message(address("api-fail"))),
    });
    const res = await fetchWorker(request, { RESEND_API_KEY: resendKey("re_fail_503_"), RESEND_BASE_URL: resendBaseUrl() });
    const text = await res.text();
    expect(res.status).toBe(500);
    const body = JSON.parse(text) as { errorId: string };
    expect(body).toEqual({ success: false, error: "Failed to send email", errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(text).not.toContain("Resend");
    const lines = logged.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "send-email failed", requestId: body.errorId, detail: expect.stringContaining("Resend answered 503") }),
    );
    logged.mockRestore();
  });
});
