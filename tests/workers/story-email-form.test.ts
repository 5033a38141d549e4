import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addLedgerEntry } from "~/services/db/credits.server";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { pageText } from "./auth-helpers";
import { finishedBook } from "./book-fixtures";
import { browser, FORM, freshIp, newSession, postJson, scalar, verifiedParent } from "./claim-helpers";
import { db, uid } from "./db-helpers";

// "E-mail me when it's ready" on the creation form and POST /api/books: an optional address a
// visitor without an account leaves for one book, checked on the server, kept on that book only and
// deleted with it; a signed-in parent is told the account's address and anything they send is ignored.

vi.setConfig({ testTimeout: 60_000 });
const MESSAGE = "Please enter a valid e-mail address, or leave it empty.";
const CONSENT = "We'll send one e-mail when this book is ready, with a link to read it. The address is kept with this book only and deleted with it.";

const storyForm = (fields: Record<string, string> = {}) =>
  new URLSearchParams({ childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: uid("key-"), ...fields });

const post = (body: URLSearchParams): RequestInit => ({ method: "POST", body });

const notifyOf = (bookId: string) => scalar<string | null>("SELECT notify_email FROM storybooks WHERE book_id = ?", bookId);
const booksOf = (visitorId: string) => scalar("SELECT count(*) FROM storybooks WHERE visitor_id = ?", visitorId);
const bookIdFrom = (res: Response) => (res.headers.get("Location") ?? "").split("/").pop() ?? "";

async function signedInParent() {
  const parent = await verifiedParent();
  const b = browser({ ip: freshIp() });
  b.signIn(await newSession(parent));
  await addLedgerEntry(db, { owner: { kind: "profile", userProfileId: parent.profileId }, delta: 5, reason: "bonus", idempotencyKey: uid("test-credits:") });
  return { parent, b };
}

describe("the creation form's 'E-mail me when it's ready'", () => {
  it("is an optional, labelled field with its consent line for a visitor, on both creation pages", async () => {
    for (const path of ["/createstory", "/customstory"]) {
      const html = await pageText(await browser({ ip: freshIp() }).call(path));
      expect(html).toMatch(/<label for="story-notifyEmail"[^>]*>E-mail me when it's ready<span[^>]*>optional<\/span><\/label>/);
      expect(html).toMatch(/<input[^>]*type="email"[^>]*name="notifyEmail"|<input[^>]*name="notifyEmail"[^>]*type="email"/);
      expect(html).toContain(CONSENT);
      expect(html).not.toContain("We'll e-mail you at");
    }
  });

  it("keeps a visitor's address, trimmed and lower-cased, on the book it made", async () => {
    const b = browser({ ip: freshIp() });
    const res = await b.call("/createstory", post(storyForm({ notifyEmail: "  Zoe.Parent@Example.COM " })));
    expect(res.status).toBe(302);
    expect(await notifyOf(bookIdFrom(res))).toBe("zoe.parent@example.com");
  });

  it("makes the book without an address when the field is left empty", async () => {
    const b = browser({ ip: freshIp() });
    const res = await b.call(
      "/customstory",
      post(storyForm({ plotOutline: "Zoe finds a tiny door in the garden wall and a snail who knows the way.", notifyEmail: "" })),
    );
    expect(res.status).toBe(302);
    expect(await notifyOf(bookIdFrom(res))).toBeNull();
  });

  it("refuses an address that is not one beside the field, keeps what was typed, and makes nothing", async () => {
    const b = browser({ ip: freshIp() });
    const res = await b.call("/createstory", post(storyForm({ notifyEmail: "zoe at example" })));
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toMatch(new RegExp(`data-field-error="notifyEmail"[^>]*>.*?${MESSAGE.replace(/[.,]/g, "\\$&")}`, "s"));
    expect(html).toContain('value="zoe at example"');
    expect(html).toMatch(/id="story-notifyEmail"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="story-notifyEmail"/);
    expect(await booksOf(b.visitorId)).toBe(0);
  });

  it("tells a signed-in parent the account's address instead, and ignores an address they post", async () => {
    const { parent, b } = await signedInParent();
    const html = await pageText(await b.call("/createstory"));
    expect(html).toContain(`We'll e-mail you at <strong class="break-words font-bold">${parent.email[0]}***@example.com</strong> when it's ready.`);
    expect(html).not.toContain('name="notifyEmail"');
    // neither a good address nor a bad one is read from a signed-in parent: theirs is the account's
    for (const typed of ["someone-else@example.com", "not an address"]) {
      const res = await b.call("/createstory", post(storyForm({ notifyEmail: typed })));
      expect(res.status, typed).toBe(302);
      expect(await notifyOf(bookIdFrom(res))).toBeNull();
    }
  });
});

describe("POST /api/books with notifyEmail", () => {
  it("keeps a visitor's address; a bad one is a 400 beside the field and makes nothing", async () => {
    const b = browser({ ip: freshIp() });
    const bad = await b.call("/api/books", postJson({ ...FORM, notifyEmail: "nope@" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fieldErrors: { notifyEmail: MESSAGE } });
    expect(await booksOf(b.visitorId)).toBe(0);
    const good = await b.call("/api/books", postJson({ ...FORM, notifyEmail: " Mia@Example.com" }));
    expect(good.status).toBe(201);
    expect(await notifyOf(((await good.json()) as { bookId: string }).bookId)).toBe("mia@example.com");
  });

  it("ignores a signed-in parent's notifyEmail", async () => {
    const { b } = await signedInParent();
    const res = await b.call("/api/books", postJson({ ...FORM, notifyEmail: "someone-else@example.com" }));
    expect(res.status).toBe(201);
    expect(await notifyOf(((await res.json()) as { bookId: string }).bookId)).toBeNull();
  });
});

describe("a visitor's notify address", () => {
  it("is deleted with its book, with the book's e-mail links and deliveries", async () => {
    const b = browser({ ip: freshIp() });
    const to = `${uid("gone")}@example.com`;
    const bookId = await finishedBook(b.visitorId, { notifyEmail: to });
    expect(await createServices(parseEnv(env)).notifications.storyReady(bookId, "https://example.com")).toMatchObject({ ok: true, to });
    expect(await scalar("SELECT count(*) FROM email_tokens WHERE book_id = ?", bookId)).toBeGreaterThan(0);
    expect((await b.call(`/api/books/${bookId}`, { method: "DELETE" })).status).toBe(204);
    expect(await scalar("SELECT count(*) FROM storybooks WHERE notify_email = ?", to)).toBe(0);
    expect(await scalar("SELECT count(*) FROM email_tokens WHERE book_id = ?", bookId)).toBe(0);
    expect(await scalar("SELECT count(*) FROM email_deliveries WHERE to_address = ?", to)).toBe(0);
  });
});
