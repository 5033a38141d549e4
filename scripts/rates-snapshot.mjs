// `npm run rates:snapshot`: reads today's US dollar rates from the exchange-rate service
// (EXCHANGE_RATES_URL, default ExchangeRate-API's open endpoint) and rewrites the snapshot kept in
// app/services/pricing/rates-snapshot.ts for the twenty markets' currencies.
import { readFileSync, writeFileSync } from "node:fs";

const FILE = "app/services/pricing/rates-snapshot.ts";
const url = process.env.EXCHANGE_RATES_URL || "https://open.er-api.com/v6/latest/USD";
const source = readFileSync(FILE, "utf8");
const currencies = [...source.matchAll(/\b([A-Z]{3}): [\d.]+/g)].map((m) => m[1]);

const response = await fetch(url, { headers: { accept: "application/json" } });
if (!response.ok) throw new Error(`${url} answered ${response.status}`);
const body = await response.json();
const base = body.base_code ?? body.base ?? "USD";
if (base !== "USD" || typeof body.rates !== "object") throw new Error(`${url} did not answer US dollar rates`);
const missing = currencies.filter((c) => typeof body.rates[c] !== "number");
if (missing.length > 0) throw new Error(`${url} has no rate for ${missing.join(", ")}`);
const date = body.date ?? new Date((body.time_last_update_unix ?? Date.now() / 1000) * 1000).toISOString().slice(0, 10);
const round = (n) => Number(n.toPrecision(6));
const pairs = currencies.map((c) => `${c}: ${c === "USD" ? 1 : round(body.rates[c])}`);
const lines = [pairs.slice(0, 10).join(", "), pairs.slice(10).join(", ")].map((l) => `    ${l},`).join("\n");
const next = source
  .replace(/date: "[^"]*"/, `date: "${date}"`)
  .replace(/source: "[^"]*"/, `source: "${new URL(url).host}, mid-market rates"`)
  .replace(/rates: \{\n[\s\S]*?\n {2}\} as/, `rates: {\n${lines}\n  } as`);
writeFileSync(FILE, next);
console.log(`rates:snapshot: ${currencies.length} currencies from ${new URL(url).host}, ${date}`);
