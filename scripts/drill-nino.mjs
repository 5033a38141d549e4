// Drill: many Nino conversations at once, for a while, and not one reply lost.
//
// Starts the local runtime (workerd, as `npm start` runs it) on its own port with fresh state, opens N
// conversations over the WebSocket (20 opening at a time; each its own visitor cookie and session id,
// as N children on N browsers), then keeps every one of them talking with typed turns (scripted
// replies: no OpenAI key) for the time given, counted from when all are open. A turn is answered when its nino_message arrives; a turn
// that gets an error frame instead, Nino's rest reply (a quota reached: workers/nino-turn-limits.ts),
// no reply within 20 s (the turn timeout is 15 s), or whose socket closes before the reply is a LOST
// reply. Prints conversations, turns, lost replies and the turn time (user_message sent ->
// nino_message received), p50/p99/max; exits 1 on any lost reply or a conversation that could not open.
//
// Usage: npm run drill:nino [-- --minutes 10] [--seconds 60] [--conversations 200] [--port 8855]
//        [--think 500-1500] [--open-at-once 20] [--build | --no-build]
// The app is built when build/ is missing or older than app/ or workers/ (--build forces it,
// --no-build skips it).
import { existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { clearInterval, clearTimeout, setInterval } from "node:timers";
import { spawn } from "node:child_process";
import { isRestReply, killTree, prepare, QUIET_WRANGLER, resetNinoQuotas } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt;
};
const flag = (name) => process.argv.includes(`--${name}`);

const seconds = arg("minutes", null) !== null ? Number(arg("minutes")) * 60 : Number(arg("seconds", "60"));
const CONVERSATIONS = Number(arg("conversations", "200"));
const port = Number(arg("port", process.env.E2E_PORT ?? "8855"));
const [thinkMin, thinkMax] = arg("think", "500-1500").split("-").map(Number);
const REPLY_TIMEOUT_MS = 20_000;
/** conversations being opened at the same moment (each then stays open for the whole drill) */
const OPEN_AT_ONCE = Number(arg("open-at-once", "20"));
/** how long a hello may wait for the history and the greeting while the others are opening */
const HELLO_TIMEOUT_MS = 60_000;
const persistTo = ".wrangler/drill-nino-state";
// A conversation is one visitor, 500 scripted turns a day (DAILY_QUOTAS.nino): a run long enough to pass 400 (ten minutes) clears the drill's own counts between turns.
const QUOTA_SAFE_TURNS = 400;
/** with at least thinkMin before each turn, no conversation sends more than QUOTA_SAFE_TURNS in this time */
const QUOTA_RESET_MS = Math.max(20_000, QUOTA_SAFE_TURNS * thinkMin);
const SERVER_LOG = ".wrangler/drill-nino-server.log";
if (!(seconds > 0) || !(CONVERSATIONS > 0) || !(thinkMax >= thinkMin)) {
  console.error("usage: npm run drill:nino -- [--minutes M | --seconds S] [--conversations N] [--port P] [--think MIN-MAX]");
  process.exit(2);
}

// Node 20 has no global WebSocket; undici's takes request headers (the visitor cookie).
const WebSocketImpl = globalThis.WebSocket ?? (await import("undici")).WebSocket;

const alnum = (n) => {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(n)].map((b) => chars[b % chars.length]).join("");
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// What children type: story answers, games, chat (nothing that triggers the safe reply or a goodbye).
const ANSWERS = [
  "yes let's make a story",
  "a brave little fox called Pip",
  "six",
  "a forest full of glowing mushrooms",
  "friendship",
  "Pip helps a lost owl find her way home",
  "helping others makes us happy",
  "watercolor",
  "yes please",
  "can we play a game",
  "tell me a joke",
  "I like dinosaurs and rockets",
  "what should we do next?",
  "a story about the sea",
  "my cat is called Biscuit",
];

/** The newest mtime under a folder (ms). */
function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function needsBuild() {
  if (flag("build")) return true;
  if (flag("no-build")) return false;
  const out = "build/server/index.js";
  if (!existsSync(out)) return true;
  return Math.max(newest("app"), newest("workers")) > statSync(out).mtimeMs;
}

const stats = {
  opened: 0,
  openFailed: 0,
  talkFailed: 0,
  openTimes: [],
  sent: 0,
  answered: 0,
  lost: 0,
  reconnects: 0,
  times: [],
  lostReasons: new Map(),
  quotaResets: 0,
  pausedMs: 0,
};
const lose = (reason) => {
  stats.lost += 1;
  stats.lostReasons.set(reason, (stats.lostReasons.get(reason) ?? 0) + 1);
};

