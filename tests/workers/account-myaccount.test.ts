import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGE_MESSAGES } from "~/domain/auth/account-pages";
import { createSession } from "~/services/auth/sessions.server";
import { accounts, callAs, count, INFO, makeAccount, pageText, PASSWORD } from "./account-helpers";
import { db } from "./db-helpers";

// /myaccount: the e-mail address, the password, the signed-in browsers. (Deleting the account:
// account-delete.test.ts.)

async function outboxTo(address: string) {
  // the outbox keeps the recipients as JSON
  const { results } = await env.DB.prepare("select `to`, subject, text from email_outbox where `to` = ?")
    .bind(JSON.stringify([address]))
    .all<{ to: string; text: string }>();
  return results;
}

describe("/myaccount when signed out", () => {
  it("sends a visitor to sign in and back here", async () => {
    const res = await callAs(null)("/myaccount");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent("/myaccount")}`);
  });
});

describe("/myaccount: the e-mail address", () => {
  it("sends a link to the new address; the address changes only when the link is opened", async () => {
    const parent = await makeAccount();
    const page = await pageText(await parent.call("/myaccount"));
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page).toContain(parent.email);

    const next = `new-${parent.email}`;
    const res = await parent.post("/myaccount", { intent: "change-email", email: ` ${next.toUpperCase()} `, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(`We sent a link to ${next}. Your address changes when you open it.`);
    const [sent] = await outboxTo(next);
    expect(sent).toBeDefined();
    // until the link is opened, the address is the old one
    expect(await pageText(await parent.call("/myaccount"))).toMatch(new RegExp(`data-testid="current-email">${parent.email}<`));

    const token = /\/auth\/callback\?token=([A-Za-z0-9_-]{43})/.exec(sent.text)?.[1];
    expect(token).toBeDefined();
    const confirmed = await accounts.confirmLink(token!, INFO, PASSWORD);
    expect(confirmed).toMatchObject({ ok: true, purpose: "change-email", userId: parent.userId });
    const row = await env.DB.prepare("select email from users where id = ?").bind(parent.userId).first<{ email: string }>();
    expect(row?.email).toBe(next);
  });

  it("sends nothing to an address another account has, with the same answer", async () => {
    const parent = await makeAccount();
    const other = await makeAccount();
    const res = await parent.post("/myaccount", { intent: "change-email", email: other.email, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(`We sent a link to ${other.email}. Your address changes when you open it.`);
    expect(await outboxTo(other.email)).toEqual([]);
  });

  it("answers a bad or unchanged address with 400 beside the field", async () => {
    const parent = await makeAccount();
    const bad = await parent.post("/myaccount", { intent: "change-email", email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toMatch(/<p id="account-email-error"[^>]*>.*Please enter an e-mail address like name@example\.com\./);
    const same = await parent.post("/myaccount", { intent: "change-email", email: parent.email });
    expect(same.status).toBe(400);
    expect(await pageText(same)).toContain(ACCOUNT_PAGE_MESSAGES.emailSame);
  });
});

describe("/myaccount: the password", () => {
  it("links to change the password, or to set one for an account made with Google", async () => {
    const withPassword = await pageText(await (await makeAccount()).call("/myaccount"));
    expect(withPassword).toContain('href="/auth/change-password"');
    expect(withPassword).not.toContain('href="/auth/forgot-password"');
    const google = await pageText(await (await makeAccount({ password: null })).call("/myaccount"));
    expect(google).toContain('href="/auth/forgot-password"');
    expect(google).toContain("Set a password");
    expect(google).not.toContain('href="/auth/change-password"');
  });
});

describe("/myaccount: signed-in browsers", () => {
  it("lists both browsers, marks this one, and signs out the other: its cookie signs nobody in", async () => {
    const parent = await makeAccount({ device: "Firefox on Linux" });
    const phone = await createSession(db, parent.userId, "Safari on iPhone or iPad");
    const html = await pageText(await parent.call("/myaccount"));
    expect(html).toContain("Firefox on Linux");
    expect(html).toContain("Safari on iPhone or iPad");
    expect(html.match(/This browser</g)).toHaveLength(1);
    expect(html).toContain("Last used today");
    expect(html).toContain(`name="sessionId" value="${phone.sessionId}"`);
    expect(html).not.toContain(`name="sessionId" value="${parent.sessionId}"`);

    const res = await parent.post("/myaccount", { intent: "end-session", sessionId: phone.sessionId });
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("That browser is signed out.");
    const phoneVisit = await callAs(phone.token)("/myaccount");
    expect(phoneVisit.status).toBe(302);
    expect(phoneVisit.headers.get("Location")).toContain("/auth/login");
    // this browser is still signed in
    expect((await parent.call("/myaccount")).status).toBe(200);
  });

  it("does nothing to a session of another account (404)", async () => {
    const parent = await makeAccount();
    const stranger = await makeAccount();
    const res = await parent.post("/myaccount", { intent: "end-session", sessionId: stranger.sessionId });
    expect(res.status).toBe(404);
    expect(await pageText(res)).toContain(ACCOUNT_PAGE_MESSAGES.sessionGone);
    expect((await stranger.call("/myaccount")).status).toBe(200);
    expect(await count("auth_sessions where id = ?", stranger.sessionId)).toBe(1);
  });

  it("does not end this browser's own session from the list", async () => {
    const parent = await makeAccount();
    const res = await parent.post("/myaccount", { intent: "end-session", sessionId: parent.sessionId });
    expect(res.status).toBe(400);
    expect((await parent.call("/myaccount")).status).toBe(200);
  });

  it("signs out everywhere: every session ends and this browser's cookie is cleared", async () => {
    const parent = await makeAccount();
    const tablet = await createSession(db, parent.userId, "Chrome on Android");
    const res = await parent.post("/myaccount", { intent: "sign-out-everywhere" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/logout");
    expect(res.headers.get("Set-Cookie")).toMatch(/^sn_session=; Path=\/; Max-Age=0/);
    expect(await count("auth_sessions where user_id = ?", parent.userId)).toBe(0);
    expect((await callAs(tablet.token)("/myaccount")).status).toBe(302);
    expect((await parent.call("/myaccount")).status).toBe(302);
  });
});

describe("/myaccount: refused posts", () => {
  it("refuses a post from another site with 403, changing nothing", async () => {
    const parent = await makeAccount();
    const res = await parent.post("/myaccount", { intent: "sign-out-everywhere" }, { Origin: "https://evil.example", Host: "example.com" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This form was sent from another site, so it was refused.");
    expect((await parent.call("/myaccount")).status).toBe(200);
  });

  it("answers a malformed post with 400", async () => {
    const parent = await makeAccount();
    const noIntent = await parent.post("/myaccount", { email: "x@example.com" });
    expect(noIntent.status).toBe(400);
    expect(await pageText(noIntent)).toContain(ACCOUNT_PAGE_MESSAGES.unknownIntent);
    const badId = await parent.post("/myaccount", { intent: "end-session", sessionId: "../../etc" });
    expect(badId.status).toBe(400);
    const unreadable = await parent.call("/myaccount", {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(unreadable.status).toBe(400);
  });
});
