import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { sha256Hex } from "~/services/auth/crypto.server";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { pageText } from "./auth-helpers";
import { finishedBook } from "./book-fixtures";
import { browser, freshIp, newSession, scalar, verifiedParent } from "./claim-helpers";
import { makeBook, uid } from "./db-helpers";

// "E-mail me the PDF" on the reader (the page's action: the owner's finished book, to the book's own
// address) and /read/{token}, the read-only copy a visitor's story e-mail links to.

vi.setConfig({ testTimeout: 60_000 });
const services = () => createServices(parseEnv(env));

async function outboxTo(address: string) {
  const { results } = await env.DB.prepare(`SELECT kind, subject, text FROM email_outbox WHERE "to" = ? ORDER BY created_at`)
    .bind(JSON.stringify([address]))
    .all<{ kind: string; subject: string; text: string }>();
  return results;
}

const emailPdf = (fields: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: new URLSearchParams({ intent: "email-pdf", ...fields }),
});

describe("E-mail me the PDF", () => {
  it("is offered beside the download on the owner's finished book", async () => {
    const b = browser({ ip: freshIp() });
    const done = await finishedBook(b.visitorId, { notifyEmail: `${uid("o")}@example.com` });
    const html = await pageText(await b.call(`/youraistory/${done}`));
    expect(html).toMatch(/<form method="post" action="\/youraistory\/[^"]+"><input type="hidden" name="intent" value="email-pdf"\/>/);
    expect(html).toContain("E-mail me the PDF");
    const making = await makeBook({ visitorId: b.visitorId }, { status: "illustrating" });
    expect(await pageText(await b.call(`/youraistory/${making}`))).not.toContain("E-mail me the PDF");
  });

  it("sends a download link to the address the visitor left, once however often it is pressed, and never to a typed one", async () => {
    const b = browser({ ip: freshIp() });
    const to = `${uid("mia")}@example.com`;
    const bookId = await finishedBook(b.visitorId, { notifyEmail: to });
    const res = await b.call(`/youraistory/${bookId}`, emailPdf({ email: "attacker@example.com", to: "attacker@example.com" }));
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toMatch(/role="status"[^>]*>.*We've e-mailed a download link to <strong[^>]*>m\*\*\*@example\.com<\/strong>\. It works for 7 days\./s);
    expect((await b.call(`/youraistory/${bookId}`, emailPdf())).status).toBe(200);
    const mails = await outboxTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe("pdf");
    expect(mails[0].text).toMatch(/https?:\/\/[^\s/]+\/api\/email\/pdf\/[A-Za-z0-9_-]{43}/);
    expect(await outboxTo("attacker@example.com")).toHaveLength(0);
  });

  it("goes to a signed-in parent's confirmed address", async () => {
    const parent = await verifiedParent();
    const b = browser({ ip: freshIp() });
    b.signIn(await newSession(parent));
    const bookId = await finishedBook(b.visitorId, { userProfileId: parent.profileId });
    const html = await pageText(await b.call(`/youraistory/${bookId}`, emailPdf()));
    expect(html).toContain(`We've e-mailed a download link to <strong class="break-words">${parent.email[0]}***@example.com</strong>`);
    expect(await outboxTo(parent.email)).toMatchObject([{ kind: "pdf" }]);
  });

  it("is not found for another family's book, and sends nothing", async () => {
    const owner = browser({ ip: freshIp() });
    const to = `${uid("own")}@example.com`;
    const bookId = await finishedBook(owner.visitorId, { notifyEmail: to });
    const res = await browser({ ip: freshIp() }).call(`/youraistory/${bookId}`, emailPdf());
    expect(res.status).toBe(404);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("says so for a book still being made", async () => {
    const b = browser({ ip: freshIp() });
    const to = `${uid("wait")}@example.com`;
    const bookId = await makeBook({ visitorId: b.visitorId }, { status: "illustrating", notifyEmail: to });
    const res = await b.call(`/youraistory/${bookId}`, emailPdf());
    expect(res.status).toBe(409);
    expect(await pageText(res)).toContain("This book is still being made. You can have the PDF e-mailed as soon as every page is drawn.");
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it("asks a visitor without an address to sign in or create an account", async () => {
    const b = browser({ ip: freshIp() });
    const bookId = await finishedBook(b.visitorId);
    const res = await b.call(`/youraistory/${bookId}`, emailPdf());
    expect(res.status).toBe(422);
    const html = await pageText(res);
    expect(html).toContain("There is no e-mail address for this book yet.");
    expect(html).toContain(`href="/auth/login?redirectTo=%2Fyouraistory%2F${bookId}"`);
    expect(html).toContain(`href="/auth/signup?redirectTo=%2Fyouraistory%2F${bookId}"`);
    expect(await scalar("SELECT count(*) FROM email_deliveries WHERE book_id = ?", bookId)).toBe(0);
  });
});

describe("/read/{token}", () => {
  const read = (token: string) => browser({ ip: freshIp() }).call(`/read/${token}`);

  it("shows the finished book read-only to anyone with the link, until it expires", async () => {
    const bookId = await finishedBook(uid("vis"), { notifyEmail: `${uid("r")}@example.com` });
    const token = await services().emailLinks.issue("read-book", { bookId });
    const res = await read(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await pageText(res);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Mia and the Moon Picnic");
    expect(html).toContain("Page 3: Mia packs a picnic for the moon.");
    const until = await scalar<string>("SELECT expires_at FROM email_tokens WHERE id = ?", await sha256Hex(token));
    const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(until));
    expect(html).toContain(
      `A read-only copy of <strong class="font-bold">Mia and the Moon Picnic</strong>, shared with you by e-mail. The link works until ${date}.`,
    );
    expect(html).toContain('href="/createstory"');
    expect(html).toContain('href="/auth/signup"');
    // no owner's controls, and nothing of the form or the address
    for (const absent of ["Edit this book", "Download PDF", "E-mail me the PDF", "Share", "notify", "@example.com"]) expect(html).not.toContain(absent);
  });

  it("refuses an expired link with a clear page", async () => {
    const bookId = await finishedBook(uid("vis"));
    const token = await services().emailLinks.issue("read-book", { bookId });
    await env.DB.prepare("UPDATE email_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(await sha256Hex(token))
      .run();
    const res = await read(token);
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await pageText(res);
    expect(html).toContain("This reading link no longer works");
    expect(html).toContain("Links to read a book work for 30 days.");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("Mia and the Moon Picnic");
  });

  it("refuses an unknown link, a malformed one, and a link made for something else", async () => {
    const bookId = await finishedBook(uid("vis"));
    const other = await services().emailLinks.issue("book-pdf", { bookId });
    const unknown = "A".repeat(43);
    for (const token of [unknown, "not-a-token", other]) {
      const res = await read(token);
      expect(res.status, token).toBe(404);
      const html = await pageText(res);
      expect(html).toContain("This reading link no longer works");
      expect(html).not.toContain("Mia and the Moon Picnic");
    }
  });

  it("stops working when the book is deleted", async () => {
    const b = browser({ ip: freshIp() });
    const bookId = await finishedBook(b.visitorId);
    const token = await services().emailLinks.issue("read-book", { bookId });
    expect((await read(token)).status).toBe(200);
    expect((await b.call(`/api/books/${bookId}`, { method: "DELETE" })).status).toBe(204);
    expect((await read(token)).status).toBe(404);
  });
});
