import { env, runInDurableObject, SELF } from "cloudflare:test";
import { expect, inject } from "vitest";
import { serverFrameSchema, type ServerFrame } from "~/domain/nino/protocol";
import { randomId } from "~/domain/ids";
import { conversationName } from "~/services/nino/conversations.server";
import type { NinoSession } from "../../workers/nino-session";
import { callsFor } from "../fake-servers/keys";

export const BASE = "https://example.com";

/** A browser's visitor cookie (what the Worker would have set). */
export function newVisitor(): { visitorId: string; cookie: string } {
  const visitorId = randomId(32);
  return { visitorId, cookie: `sn_vid=${visitorId}` };
}

/** A session id as the panel makes it: 16 to 64 letters and digits. */
export function newSessionId(): string {
  return randomId(24);
}

type Frame<T extends ServerFrame["type"]> = Extract<ServerFrame, { type: T }>;

export interface NinoClient {
  ws: WebSocket;
  /** every frame received so far, parsed with the shared protocol */
  frames: ServerFrame[];
  send(frame: unknown): void;
  sendRaw(data: string | ArrayBuffer): void;
  /** waits for the next frame of that type after `from` (index into frames); returns it */
  next<T extends ServerFrame["type"]>(type: T, from?: number, timeoutMs?: number): Promise<Frame<T>>;
  /** the frames received from index `from` until (and with) the first of type `type` */
  until<T extends ServerFrame["type"]>(type: T, from?: number, timeoutMs?: number): Promise<ServerFrame[]>;
  close(): Promise<void>;
  waitFor(test: () => boolean, what: string, timeoutMs?: number): Promise<void>;
}

/** Opens the conversation's WebSocket through the Worker, as the panel does (`X-Dev-Country` picks the market). */
export async function connect(cookie: string, sessionId: string, headers: Record<string, string> = {}): Promise<NinoClient> {
  const res = await SELF.fetch(`${BASE}/api/nino/${sessionId}`, { headers: { ...headers, Upgrade: "websocket", Cookie: cookie } });
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("no WebSocket on the response");
  ws.accept();
  const frames: ServerFrame[] = [];
  const listeners = new Set<() => void>();
  let closed = false;
  ws.addEventListener("message", (event) => {
    const data = typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
    frames.push(serverFrameSchema.parse(JSON.parse(data)));
    for (const l of listeners) l();
  });
  ws.addEventListener("close", () => {
    closed = true;
    for (const l of listeners) l();
  });

  function waitFor(test: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames.map((f) => f.type))}`));
      }, timeoutMs);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
    });
  }

  const indexOf = (type: string, from: number) => frames.findIndex((f, i) => i >= from && f.type === type);

  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (data) => ws.send(data),
    async next(type, from = frames.length, timeoutMs = 10_000) {
      await waitFor(() => indexOf(type, from) >= 0, type, timeoutMs);
      return frames[indexOf(type, from)] as Frame<typeof type>;
    },
    async until(type, from = frames.length, timeoutMs = 10_000) {
      await waitFor(() => indexOf(type, from) >= 0, type, timeoutMs);
      return frames.slice(from, indexOf(type, from) + 1);
    },
    waitFor,
    async close() {
      if (!closed) ws.close(1000, "bye");
      await waitFor(() => closed, "close", 2000).catch(() => undefined);
    },
  };
}

/** hello, then the history (and the greeting for a new conversation). */
export async function hello(client: NinoClient, extra: Record<string, unknown> = {}) {
  const from = client.frames.length;
  client.send({ type: "hello", ...extra });
  return client.next("history", from);
}

/** Index of the first idle status at or after `from`, -1 when none yet. */
export function idleIndex(client: NinoClient, from: number): number {
  return client.frames.findIndex((f, i) => i >= from && f.type === "status" && f.status === "idle");
}

/** One typed turn: the frames from the message until Nino is idle again. */
export async function say(client: NinoClient, text: string, source: "text" | "voice" = "text"): Promise<ServerFrame[]> {
  const from = client.frames.length;
  client.send({ type: "user_message", text, source });
  await client.waitFor(() => idleIndex(client, from) >= 0, "idle status");
  return client.frames.slice(from, idleIndex(client, from) + 1);
}

/** The Durable Object of a visitor's conversation. */
export function stubOf(visitorId: string, sessionId: string): DurableObjectStub<NinoSession> {
  const ns = env.NINO_SESSION;
  return ns.get(ns.idFromName(conversationName({ kind: "visitor", visitorId }, sessionId)));
}

/**
 * Gives one conversation's object the env of a deployment with an OpenAI key, pointed at the fake
 * OpenAI server: its services are made again from that env, so its chat (and moderation) are the
 * real OpenAI providers, answering as the key scripts.
 */
export async function useFakeOpenAI(visitorId: string, sessionId: string, apiKey: string): Promise<void> {
  await runInDurableObject(stubOf(visitorId, sessionId), (instance) => {
    const object = instance as unknown as { env: Record<string, unknown>; services: unknown };
    object.env = { ...object.env, OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: inject("fakeOpenAIUrl") };
    object.services = null;
  });
}

/** The chat completions the fake OpenAI server received with this key. */
export async function chatCalls(apiKey: string) {
  const calls = await callsFor(inject("fakeOpenAIUrl").replace(/\/v1$/, ""), apiKey);
  return calls.filter((c) => c.path === "/v1/chat/completions");
}
