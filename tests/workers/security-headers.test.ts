import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { afterEach, describe, expect, it, vi } from "vitest";

const SITE = "https://example.com";

function policy(res: Response): Map<string, string> {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    csp
      .split(",")[0]
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)] as [string, string]),
  );
}

function expectCommonHeaders(res: Response, https: boolean) {
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Permissions-Policy")).toBe("microphone=(self), camera=(), geolocation=()");
  expect(res.headers.get("Strict-Transport-Security")).toBe(https ? "max-age=31536000; includeSubDomains" : null);
  expect(policy(res).get("frame-ancestors")).toBe("'none'");
}

afterEach(() => vi.restoreAllMocks());

describe("security headers", () => {
  it("a page's form-action lets the Google button's answer go on to Google's sign-in page, only when Google sign-in is offered", async () => {
    const google = { GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" };
    const ask = async (vars: Record<string, string>) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${SITE}/auth/login`), { ...env, ...vars } as Env, ctx);
      await waitOnExecutionContext(ctx);
      return policy(res).get("form-action");
    };
    expect(await ask(google)).toBe("'self' https://checkout.stripe.com https://accounts.google.com");
    expect(await ask({ ...google, GOOGLE_OAUTH_URL: "http://127.0.0.1:9911/" })).toBe("'self' https://checkout.stripe.com http://127.0.0.1:9911");
    expect(await ask({})).toBe("'self' https://checkout.stripe.com");
  });

  // (A page the edge cache shares between anonymous visitors, such as /pricing, names its scripts' hashes instead: tests/workers/edge-cache.test.ts.)
  it("a page: a policy whose nonce every inline script carries, new for each answer, and the common headers", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch(`${SITE}/createstory`);
      expect(res.status).toBe(200);
      expectCommonHeaders(res, true);
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      const p = policy(res);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(p.get("script-src") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      expect(p.get("script-src")).toBe(`'self' 'nonce-${nonce}'`);
      expect(p.get("object-src")).toBe("'none'");
      expect(p.get("base-uri")).toBe("'self'");
      expect(p.get("form-action")).toBe("'self' https://checkout.stripe.com");
      expect(p.get("connect-src")).toBe("'self' wss://example.com");
      expect(p.get("img-src")).toBe("'self' data: blob:");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("no HSTS and no upgrade of requests over plain http (a local run)", async () => {
    const res = await SELF.fetch("http://localhost:8787/pricing");
    expectCommonHeaders(res, false);
    expect(policy(res).get("connect-src")).toBe("'self' ws://localhost:8787");
    expect(policy(res).has("upgrade-insecure-requests")).toBe(false);
    await res.arrayBuffer();
  });

  it("API answers, errors and redirects alike carry them; the API's policy allows nothing to run", async () => {
    for (const [path, status] of [
      ["/api/health", 200],
      ["/api/no-such-thing", 404],
      ["/api/books/nope", 404],
    ] as const) {
      const res = await SELF.fetch(`${SITE}${path}`);
      expect(res.status, path).toBe(status);
      expectCommonHeaders(res, true);
      expect(policy(res).get("default-src"), path).toBe("'none'");
      await res.arrayBuffer();
    }
    const redirect = await SELF.fetch(`${SITE}/myaccount`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expectCommonHeaders(redirect, true);
  });

  it("keeps a page's own stricter header: a shared book's link sends no referrer", async () => {
    const res = await SELF.fetch(`${SITE}/read/unknown-token-0000000000`);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expectCommonHeaders(res, true);
    await res.arrayBuffer();
  });
});

describe("requests from another site", () => {
  it("a form post to a page is 403 in words, before any page runs; PUT and DELETE are 405 without an error logged", async () => {
    const errors = vi.spyOn(console, "error");
    const res = await SELF.fetch(`${SITE}/contact`, { method: "POST", headers: { Origin: "https://evil.example" }, body: new URLSearchParams({ a: "b" }) });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("This form was sent from another site, so it was refused.");
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const other = await SELF.fetch(`${SITE}/pricing`, { method });
      expect(other.status, method).toBe(405);
      expect(other.headers.get("Allow")).toBe("GET, HEAD, POST");
      await other.arrayBuffer();
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("a page's own form with 'Origin: null' (a no-referrer page) or an odd X-Forwarded-Host reaches the page, never a 500", async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: "null", "Sec-Fetch-Site": "same-origin" },
      { Origin: SITE, "X-Forwarded-Host": "evil.example" },
    ]) {
      const res = await SELF.fetch(`${SITE}/contact`, { method: "POST", headers, body: new URLSearchParams({ a: "b" }) });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      await res.arrayBuffer();
    }
  });

  it("a POST, PUT or DELETE to the API is 403 JSON; the same request without Origin (a server) goes on", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await SELF.fetch(`${SITE}/api/books`, {
        method,
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status, method).toBe(403);
      expect(await res.json()).toEqual({ error: "This API answers only StoryNest's own pages." });
    }
    const cross = await SELF.fetch(`${SITE}/api/books`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(cross.status).toBe(403);
    await cross.arrayBuffer();
    const server = await SELF.fetch(`${SITE}/api/books`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(server.status).toBe(400);
    await server.arrayBuffer();
  });

  it("a one-click unsubscribe posted from elsewhere (RFC 8058) is not refused as cross-site", async () => {
    const res = await SELF.fetch(`${SITE}/unsubscribe/not-a-real-token`, {
      method: "POST",
      headers: { Origin: "https://mail.example" },
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
    await res.arrayBuffer();
  });
});

describe("body limits", () => {
  const chunked = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += 4096) controller.enqueue(new Uint8Array(Math.min(4096, bytes - sent)).fill(32));
        controller.close();
      },
    });

  it("the API takes 16 KB of JSON: 413 JSON above it, announced or streamed without a length", async () => {
    const big = JSON.stringify({ childName: "x".repeat(17 * 1024) });
    const res = await SELF.fetch(`${SITE}/api/books`, { method: "POST", headers: { "Content-Type": "application/json" }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request is too large: this address takes at most 16 KB." });
    const streamed = await SELF.fetch(`${SITE}/api/books`, { method: "POST", headers: { "Content-Type": "application/json" }, body: chunked(20 * 1024) });
    expect(streamed.status).toBe(413);
    await streamed.arrayBuffer();
    // a streamed body within the limit is read by the route as usual
    const small = await SELF.fetch(`${SITE}/api/library`, { method: "POST", body: chunked(100) });
    expect(small.status).toBeLessThan(500);
    await small.arrayBuffer();
  });

  it("a page's form takes 64 KB (413 page); the story form takes its photos", async () => {
    const res = await SELF.fetch(`${SITE}/contact`, { method: "POST", body: new URLSearchParams({ message: "x".repeat(70 * 1024) }) });
    expect(res.status).toBe(413);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(await res.text()).toContain("at most 64 KB");
    const story = await SELF.fetch(`${SITE}/createstory`, { method: "POST", body: new URLSearchParams({ childName: "x".repeat(70 * 1024) }) });
    expect(story.status).not.toBe(413);
    expect(story.status).toBeLessThan(500);
    await story.arrayBuffer();
    // the same form posted with JavaScript (Remix's single fetch goes to the path with ".data")
    for (const path of ["/createstory.data", "/customstory.data"]) {
      const withScript = await SELF.fetch(`${SITE}${path}`, { method: "POST", body: new URLSearchParams({ childName: "x".repeat(70 * 1024) }) });
      expect(withScript.status, path).not.toBe(413);
      await withScript.arrayBuffer();
    }
    const contact = await SELF.fetch(`${SITE}/contact.data`, { method: "POST", body: new URLSearchParams({ message: "x".repeat(70 * 1024) }) });
    expect(contact.status).toBe(413);
    await contact.arrayBuffer();
  });
});

describe("bad input", () => {
  it("a malformed session cookie beside a malformed visitor cookie is ignored on pages and the API", async () => {
    for (const cookie of ["sn_session=%%%; sn_vid=%E0%A4%A", '__Host-sn_session=%00; sn_vid=a=b; sn_session="quoted"', `sn_session=${"z".repeat(4000)}`]) {
      for (const path of ["/", "/library", "/api/library", "/api/nino/abcdefabcdefabcdef"]) {
        const res = await SELF.fetch(`${SITE}${path}`, { headers: { Cookie: cookie } });
        expect(res.status, `${path} ${cookie.slice(0, 30)}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
  });

  it("a search with a control character is refused (a NUL would match every book)", async () => {
    const res = await SELF.fetch(`${SITE}/api/library?q=%00`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Invalid library query: The search cannot contain control characters" });
    const page = await SELF.fetch(`${SITE}/library?q=%00`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  });
});

describe("a failure outside any route", () => {
  it("is a 500 that says only 'Something went wrong' and the error id its log line carries, with the headers", async () => {
    const { default: worker } = await import("../../workers/app");
    const { env } = await import("cloudflare:test");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The session cookie makes the Worker read D1 before any route runs; this database fails with its own words.
    const brokenDb = {
      prepare: () => {
        throw new Error("D1_ERROR: no such table: sessions_internal_detail");
      },
    };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    for (const [path, json] of [
      ["/api/library", true],
      ["/library", false],
    ] as const) {
      const request = new Request(`${SITE}${path}`, { headers: { Cookie: `__Host-sn_session=${"a".repeat(43)}` } });
      const res = await worker.fetch(request, { ...env, DB: brokenDb } as unknown as Env, ctx);
      expect(res.status, path).toBe(500);
      expectCommonHeaders(res, true);
      const text = await res.text();
      expect(text, path).not.toContain("sessions_internal_detail");
      const errorId = json ? (JSON.parse(text) as { errorId: string }).errorId : /Error id: ([0-9a-f-]{36})/.exec(text)?.[1];
      expect(text, path).toContain("Something went wrong");
      const lines = logged.mock.calls.map((c) => String(c[0]));
      expect(lines.some((l) => l.includes(`"errorId":"${errorId}"`) && l.includes("sessions_internal_detail"))).toBe(true);
    }
  });
});
