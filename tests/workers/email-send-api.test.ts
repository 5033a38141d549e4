import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { fetchWorker, resendBaseUrl, resendKey, seenByResend } from "./email-helpers";

type Row = { id: string; kind: string; to: string; reply_to: string | null; subject: string; html: string; text: string };

function address(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

function call(body: unknown, init: RequestInit = {}) {
  return SELF.fetch("https://example.com/api/send-email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

/** The Worker with Resend chosen (a key is set), against the local fake Resend server. */
function callWithResend(key: string, body: unknown) {
  const request = new Request("https://example.com/api/send-email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return fetchWorker(request, { RESEND_API_KEY: key, RESEND_BASE_URL: resendBaseUrl() });
}

/** Resend answers 503: the provider fails. */
function callWithFailingProvider(body: unknown) {
  return callWithResend(resendKey("re_fail_503_"), body);
}

async function rowsTo(to: string): Promise<Row[]> {
  const { results } = await env.DB.prepare('select * from email_outbox where "to" = ?')
    .bind(JSON.stringify([to]))
    .all<Row>();
  return results;
}

describe("POST /api/send-email", () => {
  it("allows only POST: 405 'Method not allowed'", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await SELF.fetch("https://example.com/api/send-email", { method });
      expect(res.status, method).toBe(405);
      expect(await res.json(), method).toMatchObject({ error: "Method not allowed" });
    }
  });

  it("answers a preflight from any origin with 204", async () => {
    const res = await SELF.fetch("https://example.com/api/send-email", {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a missing or unknown mode with 400 'Invalid mode'", async () => {
    for (const body of [{}, { mode: "spam" }, { mode: 3 }, []]) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid mode" });
    }
  });

  it("answers a body that is not JSON with 400", async () => {
    const res = await call("mode=story");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Request body must be JSON" });
  });

  it("story: requires email and name (400 'Email and name are required')", async () => {
    for (const body of [
      { mode: "story" },
      { mode: "story", email: "a@example.com" },
      { mode: "story", name: "Sam" },
      { mode: "story", email: " ", name: "Sam" },
    ]) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Email and name are required" });
    }
  });

  it("story: sends the story e-mail with the slug link and the credits", async () => {
    const to = address("story");
    const res = await call({
      mode: "story",
      email: to,
      name: "Sam",
      slug: "the-moon-picnic",
      bookId: "abc123",
      page: { image: "https://images.example/abc123/0/page-1.png", content: "Once upon a time, Sam packed a picnic for the moon." },
      totalCredits: 10,
      remainingCredits: 7,
      usedCredits: 3,
      lastTransactionDate: "2026-04-01",
      transactionsAmount: "9.99",
    });
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; fallback: boolean; data: { id: string; provider: string } }>();
    expect(body).toMatchObject({ success: true, fallback: false, data: { provider: "outbox" } });
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(body.data.id);
    expect(rows[0].kind).toBe("story");
    expect(rows[0].text).toContain(`${env.WEBSITE_URL}/story/the-moon-picnic`);
    expect(rows[0].text).toContain("Credits left: 7");
    expect(rows[0].html).toContain('src="https://images.example/abc123/0/page-1.png"');
  });

  it("story: a provider failure is answered as success with fallback true", async () => {
    const res = await callWithFailingProvider({ mode: "story", email: address("fallback"), name: "Sam", bookId: "abc123" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, fallback: true, data: null, error: expect.stringContaining("Resend answered 503") });
  });

  it("story: through Resend, the answer carries Resend's id", async () => {
    const key = resendKey("re_ok_");
    const to = address("resend-story");
    const res = await callWithResend(key, { mode: "story", email: to, name: "Sam", bookId: "abc123" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, fallback: false, data: { id: expect.stringMatching(/^fake_\d+$/), provider: "resend" } });
    const seen = await seenByResend(key);
    expect(seen).toHaveLength(1);
    expect(seen[0].body).toMatchObject({ to: [to], subject: "Your StoryNest storybook is ready" });
    expect(await rowsTo(to)).toHaveLength(0);
  });

  it("pdfGenerate: sends the PDF e-mail, and hides a provider failure as fallback", async () => {
    const to = address("pdf");
    const ok = await call({ mode: "pdfGenerate", email: to, urlPdf: "https://files.example/book.pdf", type: "download", name: "Sam", bookId: "abc123" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, fallback: false, data: { provider: "outbox" } });
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe("pdf");
    expect(rows[0].text).toContain("https://files.example/book.pdf");
    expect(rows[0].text).toContain(`${env.WEBSITE_URL}/youraistory/abc123`);

    const bad = await call({ mode: "pdfGenerate", email: to, urlPdf: "javascript:alert(1)", name: "Sam" });
    expect(bad.status).toBe(400);

    const failed = await callWithFailingProvider({ mode: "pdfGenerate", email: to, urlPdf: "https://files.example/book.pdf", name: "Sam" });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ success: true, fallback: true });
  });

  it("plan-purchase: sends the order e-mail, and hides a provider failure as fallback", async () => {
    const to = address("plan");
    const ok = await call({
      mode: "plan-purchase",
      profileUserEmail: to,
      profileUserFullName: "Ada Lovelace",
      lineItemCreditBalance: 25,
      orderIdNumber: "SN-2042",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, fallback: false });
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "plan-purchase", subject: "Thank you for your StoryNest order SN-2042" });

    const missing = await call({ mode: "plan-purchase", profileUserFullName: "Ada" });
    expect(missing.status).toBe(400);

    const failed = await callWithFailingProvider({ mode: "plan-purchase", profileUserEmail: to, lineItemCreditBalance: 25, orderIdNumber: 2042 });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ success: true, fallback: true });
  });

  it("contact: validates with the contact form's schema and sends to the administrator", async () => {
    const bad = await call({ mode: "contact", name: "", email: "nope", topic: "book", message: "hi" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "Invalid contact message",
      details: { fieldErrors: { name: "Please tell us your name.", message: expect.any(String), email: expect.any(String) } },
    });

    const visitor = address("api-contact");
    const ok = await call({ mode: "contact", name: "Ada", email: visitor, topic: "book", message: "Can I print my book at home?" });
    expect(ok.status).toBe(200);
    const body = await ok.json<{ success: boolean; id: string; provider: string }>();
    expect(body).toMatchObject({ success: true, provider: "outbox" });
    const { results } = await env.DB.prepare("select * from email_outbox where reply_to = ?").bind(visitor).all<Row>();
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0].to)).toEqual([env.ADMIN_EMAIL]);
  });

  it("contact: a filled honeypot is answered like success and sends nothing", async () => {
    const visitor = address("api-bot");
    const res = await call({
      mode: "contact",
      name: "Bot",
      email: visitor,
      topic: "other",
      message: "Visit our wonderful shop",
      website: "https://spam.example",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const { results } = await env.DB.prepare("select id from email_outbox where reply_to = ?").bind(visitor).all();
    expect(results).toHaveLength(0);
  });

  it("contact: a provider failure is a 500 'Failed to send email' with the error id; the provider's detail goes only to the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callWithFailingProvider({
      mode: "contact",
      name: "Ada",
      email: address("api-fail"),
      topic: "billing",
      message: "Where is my receipt, please?",
    });
    expect(res.status).toBe(500);
    const body = await res.json<{ errorId: string }>();
    expect(body).toEqual({ success: false, error: "Failed to send email", errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const refused = await callWithResend(resendKey("re_fail_422_"), {
      mode: "contact",
      name: "Ada",
      email: address("api-fail"),
      topic: "billing",
      message: "Where is my receipt, please?",
    });
    expect(refused.status).toBe(500);
    const refusedText = await refused.text();
    expect(JSON.parse(refusedText)).toMatchObject({ success: false, error: "Failed to send email" });
    expect(refusedText).not.toContain("Resend");

    const lines = logged.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "send-email failed", requestId: body.errorId, detail: expect.stringContaining("Resend answered 503") }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "send-email failed", detail: "Resend answered 422 validation_error: The `to` field is invalid." }),
    );
    logged.mockRestore();
  });
});
