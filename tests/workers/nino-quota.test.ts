import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { NINO_TEXTS } from "~/domain/nino/types";
import type { ServerFrame } from "~/domain/nino/protocol";
import { DAILY_QUOTAS, QUOTA_SPENT, quotaSubjects, utcDay, type QuotaGroup, type QuotaHolder } from "~/services/limits/quotas.server";
import { TOO_MANY_REQUESTS } from "../../workers/api/rate-limit";
import { scriptedKey } from "../fake-servers/keys";
import { browser, newSession, verifiedParent } from "./claim-helpers";
import { postCostly, uniqueIp } from "./costly-helpers";
import { SCRIPTED_TURN_BLOCK, TURN_BLOCKS_KEY, type TurnBlocks } from "../../workers/nino-turn-limits";
import { chatCalls, connect, hello, idleIndex, newSessionId, newVisitor, say, stubOf, useFakeOpenAI, type NinoClient } from "./nino-helpers";

// Nino's turns over the WebSocket spend the chat endpoint's quotas: with a model, the chat's own
// counts (20 a minute per address, the chat quota a day); scripted, the higher `nino` quota a day,
// which a conversation takes from D1 in blocks of SCRIPTED_TURN_BLOCK and spends in its object.
// Each daily count is seeded close to its limit in D1, so a test needs only a few turns to reach it.

vi.setConfig({ testTimeout: 60_000 });
const FAKE_REPLY = "Ooh, what a lovely idea! Tell me more.";
const rests: string[] = [NINO_TEXTS.restToday, NINO_TEXTS.restMinute];

/** Sets today's count of `group` for a subject (the visitor's, the account's or the address's row). */
async function seedUsed(subject: string, group: QuotaGroup, used: number): Promise<void> {
  await env.DB.prepare("INSERT INTO usage_quotas (subject, bucket, day, used) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET used = excluded.used")
    .bind(subject, group, utcDay(Date.now()), used)
    .run();
}

async function usedOf(subject: string, group: QuotaGroup): Promise<number> {
  const row = await env.DB.prepare("SELECT used FROM usage_quotas WHERE subject = ? AND bucket = ? AND day = ?")
    .bind(subject, group, utcDay(Date.now()))
    .first<{ used: number }>();
  return row?.used ?? 0;
}

/** A visitor's two rows (its own, its address's) as the quotas count them. */
function rowsOf(visitorId: string, ip: string, group: QuotaGroup) {
  const holder: QuotaHolder = { visitorId, userId: null, client: `ip:${ip}` };
  const [own, address] = quotaSubjects(holder, group);
  return { own: own.subject, address: address.subject, limit: own.limit, addressLimit: address.limit };
}

/** A tab of the conversation, past its hello (and the greeting of a new conversation). */
async function tab(cookie: string, sessionId: string, ip: string, greeted: boolean): Promise<NinoClient> {
  const client = await connect(cookie, sessionId, { "CF-Connecting-IP": ip });
  await hello(client);
  if (greeted) await client.next("nino_message");
  return client;
}

/**
 * Sends `burst` messages at once, again and again, until this tab is told Nino needs a rest; the
 * busy refusals in between are the object's one-turn-at-a-time rule. Each round ends with an idle
 * status: this tab's turn, or the one of another tab that made it busy.
 */
async function askUntilRest(client: NinoClient, burst: number): Promise<void> {
  for (let round = 0; round < 200; round++) {
    const from = client.frames.length;
    for (let i = 0; i < burst; i++) client.send({ type: "user_message", text: `a brave little fox, part ${round}.${i}`, source: "text" });
    await client.waitFor(() => idleIndex(client, from) >= 0, "idle status");
    if (client.frames.slice(from).some((f) => f.type === "nino_message" && rests.includes(f.content))) return;
  }
  throw new Error("Nino never said he needed a rest");
}

