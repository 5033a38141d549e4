import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { imageKey } from "~/domain/story/book-view";
import { finishedBook } from "./book-fixtures";
import { makeBook, uid } from "./db-helpers";
import { address, linkToken, outboxCount, outboxTo, parentCaller, SITE, tokenRowId, visitorCaller } from "./email-api-helpers";

/** The site in e-mail links: WEBSITE_URL, which vitest.config.ts sets as a deploy would. */
const WEBSITE_URL = (env as unknown as { WEBSITE_URL: string }).WEBSITE_URL;

vi.setConfig({ testTimeout: 60_000 });
const MISSING = "Missing required fields: email, bookId, and name are required";
const PDF_LINK_GONE = "This download link has expired or is not valid. Open your book and ask for the PDF again.";

/** A visitor's finished book with the address they left on its form. */
async function visitorBook() {
  const browser = await visitorCaller();
  const to = address("family");
  const bookId = await finishedBook(browser.visitorId, { notifyEmail: to });
  return { browser, to, bookId };
}

/** A finished book whose pages carry no pictures, so its PDF is quick to make. */
async function textOnlyBook(visitorId: string, extra: Record<string, unknown>) {
  const bookId = await finishedBook(visitorId, extra);
  await env.DB.prepare("UPDATE storybook_pages SET image_key = NULL, image_url = NULL WHERE book_id = ?").bind(bookId).run();
  return bookId;
}

describe("POST /api/emails/story-completion", () => {
  it("allows only POST (405 'Method not allowed' with Allow)", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await SELF.fetch(`${SITE}/api/emails/story-completion`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST, OPTIONS");
      expect(await res.json()).toMatchObject({ error: "Method not allowed" });
    }
  });

  it("requires email, bookId and name (400 with the spec's sentence)", async () => {
    const browser = await visitorCaller();
    for (const body of [
      {},
      { email: "a@example.com", name: "Sam" },
      { email: "a@example.com", bookId: "abc" },
      { bookId: "abc", name: "Sam" },
      { email: " ", bookId: "abc", name: "Sam" },
    ]) {
      const res = await browser.post("/api/emails/story-completion", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: MISSING });
    }
  });

  it("sends the book's own story e-mail once, to the owner's address, ignoring the rest of the body", async () => {
    const { browser, to, bookId } = await visitorBook();
    const body = {
      email: to,
      bookId,
      name: "Sam",
      slug: "win-a-prize",
      page: { image: "https://evil.example/pixel.gif", content: "Visit https://evil.example now" },
      totalCredits: 31337,
      remainingCredits: 31336,
      usedCredits: 1,
      lastTransactionDate: "2026-01-01",
      transactionsAmount: 12,
    };
    const first = await browser.post("/api/emails/story-completion", body);
    expect(first.status).toBe(200);
    const answer = await first.json<{ messageId: string }>();
    expect(answer).toEqual({ success: true, message: "Story completion e-mail sent", messageId: expect.any(String), provider: "outbox" });
    expect(await (await browser.post("/api/emails/story-completion", body)).json()).toEqual(answer);
    // the send-email story mode is the same e-mail: still one
    const viaSendEmail = await browser.post("/api/send-email", { mode: "story", ...body });
    expect(await viaSendEmail.json()).toMatchObject({ data: { id: answer.messageId } });

    const mails = await outboxTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].id).toBe(answer.messageId);
    for (const planted of ["evil.example", "win-a-prize", "31336"]) expect(mails[0].text + mails[0].html, planted).not.toContain(planted);
  });

  it("refuses another address (403), another's book (404), a book without an address (422)", async () => {
    const { browser, to, bookId } = await visitorBook();
    const victim = address("victim");
    const before = await outboxCount();
    const relay = await browser.post("/api/emails/story-completion", { email: victim, bookId, name: "Sam" });
    expect(relay.status).toBe(403);
    expect(await relay.json()).toMatchObject({ success: false, error: expect.stringContaining("E-mails go only to your own confirmed address") });

    const stranger = await visitorCaller();
    const theirs = await stranger.post("/api/emails/story-completion", { email: to, bookId, name: "Sam" });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ success: false, error: "Book not found" });

    const silent = await finishedBook(stranger.visitorId);
    const none = await stranger.post("/api/emails/story-completion", { email: victim, bookId: silent, name: "Sam" });
    expect(none.status).toBe(422);
    expect(await outboxCount()).toBe(before);
    expect(await outboxTo(victim)).toHaveLength(0);
  });

  it("an unexpected failure is a 500 with the spec's sentence and the error id, never the error's text", async () => {
    const { browser, to, bookId } = await visitorBook();
    // the message cannot be stored: the deliveries table is gone for this one request
    await env.DB.prepare("ALTER TABLE email_deliveries RENAME TO email_deliveries_away").run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let res: Response;
    try {
      res = await browser.post("/api/emails/story-completion", { email: to, bookId, name: "Sam" });
    } finally {
      await env.DB.prepare("ALTER TABLE email_deliveries_away RENAME TO email_deliveries").run();
      logged.mockRestore();
    }
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: "Failed to process story completion notification", errorId: expect.any(String) });
    expect(text).not.toMatch(/email_deliveries|SQL|no such table/i);
  });
});

