// Benchmark: Nino's conversation Durable Objects, measured from outside through the same front door
// `npm start` uses (scripts/dev-worker.mjs: scripts/front-proxy.mjs in front of workerd), scripted
// replies (no OpenAI key).
//  1. One conversation: p50 and p99 round trip of a typed turn over the WebSocket
//     (user_message sent -> nino_message received).
//  2. 50 conversations open (50 visitors), 10 of them talking at once: p50 and p99 round trip.
//  3. The object's stored bytes (its SQLite database) and in-memory state size after 50 turns and
//     after 5,000 turns of the one conversation, read from the dev-only GET /api/nino/{id}/stats.
// A rest reply (a quota reached: workers/nino-turn-limits.ts) is not an answer: the bench stops on one.
// Usage: npm run bench:nino [-- --turns 5000 --open 50 --talking 10 --busy-turns 2000 --port 8823 --no-build]
import { rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { clearTimeout } from "node:timers";
import { isRestReply, prepare, resetNinoQuotas } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const TURNS = Number(arg("turns", "5000"));
const EARLY = 50;
const OPEN = Number(arg("open", "50"));
const TALKING = Number(arg("talking", "10"));
const BUSY_TURNS = Number(arg("busy-turns", "2000"));
const port = Number(arg("port", "8823"));
const persistTo = ".wrangler/bench-nino-state";
const SERVER_LOG = ".wrangler/bench-nino-server.log";
const TARGET = { one: 25, busy: 50, growth: 1.1 };
// One conversation must be one visitor (its owner), whose scripted turns are 500 a day (DAILY_QUOTAS.nino): the bench owns its D1 and clears the counts every 400 turns.
const QUOTA_RESET_EVERY = 400;

// Node 20 has no global WebSocket; undici's takes request headers (the visitor cookie).
const WebSocketImpl = globalThis.WebSocket ?? (await import("undici")).WebSocket;

const alnum = (n) => {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(n)].map((b) => chars[b % chars.length]).join("");
};

const ANSWERS = [
  "a brave little fox called Pip",
  "six",
  "a forest full of glowing mushrooms",
  "friendship",
  "Pip helps a lost owl find her way home",
  "helping others makes us happy",
  "watercolor",
  "yes please",
  "tell me a joke",
  "I like dinosaurs and rockets",
  "what should we do next?",
  "a story about the sea",
];

/** One conversation over a WebSocket; `turn(text)` resolves with the round trip in ms. */
async function open(url, cookie, sessionId) {
  const ws = new WebSocketImpl(`${url.replace(/^http/, "ws")}/api/nino/${sessionId}`, { headers: { Cookie: cookie } });
  const waiters = [];
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(typeof event.data === "string" ? event.data : Buffer.from(event.data).toString());
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error("the WebSocket did not open")), { once: true });
  });
  const wait = (test, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 15_000);
      waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  const send = (frame) => ws.send(JSON.stringify(frame));

  const history = wait((f) => f.type === "history", "history");
  const greeting = wait((f) => f.type === "nino_message", "greeting");
  send({ type: "hello", childName: "Mia", age: 6 });
  await history;
  await greeting;

  return {
    async turn(text) {
      const reply = wait((f) => f.type === "nino_message" || f.type === "error", "nino_message");
      const idle = wait((f) => f.type === "status" && f.status === "idle", "idle");
      const t0 = performance.now();
      send({ type: "user_message", text, source: "text" });
      const frame = await reply;
      const ms = performance.now() - t0;
      if (frame.type === "error") throw new Error(`Nino answered an error: ${frame.message}`);
      await idle;
      if (isRestReply(frame)) throw new Error(`Nino answered a rest reply (a quota reached), not an answer: "${frame.content}"`);
      return ms;
    },
    close: () => ws.close(1000, "bench done"),
  };
}

