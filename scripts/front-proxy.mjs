// The local server's front door: a plain Node HTTP server on the public port that hands every request
// straight to the local runtime (workerd, through Miniflare's entry), WebSockets and streamed
// answers included.
//
// Why not wrangler's own dev server: it forwards through a proxy Worker that keeps idle connections
// to the runtime for reuse, and the runtime closes an idle connection after 5 s. A request that takes
// such a connection just as it is closed fails with "stream disconnected prematurely"; the proxy
// retries a GET, but answers anything else with a plain-text 503 "Your worker restarted
// mid-request" though nothing restarted (workers-sdk issue 14641). A form post, a new book or a
// Nino message then failed at random, more often on a busy machine. Here that race is held shut
// twice over: the front closes a connection to the runtime after IDLE_MS of idleness, long before
// the runtime would; and a request whose kept connection is closed under it all the same, before
// any answer came, is sent again on a fresh connection (its body is held whole for that). See
// docs/decisions/019-local-server-front.md and 037-fewer-hops-per-page.md.
import http from "node:http";
import net from "node:net";

/** A request body up to this size is handed to the runtime in one write (see below). */
const BODY_BUFFER = 32 * 1024 * 1024;

/** A connection to the runtime left idle this long is closed by the front (the runtime closes at 5 s). */
export const IDLE_MS = 1_000;

/** Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

/** rawHeaders (flat [name, value, …]) without the hop-by-hop ones; multiple Set-Cookie kept. */
export function forwardableHeaders(raw) {
  const out = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
}

/** How a request fails on a connection the other side closed before answering it. */
const CLOSED_UNDER_IT = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);
const closedUnderIt = (error) => CLOSED_UNDER_IT.has(error?.code) || error?.message === "socket hang up";

/**
 * @param {{ target: () => Promise<{ hostname: string, port: number | string }>, log?: (line: string) => void, idleMs?: number }} o
 *   target: where the runtime answers now (waits while it is being reloaded)
 *   idleMs: how long a connection to the runtime may stay idle before the front closes it
 */
export function createFrontProxy({ target, log = () => {}, idleMs = IDLE_MS }) {
  // Connections to the runtime are kept for the next request: a fresh one for every request cost
  // the runtime and the front a connection's set-up and tear-down each time (about a tenth of the
  // runtime's work for a library page). The agent closes a connection idle for idleMs.
  const runtime = new http.Agent({ keepAlive: true, timeout: idleMs, scheduling: "lifo" });
  const server = http.createServer(async (req, res) => {
    let to;
    try {
      to = await target();
    } catch (error) {
      return answerDown(res, error);
    }
    let clientGone = false;
    /** the request to the runtime now in flight */
    let upstream;
    /** the whole body, once read and sent in one write (null while it is read, or when it is streamed) */
    let body = null;
    // a body past BODY_BUFFER is handed on as it comes, so it cannot be sent again
    let streaming = false;
    // The runtime may answer (413, 403) and close its connection before it has read the whole body.
    // The rest of the body is then read and dropped here: left unread, it would sit in front of the
    // next request on the browser's connection, which would never be answered. (Closing the
    // browser's connection instead would cut it off while it is still sending: EPIPE, no answer.)
    const dropRestOfBody = () => {
      req.off("data", collect);
      req.off("end", sendCollected);
      req.unpipe(upstream);
      if (!req.complete) req.resume();
    };
    // a client that goes away (a closed event stream, a cancelled upload) ends the forwarded request too
    res.on("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    const forward = (fresh) => {
      const sent = http.request({
        host: to.hostname,
        port: Number(to.port),
        method: req.method,
        path: req.url,
        // the Host the browser used stays, so the Worker sees its public address
        headers: forwardableHeaders(req.rawHeaders),
        agent: fresh ? false : runtime,
      });
      upstream = sent;
      let answered = false;
      sent.on("response", (answer) => {
        answered = true;
        answer.on("end", dropRestOfBody);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardableHeaders(answer.rawHeaders));
        answer.pipe(res);
        // an answer cut off before its end is cut off for the browser too
        answer.on("close", () => {
          if (!answer.complete) res.destroy();
        });
      });
      sent.on("error", (error) => {
        // A kept connection the runtime closed as this request went out: the runtime never took the
        // request (nothing was answered), so it goes again, whole, on a connection of its own. A body
        // still coming from the browser (a slow or large upload) goes there when it is complete.
        if (!fresh && sent.reusedSocket && !answered && !streaming && !clientGone && closedUnderIt(error)) {
          const again = forward(true);
          if (body !== null) again.end(body);
          return;
        }
        dropRestOfBody();
        // once the answer has begun, it is the answer's own end (or cut-off) that counts
        if (!clientGone && !res.headersSent) answerDown(res, error);
      });
      return sent;
    };
    forward(false);
    // The body is collected and handed on in one write (up to BODY_BUFFER bytes; a larger one is
    // streamed). Written piece by piece as it came, a body the runtime refuses before reading it
    // (it answers, then resets the connection) made a later piece's write fail before the answer
    // was read: the answer was lost and the browser got a 502. One write lets the answer through.
    let collected = [];
    let size = 0;
    function collect(chunk) {
      collected.push(chunk);
      size += chunk.length;
      if (size <= BODY_BUFFER) return;
      req.off("data", collect);
      req.off("end", sendCollected);
      streaming = true;
      upstream.write(Buffer.concat(collected));
      collected = [];
      req.pipe(upstream);
    }
    function sendCollected() {
      body = Buffer.concat(collected);
      collected = [];
      upstream.end(body);
    }
    req.on("data", collect);
    req.on("end", sendCollected);
  });
  // Long-lived answers (the book's live events) and slow uploads are the runtime's to time out.
  server.requestTimeout = 0;
  // Browsers and test clients reuse a connection for a while: keep it well past their idle times,
  // so the keep-alive race does not just move here.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 80_000;

  server.on("upgrade", async (req, socket, head) => {
    socket.on("error", () => socket.destroy());
    let to;
    try {
      to = await target();
    } catch {
      return socket.destroy();
    }
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    upstream.on("close", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
  });

  function answerDown(res, error) {
    log(`front: the local runtime did not answer (${error?.message ?? error})`);
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" });
    res.end("The local StoryNest server is not answering right now. Please try again in a moment.");
  }

  return server;
}