/** One child's conversation: opens and says hello (the time is kept), then `talk` until `until`. */
async function child(url) {
  const cookie = `sn_vid=${alnum(32)}`;
  const sessionId = alnum(24);
  const t0 = performance.now();
  let conn = await connect(url, cookie, sessionId);
  stats.openTimes.push(performance.now() - t0);
  stats.opened += 1;
  let i = Math.floor(Math.random() * ANSWERS.length);
  return async function talk(until) {
    while (Date.now() < until) {
      await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
      while (pause) await pause;
      if (Date.now() >= until) break;
      if (conn.closed) {
        stats.reconnects += 1;
        conn = await connect(url, cookie, sessionId);
      }
      const text = ANSWERS[i++ % ANSWERS.length];
      stats.sent += 1;
      inFlight += 1;
      const result = await conn.turn(text).finally(() => (inFlight -= 1));
      if (result.ok) {
        stats.answered += 1;
        stats.times.push(result.ms);
      } else lose(result.reason);
    }
    conn.close();
  };
}

/** While the quota counts are cleared, no turn is sent (and none is in flight): the DELETE never meets a turn's write. */
let pause = null;
let inFlight = 0;

async function resetQuotasBetweenTurns() {
  if (pause) return;
  const t0 = Date.now();
  pause = (async () => {
    while (inFlight > 0) await sleep(10);
    await resetNinoQuotas(persistTo);
    stats.quotaResets += 1;
  })().catch((e) => console.error(`  the quota counts were not cleared (rest replies will be lost): ${e.message}`));
  await pause;
  pause = null;
  stats.pausedMs += Date.now() - t0;
}

/**
 * Each conversation is a family of its own: its own visitor and its own client address (the local
 * runtime takes the address from CF-Connecting-IP, as Cloudflare sets it), so the per-address caps
 * on open sockets (60) are not one machine's 200 conversations.
 */
const addresses = new Map();
const addressOf = (cookie) => {
  if (!addresses.has(cookie)) addresses.set(cookie, `10.13.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`);
  return addresses.get(cookie);
};

/** Opens a conversation and says hello; resolves once the history and the greeting arrived. */
async function connect(url, cookie, sessionId) {
  const ws = new WebSocketImpl(`${url.replace(/^http/, "ws")}/api/nino/${sessionId}`, {
    headers: { Cookie: cookie, "CF-Connecting-IP": addressOf(cookie) },
  });
  const waiters = new Set();
  const conn = { closed: false };
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(typeof event.data === "string" ? event.data : Buffer.from(event.data).toString());
    for (const w of [...waiters]) if (w.test(frame)) w.done({ ok: true, frame });
  });
  ws.addEventListener("close", () => {
    conn.closed = true;
    for (const w of [...waiters]) w.done({ ok: false, reason: "socket closed before the reply" });
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error("the WebSocket did not open")), { once: true });
  });
  const wait = (test, ms = REPLY_TIMEOUT_MS) =>
    new Promise((resolve) => {
      const w = {
        test,
        done: (r) => {
          clearTimeout(w.timer);
          waiters.delete(w);
          resolve(r);
        },
      };
      w.timer = setTimeout(() => w.done({ ok: false, reason: `no reply within ${ms / 1000} s` }), ms);
      waiters.add(w);
    });
  const send = (frame) => ws.send(JSON.stringify(frame));

  const history = wait((f) => f.type === "history", HELLO_TIMEOUT_MS);
  const greeting = wait((f) => f.type === "nino_message", HELLO_TIMEOUT_MS);
  send({ type: "hello", childName: "Mia", age: 6, utcOffsetMinutes: 0 });
  for (const r of await Promise.all([history, greeting])) if (!r.ok) throw new Error(`hello: ${r.reason}`);

  conn.turn = async (text) => {
    const reply = wait((f) => f.type === "nino_message" || f.type === "error");
    const idle = wait((f) => f.type === "status" && f.status === "idle");
    const t0 = performance.now();
    send({ type: "user_message", text, source: "text" });
    const r = await reply;
    const ms = performance.now() - t0;
    // the next turn starts once this one is over (one input at a time)
    await idle;
    if (!r.ok) return r;
    if (r.frame.type === "error") return { ok: false, reason: `error frame: ${r.frame.message}` };
    if (isRestReply(r.frame)) return { ok: false, reason: `rest reply instead of an answer (a quota reached): ${r.frame.content}` };
    return { ok: true, ms };
  };
  conn.close = () => {
    try {
      ws.close(1000, "drill done");
    } catch {
      // already closed
    }
  };
  return conn;
}

/** Opens every conversation, OPEN_AT_ONCE at a time (a whole class arriving, not one instant). */
async function openAll(url) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < CONVERSATIONS) {
      next += 1;
      try {
        results.push({ status: "fulfilled", value: await child(url) });
      } catch (reason) {
        results.push({ status: "rejected", reason });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, CONVERSATIONS) }, worker));
  return results;
}

