import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { helplineSentence } from "~/domain/nino/helplines";
import { SAFETY_TEXTS } from "~/domain/nino/safety";
import type { ServerFrame } from "~/domain/nino/protocol";
import { createClaimService } from "~/services/auth/claim.server";
import { SAFE_REPLY_EMAILS_PER_DAY } from "~/services/email/notifications.server";
import { MODERATED_REPLIES } from "~/services/nino/replies.server";
import { makeAccount } from "./account-helpers";
import { browser, newSession, SESSION_COOKIE, verifiedParent, type Browser } from "./claim-helpers";
import { db, makeProfile } from "./db-helpers";
import { connect, hello, newSessionId, newVisitor, say, type NinoClient } from "./nino-helpers";

// A child at risk: Nino's safe reply names the helpline of the child's market, a signed-in parent
// gets one e-mail per conversation, a record is kept for the parent's view (never the child's
// words), and the words are not echoed to the conversation's other tabs.

vi.setConfig({ testTimeout: 60_000 });
const replyOf = (frames: ServerFrame[]) => frames.find((f): f is Extract<ServerFrame, { type: "nino_message" }> => f.type === "nino_message")!;

async function open(cookie: string, sessionId: string, country?: string): Promise<NinoClient> {
  const tab = await connect(cookie, sessionId, country ? { "X-Dev-Country": country } : {});
  await hello(tab);
  await tab.next("nino_message");
  return tab;
}

interface SafetyMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function safetyMailsTo(email: string): Promise<SafetyMail[]> {
  const { results } = await env.DB.prepare(`SELECT "to", subject, text, html FROM email_outbox WHERE kind = 'nino-safety' AND "to" LIKE ?`)
    .bind(`%${email}%`)
    .all<SafetyMail>();
  return results;
}

