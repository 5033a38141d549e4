import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createResendSender } from "~/services/email/resend.server";
import { EmailSendError, isEmailSendError, type EmailMessage } from "~/services/email/types";

/** A local server that speaks Resend's API: POST /emails with a bearer key, JSON in, JSON out. */
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
type Reply = { status: number; body: string; contentType?: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: Reply;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(reply.status, { "content-type": reply.contentType ?? "application/json" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  reply = { status: 200, body: JSON.stringify({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }) };
});

const message: EmailMessage = {
  kind: "contact",
  to: ["hello@storynest.example"],
  from: "StoryNest <stories@storynest.example>",
  replyTo: "parent@example.com",
  subject: "Contact form: Billing and credits from Ada",
  html: "<p>Hello there</p>",
  text: "Hello there",
};

async function failure(promise: Promise<unknown>): Promise<EmailSendError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the send to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmailSendError);
  return error as EmailSendError;
}

describe("Resend provider", () => {
  it("sends POST /emails with the bearer key and the JSON body Resend expects, and returns the id", async () => {
    const sender = createResendSender({ apiKey: "re_test_123", baseUrl });
    const result = await sender.send(message);

    expect(result).toEqual({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794", provider: "resend" });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/emails");
    expect(req.headers.authorization).toBe("Bearer re_test_123");
    expect(req.headers["content-type"]).toContain("application/json");
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      from: "StoryNest <stories@storynest.example>",
      to: ["hello@storynest.example"],
      reply_to: "parent@example.com",
      subject: "Contact form: Billing and credits from Ada",
      html: "<p>Hello there</p>",
      text: "Hello there",
      tags: [{ name: "kind", value: "contact" }],
    });
  });

  it("accepts a base URL with a trailing slash", async () => {
    const sender = createResendSender({ apiKey: "re_test_123", baseUrl: `${baseUrl}/` });
    await sender.send(message);
    expect(seen[0].url).toBe("/emails");
  });

  it("turns a 4xx error body into a clear provider error with Resend's message and status", async () => {
    reply = {
      status: 422,
      body: JSON.stringify({
        statusCode: 422,
        name: "validation_error",
        message: "Invalid `to` field. The email address needs to follow the `email@example.com` format.",
      }),
    };
    const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl }).send(message));
    expect(error.reason).toBe("provider_error");
    expect(error.status).toBe(422);
    expect(error.provider).toBe("resend");
    expect(error.message).toBe(
      "Failed to send email: Resend answered 422 validation_error: Invalid `to` field. The email address needs to follow the `email@example.com` format.",
    );
  });

  it("turns a 401 for a wrong key into a provider error", async () => {
    reply = { status: 401, body: JSON.stringify({ statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." }) };
    const error = await failure(createResendSender({ apiKey: "re_wrong", baseUrl }).send(message));
    expect(error.reason).toBe("provider_error");
    expect(error.status).toBe(401);
    expect(error.detail).toContain("Missing API key");
  });

  it("turns a 5xx error, even one whose body is not JSON, into a provider error carrying the status", async () => {
    reply = { status: 503, body: "<html>Service Unavailable</html>", contentType: "text/html" };
    const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl }).send(message));
    expect(error.reason).toBe("provider_error");
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/^Failed to send email: Resend answered 503/);
  });

  it("turns a 2xx answer whose JSON is not Resend's shape into a parse error", async () => {
    for (const body of [JSON.stringify({ ok: true }), JSON.stringify({ id: 42 }), JSON.stringify(["49a3999c"]), "null"]) {
      reply = { status: 200, body };
      const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl }).send(message));
      expect(error.reason, body).toBe("parse_error");
      expect(error.message, body).toMatch(/^Failed to send email: Failed to parse Resend response: /);
    }
  });

  it("turns an error body that is JSON of the wrong shape into a parse error", async () => {
    reply = { status: 500, body: JSON.stringify({ oops: "something" }) };
    const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl }).send(message));
    expect(error.reason).toBe("parse_error");
    expect(error.detail).toContain("Failed to parse Resend response");
  });

  it("reports a 2xx answer that is not JSON at all as no readable answer", async () => {
    reply = { status: 200, body: "{this is not json", contentType: "text/plain" };
    const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl }).send(message));
    expect(error.reason).toBe("unavailable");
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Failed to send email: Resend could not be reached or gave no readable answer/);
  });

  it("reports an unreachable server as unavailable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl: deadUrl }).send(message));
    expect(error.reason).toBe("unavailable");
  });

  it("gives up after its timeout when the server does not answer", async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const started = Date.now();
      const error = await failure(createResendSender({ apiKey: "re_test_123", baseUrl: url, timeoutMs: 200 }).send(message));
      expect(error.reason).toBe("unavailable");
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("refuses a message that is not sendable before any request is made", async () => {
    const sender = createResendSender({ apiKey: "re_test_123", baseUrl });
    const error = await failure(sender.send({ ...message, to: ["not an address"] }));
    expect(error.reason).toBe("invalid_message");
    expect(error.detail).toContain("to");
    const headerInjection = await failure(sender.send({ ...message, subject: "Hi\r\nBcc: victim@example.com" }));
    expect(headerInjection.reason).toBe("invalid_message");
    expect(seen).toHaveLength(0);
  });
});

describe("isEmailSendError", () => {
  it("recognises the error from another bundle's copy of the class, and nothing else", () => {
    expect(isEmailSendError(new EmailSendError("resend", "provider_error", "Resend answered 500 x: y", 500))).toBe(true);
    // The Remix build and the Worker bundle each hold their own EmailSendError class.
    const foreign = Object.assign(new Error("Failed to send email: x"), { name: "EmailSendError", provider: "resend", reason: "unavailable", detail: "x" });
    expect(foreign instanceof EmailSendError).toBe(false);
    expect(isEmailSendError(foreign)).toBe(true);
    expect(isEmailSendError(new Error("Failed to send email"))).toBe(false);
    expect(isEmailSendError(Object.assign(new Error("x"), { name: "EmailSendError", provider: "resend", reason: "made_up", detail: "x" }))).toBe(false);
    expect(isEmailSendError({ name: "EmailSendError", provider: "resend", reason: "unavailable", detail: "x" })).toBe(false);
  });
});
