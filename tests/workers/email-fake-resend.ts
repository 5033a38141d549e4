// Global setup for the Workers pool (runs in Node): a local server that speaks Resend's API, so the
// real Resend provider can be exercised inside workerd without reaching the network.
// Behaviour is chosen by the API key, so parallel tests never share state:
//   re_ok_*     -> 200 { id }           re_fail_422_* -> 422 validation_error JSON
//   re_fail_503_* -> 503 HTML page      GET /__seen/<key> -> the requests received with that key
//   re_slow_*   -> 200 { id } after 800 ms (a provider that takes its time)
// Like Resend, a POST /emails that repeats an Idempotency-Key already seen (for the same API key)
// with the same body answers the first message's id and sends nothing new; the same key with a
// different body is refused with 409 invalid_idempotent_request.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    resendBaseUrl: string;
  }
}

type Seen = { path: string; authorization: string; contentType: string; idempotencyKey: string | null; body: unknown };

export default async function setup(project: TestProject) {
  const seen = new Map<string, Seen[]>();
  /** `${api key} ${idempotency key}` -> the first request's body and the id it was given */
  const idempotent = new Map<string, { raw: string; id: string }>();
  let n = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "/";
      const send = (status: number, body: string, type = "application/json") => {
        res.writeHead(status, { "content-type": type });
        res.end(body);
      };
      if (req.method === "GET" && url.startsWith("/__seen/")) {
        return send(200, JSON.stringify(seen.get(decodeURIComponent(url.slice("/__seen/".length))) ?? []));
      }
      const authorization = req.headers.authorization ?? "";
      const key = authorization.replace(/^Bearer /, "");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* keep the raw text */
      }
      const header = req.headers["idempotency-key"];
      const idempotencyKey = (Array.isArray(header) ? header[0] : header) ?? null;
      seen.set(key, [
        ...(seen.get(key) ?? []),
        { path: `${req.method} ${url}`, authorization, contentType: req.headers["content-type"] ?? "", idempotencyKey, body },
      ]);
      if (req.method !== "POST" || url !== "/emails")
        return send(404, JSON.stringify({ statusCode: 404, name: "not_found", message: "The requested endpoint does not exist." }));
      if (key.startsWith("re_ok_")) {
        if (!idempotencyKey) return send(200, JSON.stringify({ id: `fake_${++n}` }));
        const first = idempotent.get(`${key} ${idempotencyKey}`);
        if (first && first.raw !== raw) {
          return send(
            409,
            JSON.stringify({
              statusCode: 409,
              name: "invalid_idempotent_request",
              message: "Same idempotency key used with a different request payload.",
            }),
          );
        }
        if (first) return send(200, JSON.stringify({ id: first.id }));
        const id = `fake_${++n}`;
        idempotent.set(`${key} ${idempotencyKey}`, { raw, id });
        return send(200, JSON.stringify({ id }));
      }
      if (key.startsWith("re_slow_")) {
        setTimeout(() => send(200, JSON.stringify({ id: `fake_${++n}` })), 800);
        return;
      }
      if (key.startsWith("re_fail_422_"))
        return send(422, JSON.stringify({ statusCode: 422, name: "validation_error", message: "The `to` field is invalid." }));
      if (key.startsWith("re_fail_503_")) return send(503, "<html><body>Service Unavailable</body></html>", "text/html");
      return send(401, JSON.stringify({ statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("resendBaseUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