async function eventsOf(column: "visitor_id" | "user_profile_id", id: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM safety_events WHERE ${column} = ?`).bind(id).all<Record<string, unknown>>();
  return results;
}

async function signedInBrowser(): Promise<{ parent: Awaited<ReturnType<typeof verifiedParent>>; b: Browser }> {
  const parent = await verifiedParent();
  return { parent, b: browser({ session: await newSession(parent) }) };
}

describe("the safe reply names the helpline of the visitor's market", () => {
  it.each([
    ["GB", "GB", "0800 1111"],
    ["US", "US", "1-800-422-4453"],
    ["DE", "EU", "116 111"],
    ["JP", "JP", "0120-0-78310"],
    ["ZA", "ZA", "Childline on 116"],
  ])("a child in %s (market %s) is told %s", async (country, market, number) => {
    const { cookie } = newVisitor();
    const tab = await open(cookie, newSessionId(), country);
    const reply = replyOf(await say(tab, "my uncle hits me"));
    expect(reply.content).toBe(`${SAFETY_TEXTS.risk[0]} ${helplineSentence(market)}`);
    expect(reply.content).toContain(number);
    await tab.close();
  });

  it("adds it to the reply for words the moderator flags as self-harm, and names India's line by default", async () => {
    const { cookie } = newVisitor();
    const au = await open(cookie, newSessionId(), "AU");
    expect(replyOf(await say(au, "I want to die")).content).toBe(`${MODERATED_REPLIES.atRisk} ${helplineSentence("AU")}`);
    await au.close();
    const anywhere = await open(cookie, newSessionId());
    expect(replyOf(await say(anywhere, "I want to die")).content).toContain("CHILDLINE on 1098");
    await anywhere.close();
  });

  it("names no helpline for an ordinary or a medical message", async () => {
    const { cookie } = newVisitor();
    const tab = await open(cookie, newSessionId(), "GB");
    for (const text of ["Milo the mouse", "I feel sick"]) expect(replyOf(await say(tab, text)).content).not.toContain("0800 1111");
    await tab.close();
  });
});

describe("the parent is told once per conversation", () => {
  it("e-mails a signed-in parent's confirmed address once, however many times the child says it, and never the child's words", async () => {
    const { parent, b } = await signedInBrowser();
    const sessionId = newSessionId();
    const tab = await open(b.cookie(), sessionId, "GB");
    for (const text of ["my uncle hits me", "he hits me every day", "I want to die"]) await say(tab, text);
    await tab.close();

    const mails = await safetyMailsTo(parent.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Nino gave the safe reply to your child");
    expect(mail.text).toContain("Nino gave the safe reply");
    expect(mail.text).toContain("Childline on 0800 1111");
    expect(mail.text).toMatch(/\d{4} at \d{2}:\d{2} UTC/);
    expect(mail.text).toMatch(/See it in your account https?:\/\/\S+\/nino-friendship/);
    for (const words of ["uncle", "hits me", "every day", "want to die"]) {
      expect(mail.text).not.toContain(words);
      expect(mail.html).not.toContain(words);
    }

    // the record: one row for the conversation, three safe replies, no words
    const [row] = await eventsOf("user_profile_id", parent.profileId);
    expect(row).toMatchObject({ session_id: sessionId, market: "GB", times: 3 });
    expect(Object.values(row).join(" ")).not.toMatch(/uncle|hits|die/);

    // another conversation is another e-mail
    const again = await open(b.cookie(), newSessionId(), "GB");
    await say(again, "someone touched me and I didn't like it");
    await again.close();
    expect(await safetyMailsTo(parent.email)).toHaveLength(2);
  });

  it(`sends at most ${SAFE_REPLY_EMAILS_PER_DAY} a day to one address, and keeps the record of every conversation`, async () => {
    const { parent, b } = await signedInBrowser();
    for (let i = 0; i <= SAFE_REPLY_EMAILS_PER_DAY; i++) {
      const tab = await open(b.cookie(), newSessionId(), "GB");
      await say(tab, "my uncle hits me");
      await tab.close();
    }
    expect(await safetyMailsTo(parent.email)).toHaveLength(SAFE_REPLY_EMAILS_PER_DAY);
    expect(await eventsOf("user_profile_id", parent.profileId)).toHaveLength(SAFE_REPLY_EMAILS_PER_DAY + 1);
  });

  it("sends nothing for a visitor (no address) or an account whose address is not confirmed, and keeps the record", async () => {
    const visitor = newVisitor();
    const tab = await open(visitor.cookie, newSessionId(), "GB");
    await say(tab, "my uncle hits me");
    await tab.close();
    expect(await eventsOf("visitor_id", visitor.visitorId)).toHaveLength(1);

    const unconfirmed = await makeProfile();
    const b = browser({ session: await newSession(unconfirmed) });
    const signedIn = await open(b.cookie(), newSessionId(), "GB");
    await say(signedIn, "my uncle hits me");
    await signedIn.close();
    expect(await safetyMailsTo(unconfirmed.email)).toHaveLength(0);
    expect(await eventsOf("user_profile_id", unconfirmed.profileId)).toHaveLength(1);
    const { results } = await env.DB.prepare(`SELECT count(*) AS n FROM email_deliveries WHERE kind = 'nino-safety' AND to_address = ?`)
      .bind(unconfirmed.email)
      .all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });
});

describe("the parent's view", () => {
  it("shows the signed-in parent when Nino gave the safe reply and the helpline, not a visitor, and Forget everything deletes it", async () => {
    const { parent, b } = await signedInBrowser();
    const tab = await open(b.cookie(), newSessionId(), "US");
    await say(tab, "my uncle hits me");
    await tab.close();
    const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

    // (React puts <!-- --> between a text and a value)
    const page = (await (await b.call("/nino-friendship")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`Nino gave the safe reply on ${today}`);
    expect(page).toContain("Childhelp on 1-800-422-4453, or the 988 Lifeline on 988");
    expect(page).not.toContain("uncle");

    // a visitor's browser (a child could be at it) does not show the record
    const visitor = newVisitor();
    const child = await open(visitor.cookie, newSessionId(), "US");
    await say(child, "my uncle hits me");
    await child.close();
    const visitorPage = await (await SELF.fetch("https://example.com/nino-friendship", { headers: { Cookie: visitor.cookie } })).text();
    expect(visitorPage).not.toContain("Nino gave the safe reply on");

    const res = await b.call("/nino-friendship?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "forget" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await eventsOf("user_profile_id", parent.profileId)).toHaveLength(0);
    expect(await (await b.call("/nino-friendship")).text()).not.toContain("Nino gave the safe reply on");
    // the visitor's record is another family's: untouched
    expect(await eventsOf("visitor_id", visitor.visitorId)).toHaveLength(1);
  });

  it("goes with the account when the parent deletes it", async () => {
    const parent = await makeAccount();
    const tab = await open(`${SESSION_COOKIE}=${parent.token}`, newSessionId(), "GB");
    await say(tab, "my uncle hits me");
    await tab.close();
    expect(await eventsOf("user_profile_id", parent.profileId)).toHaveLength(1);
    expect(await safetyMailsTo(parent.email)).toHaveLength(1);
    expect((await parent.post("/myaccount", { intent: "delete-confirm", confirm: "DELETE" })).status).toBe(302);
    expect(await eventsOf("user_profile_id", parent.profileId)).toHaveLength(0);
    const { results } = await env.DB.prepare(`SELECT count(*) AS n FROM email_deliveries WHERE to_address = ?`).bind(parent.email).all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });

  it("moves a visitor's record to the profile when the parent signs in on that browser", async () => {
    const parent = await verifiedParent();
    const home = browser();
    const tab = await open(home.cookie(), newSessionId(), "GB");
    await say(tab, "my uncle hits me");
    await tab.close();
    await createClaimService({ db, images: env.BOOK_IMAGES }).claim(home.visitorId, parent.profileId);
    expect(await eventsOf("user_profile_id", parent.profileId)).toHaveLength(1);
    const page = await (await browser({ session: await newSession(parent) }).call("/nino-friendship")).text();
    expect(page).toContain("Childline on 0800 1111");
  });
});

describe("the child's words stay in their own tab", () => {
  it.each([
    ["caught by Nino's rules", "my uncle hits me"],
    ["flagged by the moderator", "I want to die"],
  ])("%s: the other tab gets the reply but not the words, and the history never has them", async (_, words) => {
    const { cookie } = newVisitor();
    const sessionId = newSessionId();
    const tab1 = await open(cookie, sessionId, "GB");
    const tab2 = await connect(cookie, sessionId, { "X-Dev-Country": "GB" });
    await hello(tab2);
    const from2 = tab2.frames.length;

    const frames = await say(tab1, words);
    expect(frames.find((f) => f.type === "user_message")).toMatchObject({ message: { content: words } });
    const reply = replyOf(frames);
    await tab2.waitFor(() => tab2.frames.slice(from2).some((f) => f.type === "status" && f.status === "idle"), "idle");
    const seen = tab2.frames.slice(from2);
    expect(seen.map((f) => f.type)).toEqual(["status", "typing", "nino_message", "status"]);
    expect(JSON.stringify(seen)).not.toContain(words);
    expect(replyOf(seen).content).toBe(reply.content);

    // an ordinary message afterwards is shared with every tab again
    const from = tab2.frames.length;
    await say(tab1, "can we make a story");
    await tab2.next("user_message", from);

    const tab3 = await connect(cookie, sessionId);
    const history = await hello(tab3);
    expect(JSON.stringify(history.messages)).not.toContain(words);
    for (const t of [tab1, tab2, tab3]) await t.close();
  });
});