/**
 * The limiter counts in fixed minutes of the clock: runs `test` until one run starts and ends in the
 * same minute (a slow machine may cross a minute's end once).
 */
async function inOneMinute(test: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const minute = Math.floor(Date.now() / 60_000);
    const passed = await test();
    if (Math.floor(Date.now() / 60_000) === minute) return void expect(passed).toBe(true);
  }
  throw new Error("every run crossed a minute's end");
}

type NinoFrame = Extract<ServerFrame, { type: "nino_message" }>;

interface Tab {
  client: NinoClient;
  sessionId: string;
  /** frames before this index came before the test's turns */
  from: number;
}

/** Nino's answers (each once, though every tab of a conversation gets them) and his rest replies. */
function repliesOf(tabs: Tab[]): { answers: NinoFrame[]; rested: NinoFrame[] } {
  const all = tabs.flatMap(({ client, from, sessionId }) =>
    client.frames.slice(from).flatMap((f) => (f.type === "nino_message" ? [[`${sessionId}/${f.id}`, f] as const] : [])),
  );
  const unique = [...new Map(all).values()];
  return { answers: unique.filter((f) => !rests.includes(f.content)), rested: unique.filter((f) => rests.includes(f.content)) };
}

describe("Nino's turns over the WebSocket", () => {
  it("scripted turns: the visitor's daily quota holds exactly when two tabs and a second conversation fire at once", async () => {
    const { cookie, visitorId } = newVisitor();
    const ip = uniqueIp();
    const rows = rowsOf(visitorId, ip, "nino");
    const left = 7;
    await seedUsed(rows.own, "nino", rows.limit - left);
    const [one, two] = [newSessionId(), newSessionId()];
    const sessions = [one, one, two];
    const tabs = [await tab(cookie, one, ip, true), await tab(cookie, one, ip, false), await tab(cookie, two, ip, true)];
    const starts = tabs.map((client, i) => ({ client, sessionId: sessions[i], from: client.frames.length }));

    await Promise.all(tabs.map((client) => askUntilRest(client, 4)));

    const { answers, rested } = repliesOf(starts);
    expect(answers).toHaveLength(left);
    expect(rested.length).toBeGreaterThanOrEqual(tabs.length);
    expect(rested[0]).toMatchObject({ content: NINO_TEXTS.restToday, emotion: "tired" });
    // a refused turn is neither counted nor kept, and the rest is never an error frame
    expect(await usedOf(rows.own, "nino")).toBe(rows.limit);
    expect(await usedOf(rows.address, "nino")).toBe(left);
    expect(tabs.flatMap((c) => c.frames).filter((f) => f.type === "error" && f.message !== NINO_TEXTS.busy)).toEqual([]);
    const again = await tab(cookie, one, ip, false);
    const history = again.frames.find((f) => f.type === "history");
    expect(history?.type === "history" && history.messages.some((m) => rests.includes(m.content))).toBe(false);
    for (const c of [...tabs, again]) await c.close();
  });

  it("with a chat model: turns spend the chat quota, shared with POST /api/openai/chat, and the model is asked only for the answered ones", async () => {
    const { cookie, visitorId } = newVisitor();
    const ip = uniqueIp();
    const apiKey = scriptedKey("reply");
    const rows = rowsOf(visitorId, ip, "chat");
    const left = 4;
    await seedUsed(rows.own, "chat", rows.limit - left);
    const [first, second] = [newSessionId(), newSessionId()];
    const tabs = [await tab(cookie, first, ip, true), await tab(cookie, second, ip, true)];
    await useFakeOpenAI(visitorId, first, apiKey);
    await useFakeOpenAI(visitorId, second, apiKey);
    const starts = tabs.map((client, i) => ({ client, sessionId: [first, second][i], from: client.frames.length }));

    await Promise.all(tabs.map((client) => askUntilRest(client, 3)));

    const { answers, rested } = repliesOf(starts);
    expect(answers).toHaveLength(left);
    expect(answers.every((a) => a.content === FAKE_REPLY)).toBe(true);
    // each tab is told at least once (a burst's next message may find the object idle after a fast refusal)
    expect(rested.length).toBeGreaterThanOrEqual(tabs.length);
    expect(rested.every((r) => r.content === NINO_TEXTS.restToday)).toBe(true);
    expect(await chatCalls(apiKey)).toHaveLength(left);
    expect(await usedOf(rows.own, "chat")).toBe(rows.limit);
    // the HTTP chat of the same visitor finds today's chat quota spent
    const http = await postCostly("openai/chat", { messages: [{ role: "user", content: "hi" }] }, { cookie, ip });
    expect(http.status).toBe(429);
    expect(await http.json()).toEqual({ error: QUOTA_SPENT, limit: rows.limit, fallback: true });
    for (const c of tabs) await c.close();
  });

  it("with a chat model: 20 turns a minute per address, then Nino catches his breath; the HTTP chat counts in the same minute", async () => {
    await inOneMinute(async () => {
      const { cookie, visitorId } = newVisitor();
      const ip = uniqueIp();
      const sessionId = newSessionId();
      const client = await tab(cookie, sessionId, ip, true);
      await useFakeOpenAI(visitorId, sessionId, scriptedKey("reply"));
      // 18 of this minute's 20 spent by the address's other chats, as POST /api/openai/chat spends them
      for (let i = 0; i < 18; i++) expect((await env.COSTLY_LIMITER.limit({ key: `chat:ip:${ip}` })).success).toBe(true);
      const answered = [];
      for (let i = 1; i <= 2; i++) answered.push((await say(client, `a brave little fox, part ${i}`)).find((f): f is NinoFrame => f.type === "nino_message"));
      const over = (await say(client, "and then?")).find((f) => f.type === "nino_message");
      const http = await postCostly("openai/chat", { messages: [{ role: "user", content: "hi" }] }, { ip });
      const used = await usedOf(rowsOf(visitorId, ip, "chat").own, "chat");
      await client.close();
      expect(answered.map((reply) => rests.includes(reply?.content ?? ""))).toEqual([false, false]);
      if (over?.type !== "nino_message" || over.content !== NINO_TEXTS.restMinute) return false;
      expect(over).toMatchObject({ content: NINO_TEXTS.restMinute, emotion: "tired" });
      expect(http.status).toBe(429);
      expect(await http.json()).toEqual({ error: TOO_MANY_REQUESTS, fallback: true });
      // the refused turn spent nothing of the day
      expect(used).toBe(2);
      return true;
    });
  });

  it("a signed-in parent's turns spend the account's quota, not the browser's visitor's", async () => {
    const parent = await verifiedParent();
    const home = browser({ session: await newSession(parent) });
    const ip = uniqueIp();
    const [account] = quotaSubjects({ visitorId: home.visitorId, userId: parent.userId, client: `ip:${ip}` }, "nino");
    expect(account).toEqual({ subject: `account:${parent.userId}`, limit: DAILY_QUOTAS.nino.account });
    await seedUsed(account.subject, "nino", account.limit - 1);
    const client = await tab(home.cookie(), newSessionId(), ip, true);
    const answered = (await say(client, "a dragon who loves pancakes")).find((f): f is NinoFrame => f.type === "nino_message");
    expect(rests).not.toContain(answered?.content);
    // the child's words come back to their tab, then Nino's reply
    const rested = await say(client, "and then?");
    expect(rested.map((f) => f.type)).toEqual(["user_message", "nino_message", "status"]);
    expect(rested[0]).toMatchObject({ message: { type: "user", content: "and then?" } });
    expect(rested[1]).toMatchObject({ content: NINO_TEXTS.restToday, emotion: "tired" });
    expect(await usedOf(account.subject, "nino")).toBe(account.limit);
    expect(await usedOf(`visitor:${home.visitorId}`, "nino")).toBe(0);
    await client.close();
  });

  it("new visitors (new cookies) from one address share the address's daily count; another address is not affected", async () => {
    const ip = uniqueIp();
    const { address, addressLimit } = rowsOf("anyone", ip, "nino");
    const left = 3;
    await seedUsed(address, "nino", addressLimit - left);
    const visitors = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { cookie } = newVisitor();
        return tab(cookie, newSessionId(), ip, true);
      }),
    );
    const turns = await Promise.all(visitors.map((c) => say(c, "a dragon who loves pancakes")));
    const replies = turns.map((frames) => frames.find((f): f is NinoFrame => f.type === "nino_message")!.content);
    // the first conversation to ask takes the address's last turns as its block: the others may be
    // stopped though a conversation still holds some (early, never over the address's count)
    const answered = replies.filter((r) => r !== NINO_TEXTS.restToday).length;
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(answered).toBeLessThanOrEqual(left);
    expect(await usedOf(address, "nino")).toBe(addressLimit);

    const elsewhere = await tab(newVisitor().cookie, newSessionId(), uniqueIp(), true);
    const reply = (await say(elsewhere, "a dragon who loves pancakes")).find((f): f is NinoFrame => f.type === "nino_message");
    expect(rests).not.toContain(reply?.content);
    for (const c of [...visitors, elsewhere]) await c.close();
  });
  it("scripted turns: one conversation alone gets the whole quota, a block at a time; its remainder is kept in the object for the next tab", async () => {
    const { cookie, visitorId } = newVisitor();
    const ip = uniqueIp();
    const rows = rowsOf(visitorId, ip, "nino");
    const left = SCRIPTED_TURN_BLOCK + 5;
    await seedUsed(rows.own, "nino", rows.limit - left);
    const sessionId = newSessionId();
    const answered = async (client: NinoClient, text: string) =>
      !rests.includes((await say(client, text)).find((f): f is NinoFrame => f.type === "nino_message")?.content ?? "");
    const blocks = () => runInDurableObject(stubOf(visitorId, sessionId), (_i, state) => state.storage.get<TurnBlocks>(TURN_BLOCKS_KEY));

    const first = await tab(cookie, sessionId, ip, true);
    for (let i = 1; i <= 3; i++) expect(await answered(first, `a brave little fox, part ${i}`), `turn ${i}`).toBe(true);
    // one block taken in D1 for both rows, three turns of it spent
    expect(await usedOf(rows.own, "nino")).toBe(rows.limit - left + SCRIPTED_TURN_BLOCK);
    expect(await usedOf(rows.address, "nino")).toBe(SCRIPTED_TURN_BLOCK);
    expect(await blocks()).toEqual({ day: utcDay(Date.now()), left: { [`${rows.own} ${rows.address}`]: SCRIPTED_TURN_BLOCK - 3 } });
    await first.close();

    // another tab of the same conversation spends the same block: D1 is not asked until it is empty
    const second = await tab(cookie, sessionId, ip, false);
    for (let i = 4; i <= SCRIPTED_TURN_BLOCK; i++) expect(await answered(second, `a brave little fox, part ${i}`), `turn ${i}`).toBe(true);
    expect(await usedOf(rows.own, "nino")).toBe(rows.limit - left + SCRIPTED_TURN_BLOCK);
    // then the last five (a smaller block: all that is left), and the rest
    for (let i = SCRIPTED_TURN_BLOCK + 1; i <= left; i++) expect(await answered(second, `a brave little fox, part ${i}`), `turn ${i}`).toBe(true);
    expect(await usedOf(rows.own, "nino")).toBe(rows.limit);
    expect(await usedOf(rows.address, "nino")).toBe(left);
    expect(await answered(second, "and then?")).toBe(false);
    expect(await usedOf(rows.own, "nino")).toBe(rows.limit);
    await second.close();
  });
});
