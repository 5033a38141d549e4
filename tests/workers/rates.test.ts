import { env } from "cloudflare:test";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { log } from "~/services/log.server";
import { RATES_SNAPSHOT } from "~/services/pricing/rates-snapshot";
import { createRatesService, rateFor, RATES_KEY, RATES_RETRY_SECONDS, RATES_TTL_SECONDS } from "~/services/pricing/rates.server";
import { FAKE_RATES_UPDATED_UNIX, fakeLiveRates } from "../fake-servers/rates-server";

// Exchange rates through KV against a local server that answers like open.er-api.com
// (tests/fake-servers/rates-server.ts). Every test reads its own address on the fake, so the hit
// counts are its own; the one KV key the service uses is cleared before each test.

const ratesUrl = () => inject("fakeRatesUrl");

function service(mode?: "fail" | "garbage" | "shape" | "eur") {
  const name = crypto.randomUUID();
  const url = `${ratesUrl()}/${name}${mode ? `:${mode}` : ""}/v6/latest/USD`;
  const hits = async () => ((await (await fetch(`${ratesUrl()}/__hits/${name}`)).json()) as { hits: number }).hits;
  return { rates: createRatesService({ kv: env.CACHE, url, log }), hits };
}

/** Seconds from now until the KV key expires. */
async function expiresIn(): Promise<number | undefined> {
  const { keys } = await env.CACHE.list({ prefix: RATES_KEY });
  const key = keys.find((k) => k.name === RATES_KEY);
  return key?.expiration === undefined ? undefined : key.expiration - Math.floor(Date.now() / 1000);
}

const SNAPSHOT_TABLE = { base: "USD", date: RATES_SNAPSHOT.date, source: "snapshot", rates: RATES_SNAPSHOT.rates };

describe("exchange rates", () => {
  beforeEach(async () => {
    await env.CACHE.delete(RATES_KEY);
  });

  it("reads the service once for many tables and keeps the answer in KV for an hour", async () => {
    const { rates, hits } = service();
    const first = await rates.table();
    expect(first).toEqual({ base: "USD", date: new Date(FAKE_RATES_UPDATED_UNIX * 1000).toISOString().slice(0, 10), source: "live", rates: fakeLiveRates() });
    const again = await Promise.all(Array.from({ length: 5 }, () => rates.table()));
    for (const table of again) expect(table).toEqual(first);
    expect(await hits()).toBe(1);

    expect(await env.CACHE.get(RATES_KEY, "json")).toEqual(first);
    const ttl = await expiresIn();
    expect(ttl).toBeGreaterThan(RATES_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(RATES_TTL_SECONDS);

    // another request's service (same KV) does not read the service either
    const other = service();
    expect(await other.rates.table()).toEqual(first);
    expect(await other.hits()).toBe(0);
  });

  it("a live table falls back to the snapshot for a currency it leaves out, and to 1 for one neither has", async () => {
    const { rates } = service();
    const table = await rates.table();
    expect(table.rates.TWD).toBeUndefined();
    expect(rateFor(table, "TWD")).toBe(RATES_SNAPSHOT.rates.TWD);
    expect(rateFor(table, "gbp")).toBe(fakeLiveRates().GBP);
    expect(rateFor(table, "XYZ")).toBe(1);
    expect(rateFor({ ...table, source: "snapshot", rates: RATES_SNAPSHOT.rates }, "XYZ")).toBe(1);
  });

  it("when the service fails, the snapshot stands in and the service is not asked again for five minutes", async () => {
    const { rates, hits } = service("fail");
    expect(await rates.table()).toEqual(SNAPSHOT_TABLE);
    expect(await rates.table()).toEqual(SNAPSHOT_TABLE);
    expect(await rates.table()).toEqual(SNAPSHOT_TABLE);
    expect(await hits()).toBe(1);
    const ttl = await expiresIn();
    expect(ttl).toBeGreaterThan(RATES_RETRY_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(RATES_RETRY_SECONDS);
  });

  it("an answer that is not JSON, not a rate table, or for another base gives the snapshot", async () => {
    for (const mode of ["garbage", "shape", "eur"] as const) {
      await env.CACHE.delete(RATES_KEY);
      const { rates, hits } = service(mode);
      expect(await rates.table(), mode).toEqual(SNAPSHOT_TABLE);
      expect(await rates.table(), mode).toEqual(SNAPSHOT_TABLE);
      expect(await hits(), mode).toBe(1);
    }
  });

  it("a broken table in KV is read again from the service", async () => {
    await env.CACHE.put(RATES_KEY, "{not json", { expirationTtl: 3600 });
    const { rates, hits } = service();
    expect((await rates.table()).source).toBe("live");
    expect(await hits()).toBe(1);
  });

  it("without a service address: the snapshot, no fetch and nothing written to KV", async () => {
    let fetched = 0;
    const rates = createRatesService({
      kv: env.CACHE,
      url: undefined,
      log,
      fetch: (async () => {
        fetched += 1;
        return new Response("{}");
      }) as typeof fetch,
    });
    expect(await rates.table()).toEqual(SNAPSHOT_TABLE);
    expect(fetched).toBe(0);
    expect(await env.CACHE.get(RATES_KEY)).toBeNull();
  });

  it("the snapshot has every market's currency", async () => {
    const { MARKETS } = await import("~/domain/pricing/markets");
    for (const m of MARKETS) expect(RATES_SNAPSHOT.rates[m.currencyCode], m.currencyCode).toBeGreaterThan(0);
  });
});
