// A/B: alternate short autocannon rounds on two servers; print req/s, p50 and workerd CPU ms per request.
import autocannon from "autocannon";
import { spawn, execSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
const [owner, path = "/library", rounds = "8", secs = "3"] = process.argv.slice(2);
const servers = [
  { name: "A(main)", cwd: "/work/main", port: 8861, state: "/work/ab-state-main" },
  { name: "B(base)", cwd: "/work/base", port: 8862, state: "/work/ab-state-base" },
];
for (const s of servers) {
  s.proc = spawn("node", ["scripts/dev-worker.mjs", "--port", String(s.port), "--persist-to", s.state], { cwd: s.cwd, stdio: "ignore", detached: true });
}
const wait = async (url) => { for (let i = 0; i < 120; i++) { try { const r = await fetch(url); if (r.status) return; } catch {} await new Promise((r) => setTimeout(r, 1000)); } throw new Error("no server " + url); };
const kids = (pid) => execSync(`pgrep -P ${pid} || true`).toString().split("\n").filter(Boolean).map(Number);
const tree = (pid) => { const out = [pid]; for (const k of kids(pid)) out.push(...tree(k)); return out; };
const cpu = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
const headers = { Cookie: `sn_vid=${owner}; story-app-cookie-consent=denied` };
try {
  for (const s of servers) {
    await wait(`http://127.0.0.1:${s.port}/api/health`);
    s.workerd = tree(s.proc.pid).filter((p) => { try { return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("workerd"); } catch { return false; } });
    s.front = s.proc.pid;
    const r = await fetch(`http://127.0.0.1:${s.port}${path}`, { headers });
    const body = await r.text();
    console.log(s.name, r.status, (body.match(/data-testid="library-book"/g) ?? []).length, "cards; workerd", s.workerd);
    await autocannon({ url: `http://127.0.0.1:${s.port}${path}`, headers, connections: 10, duration: 8 });
    s.res = [];
  }
  for (let i = 0; i < Number(rounds); i++) {
    for (const s of (i % 2 ? [...servers].reverse() : servers)) {
      const w0 = s.workerd.reduce((a, p) => a + cpu(p), 0), f0 = cpu(s.front);
      const r = await autocannon({ url: `http://127.0.0.1:${s.port}${path}`, headers, connections: 10, duration: Number(secs) });
      const w1 = s.workerd.reduce((a, p) => a + cpu(p), 0), f1 = cpu(s.front);
      const n = r.requests.total;
      s.res.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, wcpu: ((w1 - w0) * 10) / n, fcpu: ((f1 - f0) * 10) / n });
    }
  }
  const med = (a) => { const b = [...a].sort((x, y) => x - y); return b[Math.floor(b.length / 2)]; };
  for (const s of servers) {
    console.log(s.name, "rps", med(s.res.map((r) => r.rps)).toFixed(0), "p50", med(s.res.map((r) => r.p50)), "p99", med(s.res.map((r) => r.p99)), "workerd ms/req", med(s.res.map((r) => r.wcpu)).toFixed(2), "front ms/req", med(s.res.map((r) => r.fcpu)).toFixed(2));
    console.log("   wcpu", s.res.map((r) => r.wcpu.toFixed(2)).join(" "));
  }
} finally {
  for (const s of servers) try { process.kill(-s.proc.pid, "SIGTERM"); } catch {}
}
