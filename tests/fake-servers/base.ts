// The machinery shared by the fake provider servers: a Node HTTP server on 127.0.0.1:0 that records
// every call and answers by a script read from the API key, so parallel tests never share state.
//
// A key "test.<step>+<step>+...:<anything unique>" scripts the answers to that key's calls in order;
// the last step repeats. Steps:
//   ok          the normal answer                  slow<ms>   wait <ms>, then the normal answer
//                                                  slow<ms>-<step>  wait <ms>, then answer as <step>
//   <status>    that status with a JSON error       429r<s>    429 with Retry-After: <s>
//   html500     500 with an HTML page              garbage    200 with a body that is not JSON
//   empty       200 with no output                 and server-specific steps (see each server).
// Any other key (no "test." prefix) always gets "ok". GET /__calls/<key> lists the calls of a key.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Call = { method: string; path: string; headers: Record<string, string>; body: unknown; at: number };

export function stepsOf(key: string): string[] {
  const m = /^test\.([^:]+):/.exec(key);
  return m ? m[1].split("+") : ["ok"];
}

export function keyOf(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice("Bearer ".length);
  const apiKey = req.headers["x-api-key"];
  return typeof apiKey === "string" ? apiKey : "";
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  key: string;
  /** this call's scripted step */
  step: string;
  raw: Buffer;
  body: unknown;
  base: string;
  send(status: number, body: unknown, headers?: Record<string, string>): void;
}

export interface FakeServer {
  url: string;
  calls(key: string): Call[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a fake server. `handle` answers an API call after the shared steps (slow, statuses,
 * garbage) have been applied; `files` answers GETs that are not API calls (image downloads).
 */
export async function startFakeServer(
  handle: (x: Exchange) => void | Promise<void>,
  files?: (path: string, res: ServerResponse) => boolean,
  parseBody?: (req: IncomingMessage, raw: Buffer) => Promise<unknown>,
  /** 0: any free port (tests); a fixed one for a server that a browser test reaches by a known address */
  port = 0,
): Promise<FakeServer> {
  const calls = new Map<string, Call[]>();
  let base = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", base);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed || res.writableEnded) return;
        const text = typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(status, { "content-type": typeof body === "string" ? "text/html" : "application/json", ...headers });
        res.end(text);
      };
      if (req.method === "GET" && url.pathname.startsWith("/__calls/")) {
        return send(200, calls.get(decodeURIComponent(url.pathname.slice("/__calls/".length))) ?? []);
      }
      if (req.method === "GET" && files?.(url.pathname, res)) return;

      const raw = Buffer.concat(chunks);
      let body: unknown = raw.toString("utf8");
      try {
        body = parseBody ? await parseBody(req, raw) : JSON.parse(raw.toString("utf8"));
      } catch {
        /* keep the raw text */
      }
      const key = keyOf(req);
      const seen = calls.get(key) ?? [];
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      seen.push({ method: req.method ?? "", path: url.pathname, headers, body, at: Date.now() });
      calls.set(key, seen);
      const steps = stepsOf(key);
      const step = steps[Math.min(seen.length - 1, steps.length - 1)];

      const slow = /^slow(\d+)(?:-(\w+))?$/.exec(step);
      if (slow) {
        await sleep(Number(slow[1]));
        if (res.destroyed) return;
      }
      if (/^\d{3}$/.test(step))
        return send(Number(step), { error: { message: `Scripted failure ${step}`, type: "scripted", code: step === "429" ? "rate_limit_exceeded" : null } });
      const retryAfter = /^429r(\d+)$/.exec(step);
      if (retryAfter) return send(429, { error: { message: "Rate limit reached, slow down", type: "requests" } }, { "retry-after": retryAfter[1] });
      if (step === "html500") return send(500, "<html><body><h1>Internal Server Error</h1></body></html>");
      if (step === "garbage") return send(200, "<html>this is not json {", { "content-type": "text/html" });
      await handle({ req, res, url, key, step: slow ? (slow[2] ?? "ok") : step, raw, body, base, send });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls: (key) => calls.get(key) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