/**
 * The local runtime as `npm start` and the end-to-end suite run it (scripts/dev-worker.mjs: wrangler's
 * dev environment without the debugging inspector, decision 016), in its own process group, its
 * output in a log file.
 */
async function startServer() {
  mkdirSync(".wrangler", { recursive: true });
  const out = openSync(SERVER_LOG, "w");
  const child = spawn("node", ["scripts/dev-worker.mjs", "--port", String(port), "--persist-to", persistTo, "--log-level", "warn"], {
    stdio: ["ignore", out, out],
    env: { ...process.env, ...QUIET_WRANGLER },
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local runtime exited with ${child.exitCode} (see ${SERVER_LOG})`);
    if (await healthy(url)) return { child, url, stop: () => killTree(child) };
    await sleep(300);
  }
  killTree(child);
  throw new Error(`the local runtime did not start within 2 minutes (see ${SERVER_LOG})`);
}

async function healthy(url) {
  try {
    const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return r.status === 200 || r.status === 503;
  } catch {
    return false;
  }
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: !needsBuild(), persistTo });
const server = await startServer();
let wall = 0;
try {
  // 1. every child opens their conversation at once (hello, history, greeting)
  console.log(`drill:nino: opening ${CONVERSATIONS} conversations (${OPEN_AT_ONCE} at a time) on ${server.url}`);
  const opening = Date.now();
  const opened = await openAll(server.url);
  const talkers = [];
  for (const r of opened) {
    if (r.status === "fulfilled") talkers.push(r.value);
    else {
      stats.openFailed += 1;
      console.error(`  a conversation did not open: ${r.reason?.message ?? r.reason}`);
    }
  }
  console.log(`  ${stats.opened} open after ${((Date.now() - opening) / 1000).toFixed(1)} s`);

  // 2. all of them talk for the time given (think time between turns, one input at a time)
  console.log(`drill:nino: ${talkers.length} conversations talking for ${seconds} s (think time ${thinkMin}-${thinkMax} ms)`);
  const started = Date.now();
  const until = started + seconds * 1000;
  const timer = setInterval(() => {
    console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${stats.sent} turns, ${stats.answered} replies, ${stats.lost} lost`);
  }, 30_000);
  const resetting = seconds * 1000 > QUOTA_RESET_MS ? setInterval(() => void resetQuotasBetweenTurns(), QUOTA_RESET_MS) : null;
  const talked = await Promise.allSettled(talkers.map((talk) => talk(until)));
  clearInterval(timer);
  if (resetting) clearInterval(resetting);
  while (pause) await pause;
  for (const r of talked) {
    if (r.status === "rejected") {
      stats.talkFailed += 1;
      console.error(`  a conversation failed: ${r.reason?.message ?? r.reason}`);
    }
  }
  wall = (Date.now() - started) / 1000;
  stats.healthyAtEnd = await healthy(server.url);
} finally {
  server.stop();
}

const sorted = stats.times.sort((a, b) => a - b);
const opens = stats.openTimes.sort((a, b) => a - b);
console.log(`\ndrill:nino: ${CONVERSATIONS} concurrent conversations, ${seconds} s of talking, scripted replies, local runtime (workerd)`);
console.log(
  `conversations opened: ${stats.opened} of ${CONVERSATIONS} (failed: ${stats.openFailed}; hello -> greeting p50 ${pct(opens, 50).toFixed(0)} ms, p99 ${pct(opens, 99).toFixed(0)} ms)`,
);
console.log(
  `turns sent: ${stats.sent}, replies: ${stats.answered}, lost replies: ${stats.lost} (${(stats.sent / wall).toFixed(1)} turns/s over ${wall.toFixed(0)} s; reconnects: ${stats.reconnects})`,
);
console.log(
  `quota counts cleared between turns: ${stats.quotaResets ? `${stats.quotaResets} times, every ${QUOTA_RESET_MS / 1000} s (turns paused ${(stats.pausedMs / 1000).toFixed(1)} s in all)` : "not needed"}`,
);
console.log(`machine load average (1 min) at the end: ${loadavg()[0].toFixed(1)}`);
for (const [reason, n] of stats.lostReasons) console.log(`  lost: ${n} × ${reason}`);
console.log(
  `turn time (user_message -> nino_message): p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
);
console.log(`the local runtime answered /api/health at the end: ${stats.healthyAtEnd ? "yes" : `NO (see ${SERVER_LOG})`}`);
const ok = stats.healthyAtEnd && stats.lost === 0 && stats.openFailed === 0 && stats.talkFailed === 0 && stats.sent > 0;
console.log(ok ? "✓ no reply lost" : "✗ replies were lost or conversations failed");
process.exit(ok ? 0 : 1);