describe("POST /api/books/{bookId}/email-pdf and the PDF link", () => {
  it("e-mails the link to the owner's address (masked in the answer); the link serves the PDF", async () => {
    const browser = await visitorCaller();
    const to = `mia-parent-${uid()}@example.com`.toLowerCase();
    const bookId = await textOnlyBook(browser.visitorId, { notifyEmail: to });
    const res = await browser.fetch(`/api/books/${bookId}/email-pdf`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, to: "m***@example.com" });
    // a double tap sends one e-mail
    expect((await browser.fetch(`/api/books/${bookId}/email-pdf`, { method: "POST" })).status).toBe(200);
    const mails = await outboxTo(to, "pdf");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${WEBSITE_URL}/api/email/pdf/`);

    // opened from the e-mail, in a browser that is nobody's
    const token = linkToken(mails[0].text, "/api/email/pdf/");
    const pdf = await SELF.fetch(`${SITE}/api/email/pdf/${token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[^"]+\.pdf"/);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const etag = pdf.headers.get("ETag")!;
    expect((await SELF.fetch(`${SITE}/api/email/pdf/${token}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

    // a page drawn again: the book is not finished for now (409); a deleted book's link is gone (404)
    await env.DB.prepare("UPDATE storybook_pages SET generation_progress = 40 WHERE book_id = ? AND page_number = 5").bind(bookId).run();
    const busy = await SELF.fetch(`${SITE}/api/email/pdf/${token}`);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ error: expect.stringContaining("page 5") });
    expect((await browser.fetch(`/api/books/${bookId}`, { method: "DELETE" })).status).toBe(204);
    expect((await SELF.fetch(`${SITE}/api/email/pdf/${token}`)).status).toBe(404);
  });

  it("answers another's book 404, an unfinished one 409, one without an address 422", async () => {
    const { bookId } = await visitorBook();
    const browser = await visitorCaller();
    const other = await browser.fetch(`/api/books/${bookId}/email-pdf`, { method: "POST" });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "Book not found" });

    const to = address("early");
    const early = await makeBook({ visitorId: browser.visitorId }, { status: "writing", notifyEmail: to });
    const notYet = await browser.fetch(`/api/books/${early}/email-pdf`, { method: "POST" });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ error: "The book is not finished yet" });

    const silent = await finishedBook(browser.visitorId);
    const none = await browser.fetch(`/api/books/${silent}/email-pdf`, { method: "POST" });
    expect(none.status).toBe(422);
    expect(await none.json()).toEqual({
      error: "There is no confirmed e-mail address for this book. Sign in (or create an account) to have it e-mailed.",
    });
    expect(await outboxTo(to)).toHaveLength(0);

    const get = await browser.fetch(`/api/books/${silent}/email-pdf`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST, OPTIONS");
  });

  it("goes to a signed-in parent's confirmed address", async () => {
    const { parent, browser } = await parentCaller();
    const bookId = await textOnlyBook(uid("vis"), { userProfileId: parent.profileId });
    const res = await browser.fetch(`/api/books/${bookId}/email-pdf`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, to: `${parent.email[0]}***@example.com` });
    expect(await outboxTo(parent.email, "pdf")).toHaveLength(1);
  });
});

describe("GET /api/email/cover/{token}", () => {
  it("serves the cover the story e-mail shows, cached privately for an hour", async () => {
    const { browser, to, bookId } = await visitorBook();
    await browser.post("/api/emails/story-completion", { email: to, bookId, name: "Sam" });
    const [mail] = await outboxTo(to);
    const token = linkToken(mail.html, "/api/email/cover/");
    const res = await SELF.fetch(`${SITE}/api/email/cover/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const stored = await env.BOOK_IMAGES.get(imageKey(bookId, 1, 1));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await stored!.arrayBuffer()));

    // the read link's token opens no picture; an expired cover link neither
    expect((await SELF.fetch(`${SITE}/api/email/cover/${linkToken(mail.text, "/read/")}`)).status).toBe(404);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(await tokenRowId(token))
      .run();
    expect((await SELF.fetch(`${SITE}/api/email/cover/${token}`)).status).toBe(404);
  });

  it("answers unknown and malformed tokens with 404, and other methods with 405", async () => {
    const unknown = "A".repeat(43);
    for (const path of [`/api/email/cover/${unknown}`, "/api/email/cover/short", `/api/email/cover/${"x".repeat(200)}`]) {
      const res = await SELF.fetch(SITE + path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "Picture not found" });
    }
    for (const path of [`/api/email/pdf/${unknown}`, "/api/email/pdf/nope"]) {
      const res = await SELF.fetch(SITE + path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: PDF_LINK_GONE });
    }
    for (const path of [`/api/email/cover/${unknown}`, `/api/email/pdf/${unknown}`]) {
      const res = await SELF.fetch(SITE + path, { method: "POST" });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    }
  });
});
