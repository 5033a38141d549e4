import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/services/db/client.server";
import { randomId } from "~/domain/ids";
import {
  DAILY_QUOTAS,
  QUOTA_SPENT,
  quotaSubjects,
  reserveDailyQuota,
  spendDailyQuota,
  utcDay,
  type QuotaGroup,
  type QuotaHolder,
} from "~/services/limits/quotas.server";
import { postCostly, uniqueIp, visitorCookie } from "./costly-helpers";

// The AI endpoints' daily quotas count per client address as well as per visitor: a new cookie is a
// new visitor (GET / mints one), but not a new address.

const messages = [{ role: "user", content: "Tell me about a brave little boat." }];

async function seedUsed(subject: string, group: QuotaGroup, used: number): Promise<void> {
  await env.DB.prepare("INSERT INTO usage_quotas (subject, bucket, day, used) VALUES (?, ?, ?, ?)").bind(subject, group, utcDay(Date.now()), used).run();
}

async function usedOf(subject: string, group: QuotaGroup): Promise<number> {
  const row = await env.DB.prepare("SELECT used FROM usage_quotas WHERE subject = ? AND bucket = ? AND day = ?")
    .bind(subject, group, utcDay(Date.now()))
    .first<{ used: number }>();
  return row?.used ?? 0;
}

const freshVisitor = (client: string): QuotaHolder => ({ visitorId: randomId(32), userId: null, client });

describe("the daily quota per client address", () => {
  it("POST /api/openai/chat: fresh cookies from one address stop at the address's quota, all at once; another address is answered", async () => {
    const ip = uniqueIp();
    const [, address] = quotaSubjects(freshVisitor(`ip:${ip}`), "chat");
    const left = 5;
    // the minute limit (20 per address) would stop a test long before 300 a day: most of the day is seeded
    await seedUsed(address.subject, "chat", address.limit - left);
    const answers = await Promise.all(Array.from({ length: 15 }, () => postCostly("openai/chat", { messages }, { cookie: visitorCookie(), ip })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(left);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15 - left);
    expect(await refused[0].json()).toEqual({ error: QUOTA_SPENT, limit: DAILY_QUOTAS.chat.address, fallback: true });
    expect(Number(refused[0].headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await usedOf(address.subject, "chat")).toBe(address.limit);

    const elsewhere = await postCostly("openai/chat", { messages }, { cookie: visitorCookie(), ip: uniqueIp() });
    expect(elsewhere.status).toBe(200);
  });

  for (const group of ["chat", "images"] as const) {
    it(`${group}: many new visitors at once from one address spend exactly the address's ${DAILY_QUOTAS[group].address}`, async () => {
      const db = createDb(env.DB);
      const client = `ip:${uniqueIp()}`;
      const limit = DAILY_QUOTAS[group].address;
      const results = await Promise.all(Array.from({ length: limit + 20 }, () => spendDailyQuota(db, freshVisitor(client), group)));
      expect(results.filter((r) => r.ok)).toHaveLength(limit);
      expect(results.filter((r) => !r.ok)).toEqual(Array(20).fill(expect.objectContaining({ ok: false, limit })));
      expect(await usedOf(`client:${client}`, group)).toBe(limit);
      expect((await spendDailyQuota(db, freshVisitor(`ip:${uniqueIp()}`), group)).ok).toBe(true);
    });
  }

  it("blocks (Nino's scripted turns): many at once take exactly what is left of the address's quota, both rows by the same amount", async () => {
    const db = createDb(env.DB);
    const client = `ip:${uniqueIp()}`;
    const [, address] = quotaSubjects(freshVisitor(client), "nino");
    const left = 25;
    await seedUsed(address.subject, "nino", address.limit - left);
    const visitors = Array.from({ length: 6 }, () => freshVisitor(client));
    const taken = await Promise.all(visitors.map((v) => reserveDailyQuota(db, v, "nino", 10)));
    expect([...taken].sort((a, b) => b - a)).toEqual([10, 10, 5, 0, 0, 0]);
    expect(await usedOf(address.subject, "nino")).toBe(address.limit);
    for (const [i, v] of visitors.entries()) expect(await usedOf(quotaSubjects(v, "nino")[0].subject, "nino")).toBe(taken[i]);
    // a visitor near its own quota gets only what is left of it, and nothing once it is spent
    const holder = freshVisitor(`ip:${uniqueIp()}`);
    const [own] = quotaSubjects(holder, "nino");
    await seedUsed(own.subject, "nino", own.limit - 3);
    expect(await reserveDailyQuota(db, holder, "nino", 10)).toBe(3);
    expect(await reserveDailyQuota(db, holder, "nino", 10)).toBe(0);
    expect(await usedOf(`client:${holder.client}`, "nino")).toBe(3);
  });

  it("counts both or neither: a visitor past its own quota spends nothing of the address's, and the reverse", async () => {
    const db = createDb(env.DB);
    const holder = freshVisitor(`ip:${uniqueIp()}`);
    const [own, address] = quotaSubjects(holder, "images");
    await seedUsed(own.subject, "images", own.limit);
    const mine = await spendDailyQuota(db, holder, "images");
    expect(mine).toMatchObject({ ok: false, limit: own.limit });
    expect(await usedOf(address.subject, "images")).toBe(0);

    const neighbour = freshVisitor(`ip:${uniqueIp()}`);
    const [theirs, theirAddress] = quotaSubjects(neighbour, "images");
    await seedUsed(theirAddress.subject, "images", theirAddress.limit);
    expect(await spendDailyQuota(db, neighbour, "images")).toMatchObject({ ok: false, limit: theirAddress.limit });
    expect(await usedOf(theirs.subject, "images")).toBe(0);
  });

  it("a signed-in parent's account and address are counted; the address row is apart from a local run's visitor row", async () => {
    const db = createDb(env.DB);
    const visitorId = randomId(32);
    // a local run has no address: the client key is the visitor itself
    const local: QuotaHolder = { visitorId, userId: null, client: `visitor:${visitorId}` };
    expect(await spendDailyQuota(db, local, "chat")).toMatchObject({ ok: true, used: 1, limit: DAILY_QUOTAS.chat.visitor });
    expect(await usedOf(`visitor:${visitorId}`, "chat")).toBe(1);
    expect(await usedOf(`client:visitor:${visitorId}`, "chat")).toBe(1);
    const parent: QuotaHolder = { visitorId, userId: randomId(16), client: `ip:${uniqueIp()}` };
    expect(await spendDailyQuota(db, parent, "chat")).toMatchObject({ ok: true, used: 1, limit: DAILY_QUOTAS.chat.account });
    expect(await usedOf(`account:${parent.userId}`, "chat")).toBe(1);
  });
});
