// Benchmark: what a password costs. Prints the milliseconds of one PBKDF2-SHA256 hash at the
// Worker's work factor (100,000 iterations, WebCrypto, here in Node), and of whole sign-ins through
// the Worker on the local server `npm start` runs (bench/front-door.mjs): a right password, a wrong
// password and an unknown address.
// The three sign-ins should take about as long as each other (no timing tells whether an address has
// an account), and each about one hash plus a few D1 reads.
// Usage: npm run bench:auth [-- --port 8815 --no-build]
import { randomBytes, webcrypto } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { prepare, run } from "../scripts/lib.mjs";
import { startFrontDoor } from "./front-door.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg("port", "8815"));
const ITERATIONS = 100_000;
const persistTo = ".wrangler/bench-auth-state";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The same format as app/services/auth/crypto.server.ts, so the Worker verifies these hashes.
async function hash(password) {
  const salt = randomBytes(16);
  const key = await webcrypto.subtle.importKey("raw", new TextEncoder().encode(password.normalize("NFKC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await webcrypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: ITERATIONS }, key, 256);
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString("base64")}$${Buffer.from(bits).toString("base64")}`;
}

const hashTimes = [];
let stored = "";
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  stored = await hash("a quiet bench passphrase");
  hashTimes.push(performance.now() - t);
}

rmSync(persistTo, { recursive: true, force: true });
prepare({ skipBuild: process.argv.includes("--no-build"), persistTo });
const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
const userId = randomBytes(16).toString("hex");
const now = new Date().toISOString();
mkdirSync(".wrangler", { recursive: true });
const file = `${persistTo}-user.sql`;
writeFileSync(
  file,
  `INSERT INTO users (id, email, password_hash, email_verified_at) VALUES ('${userId}', '${email}', '${stored}', '${now}');\n` +
    `INSERT INTO user_profiles (id, user_id, email, first_name, last_name, full_name) VALUES ('p${userId}', '${userId}', '${email}', 'Bench', 'Parent', 'Bench Parent');\n`,
);
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { stdio: "ignore" });
rmSync(file, { force: true });

const server = await startFrontDoor({ port, persistTo, log: ".wrangler/bench-auth-server.log" });
async function signIn(address, password) {
  const body = new URLSearchParams({ email: address, password, redirectTo: "/library" });
  const t = performance.now();
  const res = await fetch(`${server.url}/auth/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: "story-app-cookie-consent=denied" },
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

try {
  // Warm up: the first requests compile the Worker. Few sign-ins in all: sign-in is rate-limited
  // per client address (20 in 15 minutes), which this bench must stay under.
  await fetch(`${server.url}/auth/login`);
  const kinds = {
    "right password": [email, "a quiet bench passphrase"],
    "wrong password": [email, "not the passphrase"],
    "unknown address": [`nobody-${email}`, "a quiet bench passphrase"],
  };
  const results = {};
  for (const [kind, [address, password]] of Object.entries(kinds)) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const r = await signIn(address, password);
      const expected = kind === "right password" ? 302 : 401;
      if (r.status !== expected) throw new Error(`${kind}: status ${r.status}, expected ${expected}`);
      if (i > 0) times.push(r.ms); // the first of each kind warms its code path
    }
    results[kind] = median(times);
  }
  console.log(`\nbench: passwords (PBKDF2-HMAC-SHA256, ${ITERATIONS.toLocaleString("en")} iterations)`);
  console.log(`one hash (WebCrypto in Node, median of 10)        ${median(hashTimes).toFixed(1).padStart(7)} ms`);
  for (const [kind, ms] of Object.entries(results)) console.log(`sign-in, ${kind.padEnd(16)} (POST /auth/login) ${ms.toFixed(1).padStart(7)} ms`);
} finally {
  server.stop();
}
