import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the project's scripts, without type declarations
import { createFrontProxy, forwardableHeaders } from "../../scripts/front-proxy.mjs";

/**
 * The local server's front (scripts/front-proxy.mjs) against a stand-in runtime that, like workerd,
 * closes a keep-alive connection after a short idle time. Through wrangler's own proxy a POST that
 * met such a closing connection was answered 503 "Your worker restarted mid-request".
 */

const IDLE_MS = 60;
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function listen(server: http.Server | net.Server): Promise<number> {
  servers.push({ close: () => server.close() });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A runtime stand-in: echoes what it got; closes idle connections after IDLE_MS. */
async function runtime() {
  const seen: { method: string; host: string; body: string; connection: string | undefined }[] = [];
  /** ends the open /stream answer: called once the test has read its first part */
  let endStream = () => {};
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", host: req.headers.host ?? "", body, connection: req.headers.connection });
      if (req.url === "/stream") {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write("data: one\n\n");
        endStream = () => res.end("data: two\n\n");
        return;
      }
      res.writeHead(
        201,
        [
          ["Set-Cookie", "a=1"],
          ["Set-Cookie", "b=2"],
          ["Content-Type", "text/plain"],
        ].flat(),
      );
      res.end(`${req.method} ${req.url} ${body}`);
    });
  });
  server.keepAliveTimeout = IDLE_MS;
  server.on("upgrade", (req, socket) => {
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
    socket.on("data", (d) => socket.write(`echo:${d}`));
  });
  const port = await listen(server);
  return { port, seen, endStream: () => endStream() };
}

async function front(port: number, idleMs?: number) {
  const proxy = createFrontProxy({ target: async () => ({ hostname: "127.0.0.1", port }), idleMs });
  return listen(proxy);
}

