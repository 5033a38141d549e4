import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { accounts, INFO, makeAccount, pageText, PASSWORD, type TestAccount } from "./account-helpers";
import { uniqueIp } from "./auth-helpers";

// Changing the account's address: it needs the current password, the old address hears of it and can
// stop it, it is capped like the other mail forms, and it never earns the welcome credits again.

async function mailsTo(address: string) {
  const { results } = await env.DB.prepare("SELECT subject, text FROM email_outbox WHERE `to` = ? ORDER BY created_at DESC")
    .bind(JSON.stringify([address]))
    .all<{ subject: string; text: string }>();
  return results;
}

const linkIn = (text: string, path: string) => new RegExp(`/auth/${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? null;

async function balance(profileId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT coalesce(sum(delta), 0) AS n FROM credit_ledger WHERE user_profile_id = ? AND affects_balance = 1")
    .bind(profileId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function currentEmail(userId: string) {
  return (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>())?.email;
}

function askChange(parent: TestAccount, email: string, currentPassword = PASSWORD, ip = uniqueIp()) {
  return parent.post("/myaccount", { intent: "change-email", email, currentPassword }, { "CF-Connecting-IP": ip });
}

/** Asks for the address and opens its link (with the password: the test's requests are other browsers). */
async function changeTo(parent: TestAccount, email: string) {
  expect((await askChange(parent, email)).status).toBe(200);
  const [sent] = await mailsTo(email);
  const token = linkIn(sent.text, "callback");
  expect(token).toBeTruthy();
  return accounts.confirmLink(token!, INFO, PASSWORD);
}

describe("changing the e-mail address", () => {
  it("needs the current password: none or a wrong one is refused beside the field, and nothing is sent", async () => {
    const parent = await makeAccount();
    const next = `new-${parent.email}`;
    for (const currentPassword of ["", "not my password at all"]) {
      const res = await askChange(parent, next, currentPassword);
      expect(res.status).toBe(400);
      expect(await pageText(res)).toMatch(/<p id="account-currentPassword-error"[^>]*>/);
    }
    expect(await pageText(await askChange(parent, next, "not my password at all"))).toContain(AUTH_MESSAGES.currentPasswordWrong);
    expect(await mailsTo(next)).toEqual([]);
    expect(await mailsTo(parent.email)).toEqual([]);
  });

  it("tells the old address, whose link stops the change before it is made", async () => {
    const parent = await makeAccount();
    const next = `new-${parent.email}`;
    expect((await askChange(parent, next)).status).toBe(200);
    const [notice] = await mailsTo(parent.email);
    expect(notice.subject).toBe("Your StoryNest e-mail address is about to change");
    expect(notice.text).toContain(next);
    const stop = linkIn(notice.text, "stop-email-change");
    expect(stop).toBeTruthy();

    // opening the link spends nothing; its button stops the change
    const page = await pageText(await parent.call(`/auth/stop-email-change?token=${stop}`));
    expect(page).toContain("Stop the change of your e-mail address");
    expect(page).toContain(parent.email);
    const stopped = await parent.post("/auth/stop-email-change", { token: stop! });
    expect(stopped.status).toBe(200);
    expect(await pageText(stopped)).toContain("Your account keeps its address.");

    const change = linkIn((await mailsTo(next))[0].text, "callback");
    expect(await accounts.confirmLink(change!, INFO, PASSWORD)).toMatchObject({ ok: false, message: AUTH_MESSAGES.linkInvalid });
    expect(await currentEmail(parent.userId)).toBe(parent.email);
  });

  it("undoes a change already made from the old address's link, and signs out every browser", async () => {
    const parent = await makeAccount();
    const next = `taken-over-${parent.email}`;
    expect(await changeTo(parent, next)).toMatchObject({ ok: true });
    expect(await currentEmail(parent.userId)).toBe(next);

    const stop = linkIn((await mailsTo(parent.email))[0].text, "stop-email-change");
    const undone = await parent.post("/auth/stop-email-change", { token: stop! });
    expect(await pageText(undone)).toContain("Your account is back at its old address, and every browser was signed out.");
    expect(await currentEmail(parent.userId)).toBe(parent.email);
    expect((await parent.call("/myaccount")).status).toBe(302);
    // the link works once
    expect((await parent.post("/auth/stop-email-change", { token: stop! })).status).toBe(400);
  });

  it("keeps the first address's stop link live through later changes, and it has the last word", async () => {
    const parent = await makeAccount();
    const first = parent.email;
    const x = `x-${first}`;
    const y = `y-${first}`;
    expect(await changeTo(parent, x)).toMatchObject({ ok: true });
    const stopToFirst = linkIn((await mailsTo(first))[0].text, "stop-email-change")!;
    // whoever holds the password moves on again; the notice of that goes to x, not to the first address
    expect(await changeTo(parent, y)).toMatchObject({ ok: true });
    const stopToX = linkIn((await mailsTo(x))[0].text, "stop-email-change")!;
    // x's link takes the account back to x; the first address's link still takes it home
    expect((await parent.post("/auth/stop-email-change", { token: stopToX })).status).toBe(200);
    expect(await currentEmail(parent.userId)).toBe(x);
    expect((await parent.post("/auth/stop-email-change", { token: stopToFirst })).status).toBe(200);
    expect(await currentEmail(parent.userId)).toBe(first);
  });

  it("never grants the welcome credits again: the account's balance stays at 2 through new addresses", async () => {
    const parent = await makeAccount();
    expect(await accounts.signIn({ email: parent.email, password: PASSWORD }, INFO)).toMatchObject({ ok: true });
    expect(await balance(parent.profileId)).toBe(2);
    for (let i = 1; i <= 3; i += 1) expect(await changeTo(parent, `p+${i}-${parent.email}`)).toMatchObject({ ok: true });
    expect(await balance(parent.profileId)).toBe(2);
  });

  it("grants once when a new account's first address and a second one are confirmed at once", async () => {
    const parent = await makeAccount();
    const tokens: string[] = [];
    for (const address of [`a-${parent.email}`, `b-${parent.email}`]) {
      expect((await askChange(parent, address)).status).toBe(200);
      tokens.push(linkIn((await mailsTo(address))[0].text, "callback")!);
    }
    // the newest change link is the live one; confirm it ten times at once, with sign-ins beside it
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => accounts.confirmLink(tokens[1], INFO, PASSWORD)),
      ...Array.from({ length: 5 }, () => accounts.signIn({ email: parent.email, password: PASSWORD }, INFO)),
    ]);
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(0);
    expect(await balance(parent.profileId)).toBe(2);
  });

  it("is capped per account: ten asks at once send at most three links and three notices", async () => {
    const parent = await makeAccount();
    const asks = await Promise.all(Array.from({ length: 10 }, (_, i) => askChange(parent, `burst-${i}-${parent.email}`)));
    const statuses = asks.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(asks.find((r) => r.status === 429)?.headers.get("Retry-After")).toMatch(/^\d+$/);
    let links = 0;
    for (let i = 0; i < 10; i += 1) links += (await mailsTo(`burst-${i}-${parent.email}`)).length;
    expect(links).toBe(3);
    expect(await mailsTo(parent.email)).toHaveLength(3);
  });

  it("is capped per client address, across accounts, with the other mail forms' limit", async () => {
    const ip = uniqueIp();
    const parents = await Promise.all(Array.from({ length: 4 }, () => makeAccount()));
    const statuses: number[] = [];
    for (const parent of parents) for (let i = 0; i < 3; i += 1) statuses.push((await askChange(parent, `ip-${i}-${parent.email}`, PASSWORD, ip)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