async function stats(url, cookie, sessionId) {
  const res = await fetch(`${url}/api/nino/${sessionId}/stats`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`stats answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(1)} ms`;

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });
const server = await startFrontDoor({ port, persistTo, log: SERVER_LOG });
const times = [];
const busyTimes = [];
let early;
let late;
let resets = 0;
try {
  // 1 and 3: one conversation, TURNS typed turns
  const cookie = `sn_vid=${alnum(32)}`;
  const sessionId = alnum(24);
  const chat = await open(server.url, cookie, sessionId);
  for (let i = 1; i <= TURNS; i++) {
    if (i > 1 && (i - 1) % QUOTA_RESET_EVERY === 0) {
      await resetNinoQuotas(persistTo); // between two turns, never during one
      resets++;
    }
    times.push(await chat.turn(`${ANSWERS[i % ANSWERS.length]} (${i})`));
    if (i === EARLY) early = await stats(server.url, cookie, sessionId);
  }
  late = await stats(server.url, cookie, sessionId);
  chat.close();
  // every turn kept (a rest reply keeps nothing): the child's message and Nino's answer each
  if (late.messageCount < 2 * TURNS) throw new Error(`the conversation counts ${late.messageCount} messages after ${TURNS} turns`);

  // 2: OPEN conversations (each its own visitor), TALKING of them answering at any moment; each
  // talker takes the next conversation in turn, so all of them talk and are woken now and then
  const chats = [];
  for (let i = 0; i < OPEN; i++) chats.push(await open(server.url, `sn_vid=${alnum(32)}`, alnum(24)));
  for (const c of chats.slice(0, TALKING)) await c.turn("hello again"); // warm
  let next = 0;
  let done = 0;
  const busy = new Set();
  const talker = async () => {
    while (done < BUSY_TURNS) {
      let c;
      do c = chats[next++ % chats.length];
      while (busy.has(c));
      busy.add(c);
      busyTimes.push(await c.turn(`${ANSWERS[done % ANSWERS.length]} (${done})`));
      done++;
      busy.delete(c);
    }
  };
  await Promise.all(Array.from({ length: TALKING }, talker));
  for (const c of chats) c.close();
} finally {
  server.stop();
}

// the first turns warm the isolate up; they are reported but not ranked
const warm = times.slice(10).sort((a, b) => a - b);
const busySorted = busyTimes.sort((a, b) => a - b);
const growthStored = late.storedBytes / early.storedBytes;
const growthMemory = late.stateBytes / early.stateBytes;
console.log(`\nbench: Nino's conversation Durable Objects through the local front door (scripts/dev-worker.mjs: front proxy + workerd), scripted replies`);
console.log(
  `one conversation, ${TURNS} typed turns (quota counts cleared ${resets} times between turns), user_message -> nino_message: p50 ${ms(pct(warm, 50))}, p99 ${ms(pct(warm, 99))} (target <= ${TARGET.one}), max ${ms(warm.at(-1))} (first 10 turns left out: ${times
    .slice(0, 10)
    .map((t) => t.toFixed(0))
    .join(", ")} ms)`,
);
console.log(
  `${OPEN} conversations open, ${TALKING} talking at once, ${busyTimes.length} turns: p50 ${ms(pct(busySorted, 50))}, p99 ${ms(pct(busySorted, 99))} (target <= ${TARGET.busy}), max ${ms(busySorted.at(-1))}`,
);
console.log(
  `after ${EARLY} turns: stored ${kb(early.storedBytes)} (SQLite database), state in memory ${kb(early.stateBytes)}, history ${early.historyLength} messages of ${early.messageCount}`,
);
console.log(
  `after ${TURNS} turns: stored ${kb(late.storedBytes)} (SQLite database), state in memory ${kb(late.stateBytes)}, history ${late.historyLength} messages of ${late.messageCount}`,
);
console.log(`growth ${EARLY} -> ${TURNS} turns: stored ×${growthStored.toFixed(2)}, in memory ×${growthMemory.toFixed(2)} (target <= ×${TARGET.growth})`);
