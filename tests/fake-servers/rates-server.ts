// A fake public exchange-rate service answering like open.er-api.com's open endpoint:
//   GET /v6/latest/USD  ->  { result: "success", base_code: "USD", time_last_update_unix, rates: { ... } }
// Each test gets its own address by a path prefix, so parallel tests never share a counter:
//   GET /<name>/v6/latest/USD        the normal answer (rates 10% above the kept snapshot, so "live" shows)
//   GET /<name>:fail/v6/latest/USD   500 with an error body
//   GET /<name>:garbage/...          200 with a body that is not JSON
//   GET /<name>:shape/...            200 JSON that is not a rate table (result "error")
//   GET /<name>:eur/...              a table for another base currency (EUR)
//   GET /__hits/<name>               how many times <name> was read (whatever its mode)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { RATES_SNAPSHOT } from "../../app/services/pricing/rates-snapshot";

export interface FakeRates {
  url: string;
  close(): Promise<void>;
}

/** The rates the fake serves: the snapshot's, 10% higher, rounded to 4 places; Taiwan's dollar left out. */
export function fakeLiveRates(): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const [code, rate] of Object.entries(RATES_SNAPSHOT.rates)) {
    if (code === "TWD") continue;
    rates[code] = code === "USD" ? 1 : Math.round(rate * 1.1 * 10_000) / 10_000;
  }
  return rates;
}

/** 2026-11-20T00:02:31Z, a day's update time as the service reports it */
export const FAKE_RATES_UPDATED_UNIX = 1_795_651_351;

export async function startFakeRates(): Promise<FakeRates> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const path = new URL(req.url ?? "/", "http://fake.local").pathname;
    const counted = /^\/__hits\/([^/]+)$/.exec(path);
    if (counted) return send(200, { hits: hits.get(decodeURIComponent(counted[1])) ?? 0 });
    const m = /^\/([^/:]+)(?::(\w+))?\/v6\/latest\/USD$/.exec(path);
    if (!m || req.method !== "GET") return send(404, { result: "error", "error-type": "unsupported-code" });
    const [, name, mode] = m;
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (mode === "fail") return send(500, { result: "error", "error-type": "internal-error" });
    if (mode === "garbage") return send(200, "<html>rates are resting {", "text/html");
    if (mode === "shape") return send(200, { result: "error", "error-type": "quota-reached" });
    const common = {
      result: "success",
      provider: "https://www.exchangerate-api.com",
      documentation: "https://www.exchangerate-api.com/docs/free",
      time_last_update_unix: FAKE_RATES_UPDATED_UNIX,
      time_last_update_utc: new Date(FAKE_RATES_UPDATED_UNIX * 1000).toUTCString(),
      time_next_update_unix: FAKE_RATES_UPDATED_UNIX + 86_400,
      time_eol_unix: 0,
    };
    if (mode === "eur") return send(200, { ...common, base_code: "EUR", rates: { EUR: 1, USD: 1.16, GBP: 0.88 } });
    return send(200, { ...common, base_code: "USD", rates: fakeLiveRates() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
