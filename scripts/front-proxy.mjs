// The local server's front door: a plain Node HTTP server on the public port that hands every request
// straight to the local runtime (workerd, through Miniflare's entry), over a fresh connection each
// time, WebSockets and streamed answers included.
//
// Why not wrangler's own dev server: it forwards through a proxy Worker that keeps idle connections
// to the runtime for reuse, and the runtime closes an idle connection after 5 s. A request that takes
// such a connection just as it is closed fails with "stream disconnected prematurely"; the proxy
// retries a GET, but answers anything else with a plain-text 503 "Your worker restarted
// mid-request" though nothing restarted (workers-sdk issue 14641). A form post, a new book or a
// Nino message then failed at random, more often on a busy machine. Here nothing idles between the
// front and the runtime, so there is no such race. See docs/decisions/019-local-server-front.md.
import http from "node:http";
import net from "node:net";

/** A request body up to this size is handed to the runtime in one write (see below). */
const BODY_BUFFER = 32 * 1024 * 1024;

/** Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

/** rawHeaders (flat [name, value, …]) without the hop-by-hop ones; multiple Set-Cookie kept. */
export function forwardableHeaders(raw) {
  const out = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
}

/**
 * @param {{ target: () => Promise<{ hostname: string, port: number | string }>, log?: (line: string) => void }} o
 *   target: where the runtime answers now (waits while it is being reloaded)
 */
export function createFrontProxy({ target, log = () => {} }) {
  const server = http.createServer(async (req, res) => {
    let to;
    try {
      to = await target();
    } catch (error) {
      return answerDown(res, error);
    }
    const upstream = http.request({
      host: to.hostname,
      port: Number(to.port),
      method: req.method,
      path: req.url,
      // the Host the browser used stays, so the Worker sees its public address
      headers: [...forwardableHeaders(req.rawHeaders), "Connection", "close"],
      agent: false,
    });
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
    upstream.on("response", (answer) => {
      answer.on("end", dropRestOfBody);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardableHeaders(answer.rawHeaders));
      answer.pipe(res);
      // an answer cut off before its end is cut off for the browser too
      answer.on("close", () => {
        if (!answer.complete) res.destroy();
      });
    });
    let clientGone = false;
    upstream.on("error", (error) => {
      dropRestOfBody();
      // once the answer has begun, it is the answer's own end (or cut-off) that counts
      if (!clientGone && !res.headersSent) answerDown(res, error);
    });
    // a client that goes away (a closed event stream, a cancelled upload) ends the forwarded request too
    res.on("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
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
      upstream.write(Buffer.concat(collected));
      collected = [];
      req.pipe(upstream);
    }
    function sendCollected() {
      upstream.end(Buffer.concat(collected));
      collected = [];
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
