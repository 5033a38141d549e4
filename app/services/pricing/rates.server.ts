import { z } from "zod";
import type { Logger } from "../log.server";
import { RATES_SNAPSHOT } from "./rates-snapshot";

/** How long a rate table read from the service is kept in KV: an hour. */
export const RATES_TTL_SECONDS = 3600;
/** After a failed read the snapshot stands in for five minutes before the service is tried again. */
export const RATES_RETRY_SECONDS = 300;
/** The KV key of the dollar's rate table. */
export const RATES_KEY = "rate:USD";
const FETCH_TIMEOUT_MS = 3000;

export interface RateTable {
  base: "USD";
  /** the day the rates are from (YYYY-MM-DD) */
  date: string;
  /** "live": read from the service within the hour; "snapshot": the copy kept in the repository */
  source: "live" | "snapshot";
  rates: Record<string, number>;
}

/**
 * What a public rate service answers: `rates` by currency code, the base, and a date under one of
 * the usual names (ExchangeRate-API's open endpoint, Frankfurter and exchangerate.host all fit).
 */
const serviceAnswer = z.object({
  rates: z.record(z.string(), z.number().positive()),
  base: z.string().optional(),
  base_code: z.string().optional(),
  date: z.string().optional(),
  time_last_update_unix: z.number().optional(),
});

const storedTable = z.object({
  base: z.literal("USD"),
  date: z.string(),
  source: z.enum(["live", "snapshot"]),
  rates: z.record(z.string(), z.number().positive()),
});

export function snapshotTable(): RateTable {
  return { base: "USD", date: RATES_SNAPSHOT.date, source: "snapshot", rates: { ...RATES_SNAPSHOT.rates } };
}

export interface RatesDeps {
  kv: KVNamespace;
  /** the rate service (dollar base); unset: the snapshot only */
  url?: string;
  fetch?: typeof fetch;
  log: Logger;
}

export interface RatesService {
  /** the dollar's rates: from KV when read within the hour, else from the service (then kept), else the snapshot */
  table(): Promise<RateTable>;
  /** drops the kept table, so the next read asks the service again (the benchmark's cold reads) */
  forget(): Promise<void>;
}

/** Reads a rate service's answer; throws on anything that is not a table of dollar rates. */
export function parseServiceAnswer(body: unknown, today: string): RateTable {
  const answer = serviceAnswer.parse(body);
  const base = (answer.base_code ?? answer.base ?? "USD").toUpperCase();
  if (base !== "USD") throw new Error(`The rate service answered for ${base}, not USD`);
  const date = answer.date?.slice(0, 10) ?? (answer.time_last_update_unix ? new Date(answer.time_last_update_unix * 1000).toISOString().slice(0, 10) : today);
  return { base: "USD", date, source: "live", rates: { ...answer.rates, USD: 1 } };
}

export function createRatesService({ kv, url, fetch: fetchFn = fetch, log }: RatesDeps): RatesService {
  return {
    async table() {
      if (!url) return snapshotTable();
      const cached = storedTable.safeParse(await kv.get(RATES_KEY, "json").catch(() => null));
      if (cached.success) return cached.data;
      try {
        const response = await fetchFn(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`The rate service answered ${response.status}`);
        const table = parseServiceAnswer(await response.json(), new Date().toISOString().slice(0, 10));
        await kv.put(RATES_KEY, JSON.stringify(table), { expirationTtl: RATES_TTL_SECONDS }).catch(() => undefined);
        return table;
      } catch (error) {
        log.warn("exchange rates: the service failed, the snapshot stands in", { error: error instanceof Error ? error.message : String(error) });
        const table = snapshotTable();
        await kv.put(RATES_KEY, JSON.stringify(table), { expirationTtl: RATES_RETRY_SECONDS }).catch(() => undefined);
        return table;
      }
    },
    async forget() {
      await kv.delete(RATES_KEY);
    },
  };
}

/** A currency's rate: the table's, else the snapshot's, else 1. */
export function rateFor(table: RateTable, currencyCode: string): number {
  const code = currencyCode.toUpperCase();
  return table.rates[code] ?? RATES_SNAPSHOT.rates[code] ?? 1;
}
