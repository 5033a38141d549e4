import { describe, expect, it, vi } from "vitest";
import { randomId } from "~/domain/ids";
import { makeAccount } from "./account-helpers";
import { Browser, pageText, uniqueEmail } from "./auth-helpers";
import { bookOf, parent, row, shareWith } from "./social-helpers";

// The share e-mail's button signs the recipient in to the invited address in one step: no password,
// no name form. Its link works once, for a while, on the browser that used it; anyone else is
// offered a fresh link to the same address; a browser signed in as another address gets nothing.

vi.setConfig({ testTimeout: 60_000 });

/** A browser with a visitor of its own (the Worker's sn_vid cookie). */
function newBrowser(): Browser {
  const b = new Browser();
  b.cookies.set("sn_vid", randomId(32));
  return b;
}

const LINK = /https?:\/\/[^/\s]+(\/shared\/[A-Za-z0-9-]+)\?key=([A-Za-z0-9_-]{43})/;

/** A finished book shared with `to` (a new address unless given), and the e-mail's sign-in link. */
async function shared(to = uniqueEmail("grandma")) {
  const owner = await parent();
  const bookId = await bookOf(owner);
  const { share } = await shareWith(owner, bookId, to);
  const mail = await row<{ text: string; html: string }>("select text, html from email_deliveries where id = ?", `story-share:${share.id}`);
  const found = LINK.exec(mail?.text ?? "");
  if (!found) throw new Error(`no sign-in link in the share e-mail: ${mail?.text}`);
  return { owner, bookId, to, shareId: share.id, mail: mail!, page: found[1], key: found[2] };
}

const open = (b: Browser, s: { page: string; key: string }) => b.post(s.page, { intent: "open", key: s.key });
const sessionsOf = async (email: string) =>
  (await row<{ n: number }>("select count(*) as n from auth_sessions s join users u on u.id = s.user_id where u.email = ?", email))?.n ?? 0;

describe("the share e-mail's one-step sign-in", () => {
  it("shows the book's cover through an address that opens that picture and nothing else", async () => {
    const s = await shared();
    const cover = /<img[^>]+src="https?:\/\/[^/"]+(\/api\/email\/cover\/([A-Za-z0-9_-]{43}))"/.exec(s.mail.html);
    expect(cover, "an <img> of the cover at an absolute address").not.toBeNull();
    const picture = await new Browser().get(cover![1]);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/png");
    await picture.arrayBuffer();
    // the picture's token is no key to anything else
    const pdf = await new Browser().get(`/api/email/pdf/${cover![2]}`);
    expect(pdf.status).toBe(404);
    await pdf.arrayBuffer();
  });

  it("opens the book signed in to the invited address: no password, no name form, the link's page spends nothing", async () => {
    const s = await shared();
    const b = newBrowser();
    // opening the address (as a mail scanner does) only draws the page that posts the link
    const landing = await b.get(`${s.page}?key=${s.key}`);
    expect(landing.status).toBe(200);
    expect(await pageText(landing)).toContain('data-testid="open-with-link"');
    expect(b.session).toBeUndefined();
    const res = await open(b, s);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(s.page);
    expect(b.session, "signed in").toBeTruthy();
    const book = await b.get(s.page);
    expect(book.status).toBe(200);
    expect(await pageText(book)).toContain('data-testid="shared-banner"');
    const user = await row<{ email_verified_at: string | null; password_hash: string | null }>(
      "select email_verified_at, password_hash from users where email = ?",
      s.to,
    );
    expect(user?.email_verified_at).toBeTruthy();
    expect(user?.password_hash).toBeNull();
    // opened again on this browser while signed in: the book, with nothing left to spend
    const again = await b.get(`${s.page}?key=${s.key}`);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(s.page);
  });

  it("works once: another browser is offered a fresh link to the same address", async () => {
    const s = await shared();
    const first = newBrowser();
    expect((await open(first, s)).status).toBe(302);
    const other = newBrowser();
    const used = await open(other, s);
    expect(used.status).toBe(410);
    const text = await pageText(used);
    expect(text).toContain("This link has been used");
    expect(text).toContain("E-mail me a fresh link");
    expect(other.session).toBeUndefined();

    // the fresh link goes to the invited address, never a typed one, and signs in that browser
    const fresh = await other.post(s.page, { intent: "fresh", email: "someone-else@example.com" });
    expect(fresh.status).toBe(200);
    expect(await pageText(fresh)).toContain("A fresh link is on its way");
    const mail = await row<{ to_address: string; text: string }>(
      "select to_address, text from email_deliveries where id like 'share-link:%' and to_address = ? order by created_at desc limit 1",
      s.to,
    );
    expect(mail?.to_address).toBe(s.to);
    const key = LINK.exec(mail?.text ?? "")?.[2];
    expect(key).toBeTruthy();
    expect(key).not.toBe(s.key);
    expect((await open(other, { page: s.page, key: key! })).status).toBe(302);
    expect(other.session).toBeTruthy();
    expect(await sessionsOf(s.to)).toBe(2);
  });

  it("asks for no more than three fresh links an hour for one share", async () => {
    const s = await shared();
    const b = newBrowser();
    for (let i = 0; i < 3; i += 1) expect((await b.post(s.page, { intent: "fresh" })).status).toBe(200);
    const limited = await b.post(s.page, { intent: "fresh" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(limited)).toContain("We have sent several links already");
  });

  it("expires: an old link signs nobody in", async () => {
    const s = await shared();
    await row("update share_links set expires_at = ? where share_id = ? returning id", new Date(Date.now() - 1000).toISOString(), s.shareId);
    const b = newBrowser();
    const res = await open(b, s);
    expect(res.status).toBe(410);
    expect(b.session).toBeUndefined();
    expect(await sessionsOf(s.to)).toBe(0);
  });

  it("forwarded to someone signed in as another address: nothing opens, nothing is spent", async () => {
    const s = await shared();
    const other = await makeAccount();
    const b = newBrowser();
    b.cookies.set("sn_session", other.token);
    const res = await open(b, s);
    expect(res.status).toBe(403);
    expect(await pageText(res)).toContain("This book was shared with another e-mail address");
    expect(b.session).toBe(other.token);
    expect((await b.get(s.page)).status).toBe(403);
    expect(await row("select used_at from share_links where share_id = ? and used_at is not null", s.shareId)).toBeNull();
    // the invited address's own browser still can
    expect((await open(newBrowser(), s)).status).toBe(302);
  });

  it("the same link opened ten times at once signs in once", async () => {
    const s = await shared();
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(newBrowser(), s)));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 410)).toHaveLength(9);
    expect(await sessionsOf(s.to)).toBe(1);
  });

  it("signs in to the account the address already has, keeping its password", async () => {
    const grandma = await makeAccount({ firstName: "Ann" });
    const s = await shared(grandma.email);
    const b = newBrowser();
    expect((await open(b, s)).status).toBe(302);
    const user = await row<{ id: string; password_hash: string | null }>("select id, password_hash from users where email = ?", grandma.email);
    expect(user?.id).toBe(grandma.userId);
    expect(user?.password_hash).toBeTruthy();
  });
});
