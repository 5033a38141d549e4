// Shared by the e-mail endpoint tests: a caller (a visitor's browser or a signed-in parent) that
// posts JSON to the Worker, optionally with Resend chosen and failing, and the messages in the outbox.
import { env, SELF } from "cloudflare:test";
import { readVisitorId } from "~/services/visitor.server";
import { makeAccount, type TestAccount } from "./account-helpers";
import { fetchWorker, resendBaseUrl, resendKey } from "./email-helpers";

export const SITE = "http://example.com";

export interface Caller {
  visitorId: string;
  /** a request from this browser (its cookies sent; `failing`: Resend chosen and answering 503) */
  fetch(path: string, init?: RequestInit, failing?: boolean): Promise<Response>;
  post(path: string, body: unknown, failing?: boolean): Promise<Response>;
}

function caller(cookie: string, visitorId: string): Caller {
  const fetch = (path: string, init: RequestInit = {}, failing = false) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie);
    const request = new Request(SITE + path, { ...init, headers, redirect: "manual" });
    return failing ? fetchWorker(request, { RESEND_API_KEY: resendKey("re_fail_503_"), RESEND_BASE_URL: resendBaseUrl() }) : SELF.fetch(request);
  };
  return {
    visitorId,
    fetch,
    post: (path, body, failing) =>
      fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) }, failing),
  };
}

/** A visitor's browser: its cookie, as the Worker gave it. */
export async function visitorCaller(): Promise<Caller> {
  const res = await SELF.fetch(`${SITE}/api/health`);
  await res.arrayBuffer();
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  const visitorId = readVisitorId(cookie);
  if (!visitorId) throw new Error("the Worker set no visitor cookie");
  return caller(cookie, visitorId);
}

/** A signed-in parent with a confirmed address, and their browser. */
export async function parentCaller(): Promise<{ parent: TestAccount; browser: Caller }> {
  const parent = await makeAccount();
  const visitorId = `v${crypto.randomUUID().replace(/-/g, "")}`;
  return { parent, browser: caller(`sn_session=${parent.token}; sn_vid=${visitorId}`, visitorId) };
}

export interface OutboxRow {
  id: string;
  kind: string;
  subject: string;
  html: string;
  text: string;
}

/** The messages sent to an address, oldest first. */
export async function outboxTo(address: string, kind?: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(`SELECT id, kind, subject, html, text FROM email_outbox WHERE "to" = ? ORDER BY created_at, rowid`)
    .bind(JSON.stringify([address.toLowerCase()]))
    .all<OutboxRow>();
  return kind ? results.filter((r) => r.kind === kind) : results;
}

/** The number of messages in the whole outbox (a refused request adds none, to anyone). */
export async function outboxCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>())?.n ?? 0;
}

/** An address no other test uses. */
export function address(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The token of a link to `path` in a message's text (e.g. "/api/email/pdf/"). */
export function linkToken(text: string, path: string): string {
  const found = new RegExp(`${path.replace(/\//g, "\\/")}([A-Za-z0-9_-]{43})`).exec(text);
  if (!found) throw new Error(`no ${path} link in the message`);
  return found[1];
}

/** The email_tokens row id of a link's token (its SHA-256, hex). */
export async function tokenRowId(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