/** A POST through the front on the caller's agent: the answer's status and text. */
function post(port: number, agent: http.Agent, body: string) {
  return new Promise<{ status?: number; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: "/api/books", method: "POST", agent, headers: { "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A runtime stand-in that answers the first request on each connection and keeps the connection,
 * but drops the connection, unanswered, when a second request comes on it: the moment the runtime
 * closes an idle connection just as the front sends the next request on it, every time.
 */
async function closesKeptConnections() {
  const answered: string[] = [];
  let dropped = 0;
  const server = net.createServer((socket) => {
    let data = "";
    let done = false;
    socket.on("error", () => {});
    socket.on("data", (chunk: Buffer) => {
      if (done) {
        dropped++;
        return socket.resetAndDestroy();
      }
      data += chunk.toString("latin1");
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(data.slice(0, end))?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      done = true;
      const body = data.slice(end + 4, end + 4 + length);
      answered.push(body);
      const close = /\r\nconnection: *close/i.test(data.slice(0, end));
      socket.write(`HTTP/1.1 201 Created\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${close ? "Connection: close\r\n" : ""}\r\n${body}`);
      if (close) socket.end();
    });
  });
  const port = await listen(server);
  return { port, answered, dropped: () => dropped };
}

/**
 * A runtime stand-in that, like workerd refusing a request, answers from the request's head alone
 * (`answer`, a whole HTTP response) and, with the body unread, resets the connection `resetAfterMs`
 * after the answer is written.
 */
async function answersFromHead(answer: string, resetAfterMs: number) {
  const server = net.createServer((socket) => {
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      socket.pause();
      socket.write(answer, () => setTimeout(() => socket.resetAndDestroy(), resetAfterMs));
    };
    socket.on("data", onData);
    socket.on("error", () => {});
  });
  return listen(server);
}

describe("the local server's front", () => {
  it("answers every POST, each once, with requests sent around the runtime's idle timeout", async () => {
    const rt = await runtime();
    const port = await front(rt.port, IDLE_MS / 2);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answers = [];
    const gaps = [0, IDLE_MS - 4, IDLE_MS - 2, IDLE_MS - 1, IDLE_MS, IDLE_MS + 1, IDLE_MS + 2, IDLE_MS + 4];
    // gaps around the runtime's idle timeout, where wrangler's proxy failed
    for (const gap of gaps) {
      await new Promise((r) => setTimeout(r, gap));
      answers.push(await post(port, agent, `book-${gap}`));
    }
    agent.destroy();
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(answers[3].text).toBe(`POST /api/books book-${IDLE_MS - 1}`);
    // the runtime took each book exactly once
    expect(rt.seen.map((s) => s.body)).toEqual(gaps.map((gap) => `book-${gap}`));
  });

  it("sends a request again, once, when the runtime closes a kept connection under it", async () => {
    const rt = await closesKeptConnections();
    // the front would keep its connections far longer than this runtime does
    const port = await front(rt.port, 60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(port, agent, `book-${i}`));
    agent.destroy();
    expect(answers).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ status: 201, text: `book-${i}` })));
    // every book answered exactly once, though every other one first met a closing connection
    expect(rt.answered).toEqual([0, 1, 2, 3, 4, 5].map((i) => `book-${i}`));
    // the front had kept the connection each time: books 1, 3 and 5 met a closing one
    expect(rt.dropped()).toBe(3);
  });

  it("sends an upload again when the runtime closes the kept connection while the body is still coming", async () => {
    // a runtime that answers one request per connection, then closes the connection 100 ms later
    const bodies: string[] = [];
    const server = net.createServer((socket) => {
      let data = "";
      socket.on("error", () => {});
      socket.on("data", (chunk: Buffer) => {
        data += chunk.toString("latin1");
        const end = data.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(data.slice(0, end))?.[1] ?? 0);
        if (data.length < end + 4 + length) return;
        const body = data.slice(end + 4, end + 4 + length);
        data = "";
        bodies.push(body);
        socket.write(`HTTP/1.1 201 Created\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        setTimeout(() => socket.end(), 100);
      });
    });
    const port = await front(await listen(server), 60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await post(port, agent, "first")).toEqual({ status: 201, text: "first" });
    // the next upload's head comes at once and its body 300 ms later: the front takes the kept
    // connection for it at once, and the runtime closes that connection before the body is there
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/upload", method: "POST", agent, headers: { "Content-Length": "4" } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      });
      req.on("error", reject);
      req.flushHeaders();
      setTimeout(() => req.end("slow"), 300);
    });
    agent.destroy();
    expect(answer).toEqual({ status: 201, text: "slow" });
    expect(bodies).toEqual(["first", "slow"]);
  });

  it("keeps its connection to the runtime for the next request, and closes it when idle", async () => {
    const sockets: net.Socket[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    // the runtime would keep an idle connection for 5 s
    server.keepAliveTimeout = 5_000;
    server.on("connection", (socket) => sockets.push(socket));
    const port = await front(await listen(server), 100);
    for (let i = 0; i < 5; i++) expect(await (await fetch(`http://127.0.0.1:${port}/page-${i}`)).text()).toBe("ok");
    // five requests, one connection to the runtime
    expect(sockets).toHaveLength(1);
    // ... which the front closes once it has been idle, long before the runtime would
    await expect.poll(() => sockets[0].destroyed, { timeout: 2_000 }).toBe(true);
  });

  it("keeps the Host the browser used, every Set-Cookie, and streams an answer as it comes", async () => {
    const rt = await runtime();
    const port = await front(rt.port);
    const res = await fetch(`http://127.0.0.1:${port}/page`, { headers: { "x-kept": "yes" } });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(rt.seen.at(-1)?.host).toBe(`127.0.0.1:${port}`);
    const stream = await fetch(`http://127.0.0.1:${port}/stream`);
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // the first part reached the browser while the runtime's answer was still open
    expect(first).toBe("data: one\n\n");
    rt.endStream();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe("data: two\n\n");
  });

  it("passes a WebSocket upgrade through both ways", async () => {
    const rt = await runtime();
    const port = await front(rt.port);
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.on("data", (d) => (got += d));
    socket.write("GET /api/nino/abc HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
    await expect.poll(() => got).toContain("101 Switching Protocols");
    socket.write("hello");
    await expect.poll(() => got).toContain("echo:hello");
    socket.destroy();
  });

  it("says the runtime is not answering with a 502 and words, not a hang", async () => {
    const closed = net.createServer();
    const deadPort = await listen(closed);
    closed.close();
    const port = await front(deadPort);
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "x" });
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/not answering right now/);
  });

  it("answers the next request on a connection after the runtime refused a body without reading it", async () => {
    // workerd answers a body that is too large (413) or a refused request at once and closes the
    // connection while the body is still coming: the front's write fails. The browser's connection
    // must still answer its next request instead of hanging behind the unread rest of the body.
    const rt = await runtime();
    // answers 413 at once and, leaving the body unread, resets a moment later: the front's write of
    // the body then fails after the answer was read
    const earlyPort = await answersFromHead("HTTP/1.1 413 Payload Too Large\r\nContent-Type: text/plain\r\nContent-Length: 7\r\n\r\ntoo big", 50);
    // the refused request goes to the stand-in, the next one to the echoing runtime
    const next: number[] = [];
    const proxy = createFrontProxy({ target: async () => ({ hostname: "127.0.0.1", port: next.shift() ?? rt.port }) });
    const port = await listen(proxy);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, body?: Buffer) =>
      new Promise<{ status?: number; text: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path, method, agent, timeout: 3000 }, (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode, text }));
        });
        req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer within 3 s`)));
        req.on("error", reject);
        req.end(body);
      });
    const results = [];
    for (let i = 0; i < 3; i++) {
      next.push(earlyPort);
      results.push(
        await send("/big", "POST", Buffer.alloc(2 * 1024 * 1024, 97)).then(
          (a) => a.status,
          (e: NodeJS.ErrnoException) => e.code ?? e.message,
        ),
      );
      results.push((await send(`/after-${i}`, "GET")).status);
    }
    agent.destroy();
    // the refusal reaches the browser whole (not a cut connection), and so does the next answer
    expect(results).toEqual([413, 201, 413, 201, 413, 201]);
  });

  it("hands on the runtime's refusal of a body it never read, not a 502", async () => {
    // answers 403 (a request from another site) and resets at once
    const refusing = await answersFromHead("HTTP/1.1 403 Forbidden\r\nContent-Length: 2\r\nConnection: close\r\n\r\nno", 0);
    const port = await front(refusing);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/createstory`, { method: "POST", body: "a".repeat(2_000_000) });
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
  });

  it("never forwards the headers of one connection", () => {
    expect(
      forwardableHeaders(["Connection", "keep-alive", "Keep-Alive", "timeout=5", "Transfer-Encoding", "chunked", "Content-Type", "a/b", "set-cookie", "x=1"]),
    ).toEqual(["Content-Type", "a/b", "set-cookie", "x=1"]);
  });
});
