import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CONNECTION_CAPS, TOO_MANY_SOCKETS, TOO_MANY_STREAMS } from "~/services/limits/connections.server";
import { HEARTBEAT_MS } from "../../workers/api/connection-limits";
import { TOO_MANY_REQUESTS } from "../../workers/api/rate-limit";
import { uniqueIp } from "./costly-helpers";
import { makeBook } from "./db-helpers";
import { connect, newSessionId, newVisitor } from "./nino-helpers";

// Live-progress streams and Nino sockets: at most CONNECTION_CAPS open at once per visitor, a slot
// freed when one closes, and a limit a minute on opening them per address and per visitor.

// Streams poll the database, sockets wake objects: slower than a plain request on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const BASE = "https://example.com";
const STREAM_CAP = CONNECTION_CAPS.stream.perVisitor;
const SOCKET_CAP = CONNECTION_CAPS.socket.perVisitor;

function openStream(cookie: string, bookId: string, ip?: string): Promise<Response> {
  const headers: Record<string, string> = { Cookie: cookie, Accept: "text/event-stream" };
  if (ip) headers["CF-Connecting-IP"] = ip;
  return SELF.fetch(`${BASE}/api/books/${bookId}/events`, { headers });
}

/** Reads from a stream until `text` has arrived. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string, timeoutMs = 8_000): Promise<string> {
  const decoder = new TextDecoder();
  let seen = "";
  const deadline = Date.now() + timeoutMs;
  while (!seen.includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in ${seen.slice(0, 200)}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before "${text}"`);
    seen += decoder.decode(value, { stream: true });
  }
  return seen;
}

/** Tries `open` until it answers `status` (a released slot is freed in the background). */
async function eventually(open: () => Promise<Response>, status: number, timeoutMs = 8_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await open();
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A book of this visitor being made (so its stream stays open). */
const bookInTheMaking = (visitorId: string) => makeBook({ visitorId }, { status: "writing", lastUpdated: new Date().toISOString() });

describe("live-progress streams", () => {
  it(`opens at most ${STREAM_CAP} at once per visitor: the next is 429 while the others stay open, and closing one frees a slot`, async () => {
    const { visitorId, cookie } = newVisitor();
    const bookId = await bookInTheMaking(visitorId);
    const open = await Promise.all(Array.from({ length: STREAM_CAP }, () => openStream(cookie, bookId)));
    expect(open.map((r) => r.status)).toEqual(Array(STREAM_CAP).fill(200));
    const readers = open.map((r) => r.body!.getReader());
    for (const reader of readers) await readUntil(reader, "event: snapshot");

    const refused = await openStream(cookie, bookId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: TOO_MANY_STREAMS });

    // the open ones still deliver: a change to the book reaches every one of them
    await env.DB.prepare("update storybooks set status = 'illustrating', last_updated = ? where book_id = ?").bind(new Date().toISOString(), bookId).run();
    for (const reader of readers) expect(await readUntil(reader, "illustrating")).toContain("event: snapshot");

    // another visitor is not affected
    const other = newVisitor();
    const theirs = await openStream(other.cookie, await bookInTheMaking(other.visitorId));
    expect(theirs.status).toBe(200);
    await theirs.body!.cancel();

    // closing one frees its slot (the stream notices at its next heartbeat)
    await readers[0].cancel();
    const again = await eventually(() => openStream(cookie, bookId), 200, HEARTBEAT_MS * 3);
    expect(again.status).toBe(200);
    await again.body!.cancel();
    for (const reader of readers.slice(1)) await reader.cancel();
  });

  it("the cap holds exactly when one visitor opens many at once", async () => {
    const { visitorId, cookie } = newVisitor();
    const bookId = await bookInTheMaking(visitorId);
    const answers = await Promise.all(Array.from({ length: STREAM_CAP + 6 }, () => openStream(cookie, bookId)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(STREAM_CAP);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(6);
    for (const r of answers) await (r.status === 200 ? r.body!.cancel() : r.arrayBuffer());
  });

  it("a stream that ends by itself (a finished book) gives its slot back", async () => {
    const { visitorId, cookie } = newVisitor();
    const done = await makeBook({ visitorId }, { status: "complete" });
    for (let i = 0; i < STREAM_CAP + 3; i++) {
      const res = await eventually(() => openStream(cookie, done), 200);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("event: snapshot");
    }
  });

  it("opening streams is limited a minute per address, whatever the cookie", { timeout: 60_000 }, async () => {
    const ip = uniqueIp();
    // 121 quick openings (a fixed window of a minute: 121 cross 60 whatever the window's start)
    const answers: Response[] = [];
    for (let batch = 0; batch < 121; batch += 30) {
      answers.push(...(await Promise.all(Array.from({ length: Math.min(30, 121 - batch) }, () => openStream(newVisitor().cookie, "nosuchbook", ip)))));
    }
    const statuses = answers.map((r) => r.status);
    const limited = answers.find((r) => r.status === 429) ?? null;
    expect(statuses[0]).toBe(404);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(limited!.headers.get("Retry-After")).toBe("60");
    expect(await limited!.json()).toEqual({ error: TOO_MANY_REQUESTS });
  });
});

function openSocket(cookie: string, sessionId: string): Promise<Response> {
  return SELF.fetch(`${BASE}/api/nino/${sessionId}`, { headers: { Upgrade: "websocket", Cookie: cookie } });
}

describe("Nino sockets", () => {
  it(`opens at most ${SOCKET_CAP} at once per visitor: the next is 429 while the others stay open, and closing one frees a slot`, async () => {
    const { cookie } = newVisitor();
    const shared = newSessionId();
    // two tabs of one conversation and two others
    const clients = [
      await connect(cookie, shared),
      await connect(cookie, shared),
      await connect(cookie, newSessionId()),
      await connect(cookie, newSessionId()),
    ];
    expect(clients).toHaveLength(SOCKET_CAP);

    const refused = await openSocket(cookie, newSessionId());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: TOO_MANY_SOCKETS });
    expect((await openSocket(cookie, shared)).status).toBe(429);

    // the open ones still talk
    for (const client of clients) {
      client.send({ type: "ping" });
      await client.next("pong");
    }

    // closing one frees its slot
    await clients[0].close();
    const again = await eventually(() => openSocket(cookie, newSessionId()), 101);
    expect(again.status).toBe(101);
    again.webSocket!.accept();
    again.webSocket!.close(1000, "done");
    for (const client of clients.slice(1)) await client.close();
  });

  it("the cap holds exactly when one visitor opens many at once", async () => {
    const { cookie } = newVisitor();
    const answers = await Promise.all(Array.from({ length: SOCKET_CAP + 4 }, () => openSocket(cookie, newSessionId())));
    expect(answers.filter((r) => r.status === 101)).toHaveLength(SOCKET_CAP);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(4);
    for (const r of answers) {
      if (r.webSocket) {
        r.webSocket.accept();
        r.webSocket.close(1000, "done");
      } else await r.arrayBuffer();
    }
  });

  it("a socket lost without its lease released (a crash) does not hold the slot for ever", async () => {
    const { visitorId, cookie } = newVisitor();
    const sessionId = newSessionId();
    // four leases left behind by sockets that are gone (confirmed, as after an accepted connect)
    const now = Date.now();
    for (let i = 0; i < SOCKET_CAP; i++) {
      await env.DB.prepare(
        "insert into connection_leases (id, kind, visitor, client, target, confirmed, created_at, expires_at) values (?, 'socket', ?, ?, ?, 1, ?, ?)",
      )
        .bind(`lost${i}${sessionId}`, visitorId, `visitor:${visitorId}`, `visitor:${visitorId}/nino:${sessionId}`, now - 60_000, now + 3_600_000)
        .run();
    }
    const client = await connect(cookie, sessionId);
    client.send({ type: "ping" });
    await client.next("pong");
    await client.close();
  });
});
