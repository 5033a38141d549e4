import { spawn } from "node:child_process";
import net from "node:net";
import { expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the project's scripts, without type declarations
import { superviseServer } from "../../scripts/supervise.mjs";

/**
 * The local server's supervisor (scripts/supervise.mjs) starts the server again when the runtime
 * behind the front door is gone: the front still answers, but with 502 (scripts/front-proxy.mjs).
 */

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A stand-in server: the first one's runtime "dies" after two health checks (502 from then on). */
const SERVER = `
const http = require("node:http");
let checks = 0;
http.createServer((req, res) => {
  checks += 1;
  const dead = process.env.FIRST === "1" && checks > 2;
  res.writeHead(dead ? 502 : 200);
  res.end(dead ? "The local StoryNest server is not answering right now." : "ok");
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

it("starts the server again when the front answers 502 for the runtime behind it", async () => {
  const port = await freePort();
  let started = 0;
  const lines: string[] = [];
  const log = { write: (line: string) => lines.push(line) };
  const supervisor = superviseServer({
    origin: `http://127.0.0.1:${port}`,
    log,
    spawnServer: () => {
      started += 1;
      return spawn(process.execPath, ["-e", SERVER], {
        detached: true,
        stdio: "ignore",
        env: { ...process.env, PORT: String(port), FIRST: started === 1 ? "1" : "0" },
      });
    },
  });
  try {
    await expect.poll(() => started, { timeout: 25_000, interval: 250 }).toBe(2);
    expect(lines.join("")).toMatch(/the server stopped answering \(\/api\/health answered 502\); starting it again \(1 of 5\)/);
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);
  } finally {
    await supervisor.stop();
  }
}, 40_000);
