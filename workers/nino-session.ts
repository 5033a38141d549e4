import { DurableObject } from "cloudflare:workers";
import {
  createConversation,
  emptyMemory,
  greet,
  respond,
  startOver,
  type ConversationState,
  type Deps,
  type MemoryView,
  type NinoEffect,
  type Transition,
} from "../app/domain/nino/machine";
import { assertNever, parseClientFrame, type ClientFrame, type ServerFrame } from "../app/domain/nino/protocol";
import { NINO_LIMITS, NINO_TEXTS } from "../app/domain/nino/types";
import { ownerSchema, type Owner } from "../app/services/db/owner.server";
import { parseEnv } from "../app/services/env.server";
import { memoryViewFromParts, rememberPatch } from "../app/domain/nino/memory";
import { deviceKind, readMemoryView, recordVisitInD1, rememberInD1, SESSION_GAP_MS, type Visit } from "../app/services/nino/memory.server";
import { moderateChild, MODERATED_REPLIES, sayReply } from "../app/services/nino/replies.server";
import { createServices, type Services } from "../app/services/services.server";
import { CONVERSATION_RETENTION_MS, forgetConversation } from "../app/services/nino/conversations.server";
import { log } from "../app/services/log.server";
import { childWords, historyFrame, lastOf, ninoFrame, replaceContent, restFrames, safeJson } from "./nino-frames";
import { quotaHolderSchema, type QuotaHolder } from "../app/services/limits/quotas.server";
import { turnRefusal } from "./nino-turn-limits";
import { afterSafeReply } from "../app/services/nino/safety.server";
import { withHelpline } from "../app/domain/nino/helplines";
import { checkSafety, isAtRisk } from "../app/domain/nino/safety";
import { MARKET_COUNTRIES } from "../app/domain/pricing/markets";
import { resolveSite } from "../app/domain/story/links";

/** Headers the Worker (workers/api/nino.ts) sets when it hands a WebSocket to the object. */
export const NINO_OWNER_HEADER = "X-Nino-Owner";
export const NINO_SESSION_HEADER = "X-Nino-Session";
/** The visitor's market (one of the twenty) when the tab connected: the safe reply names its helpline. */
export const NINO_MARKET_HEADER = "X-Nino-Market";
/** Who pays for the tab's turns (a QuotaHolder: visitor, account, client address), as JSON. */
export const NINO_CALLER_HEADER = "X-Nino-Caller";
/** The close code a tab gets when its conversation was forgotten ("Forget everything"). */
export const NINO_FORGOTTEN_CLOSE = 4001;

/** The object's own record besides the conversation: whose it is and the turn in progress. */
interface Meta {
  owner: Owner;
  sessionId: string;
  /** the child's memory as the machine sees it, read from D1 at `hello`, updated by `remember` */
  memory: MemoryView;
  /** epoch ms of the turn being answered (null when idle); stale after NINO_LIMITS.turnTimeoutMs */
  turnStartedAt: number | null;
  /** the talking going on now; recorded in D1 once it is over (see `alarm`) */
  visit: Visit | null;
  /** the child's UTC offset from the last hello (time-of-day greetings and session times) */
  utcOffsetMinutes?: number;
  /** epoch ms of the last hello or message: the conversation is deleted CONVERSATION_RETENTION_MS later */
  lastActivity?: number;
  /** the site the last tab connected from (the link in the parent's e-mail) */
  site?: string;
}

/** Kept on each WebSocket (survives hibernation): whether that tab talks by voice. */
interface SocketInfo {
  voice: boolean;
  page?: string;
  /** phone, tablet or desktop, from the User-Agent at connect */
  device?: string;
  /** the tab's market at connect (one of the twenty; India when unknown) */
  market?: string;
  /** whose quotas the tab's turns spend (absent on a tab that connected before turns were counted) */
  caller?: QuotaHolder;
}

export interface NinoStats {
  sessionId: string | null;
  /** bytes of the object's SQLite database (the conversation and its record) */
  storedBytes: number;
  /** bytes of the state held in memory (conversation + record), as JSON */
  stateBytes: number;
  historyLength: number;
  messageCount: number;
  sockets: number;
}

const KEYS = { conversation: "conversation", meta: "meta" } as const;
const PING = JSON.stringify({ type: "ping" });
const PONG = JSON.stringify({ type: "pong" });

/**
 * One Nino conversation, named by its owner and session id (workers/api/nino.ts). A thin shell over
 * the pure machine in app/domain/nino: it parses frames, keeps the ConversationState in its storage
 * (one value, capped by the machine, so thousands of turns keep the same size), sends the frames and
 * applies the machine's effects. WebSockets use the hibernation API: an idle conversation is
 * evicted from memory and costs nothing; the next frame wakes it and it reads its state back.
 */
export class NinoSession extends DurableObject<Env> {
  private conversation: ConversationState | null = null;
  private meta: Meta | null = null;
  private loaded = false;
  /** a turn is being answered by this instance (the stored turnStartedAt covers a restart) */
  private busy = false;
  private services: Services | null = null;
  /** set by `forget`: an answer still in flight is neither saved nor remembered */
  private forgotten = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A bare ping is answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** Health: answers after a read of its own storage, so a broken storage shows as a failure. */
  async ping(): Promise<"pong"> {
    await this.ctx.storage.get(KEYS.conversation);
    return "pong";
  }

  /** Dev diagnostics (bench): stored and in-memory size of this conversation. */
  async stats(): Promise<NinoStats> {
    await this.load();
    const state = JSON.stringify({ conversation: this.conversation, meta: this.meta });
    return {
      sessionId: this.meta?.sessionId ?? null,
      storedBytes: this.ctx.storage.sql.databaseSize,
      stateBytes: new TextEncoder().encode(state).byteLength,
      historyLength: this.conversation?.history.length ?? 0,
      messageCount: this.conversation?.metadata.messageCount ?? 0,
      sockets: this.ctx.getWebSockets().length,
    };
  }

  /**
   * "Forget everything" (app/services/nino/conversations.server.ts): the conversation, its record and
   * any visit not yet written are deleted, and open tabs are closed (a tab that reconnects starts a
   * new conversation).
   */
  async forget(): Promise<void> {
    await this.wipe("Nino has forgotten this conversation");
  }

  private async wipe(reason: string): Promise<void> {
    this.forgotten = true;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(NINO_FORGOTTEN_CLOSE, reason);
      } catch {
        // already closed
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.conversation = null;
    this.meta = null;
    this.loaded = true;
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ error: "Nino talks over a WebSocket: send Upgrade: websocket" }, { status: 426 });
    }
    const owner = ownerSchema.safeParse(safeJson(request.headers.get(NINO_OWNER_HEADER)));
    const sessionId = request.headers.get(NINO_SESSION_HEADER);
    const caller = quotaHolderSchema.safeParse(safeJson(request.headers.get(NINO_CALLER_HEADER)));
    if (!owner.success || !sessionId || !caller.success)
      return Response.json({ error: "A conversation needs its owner, session id and caller" }, { status: 400 });

    await this.load();
    if (!this.meta) {
      // a new conversation (or one just forgotten: an answer that was in flight is dropped too)
      this.forgotten = false;
      this.conversation = null;
      // the memory is read from D1 at `hello`
      this.meta = { owner: owner.data, sessionId, memory: emptyMemory(), turnStartedAt: null, visit: null };
      await this.ctx.storage.put(KEYS.meta, this.meta);
    }
    const site = resolveSite(parseEnv(this.env).secrets.WEBSITE_URL, request.url);
    if (this.meta.site !== site) await this.ctx.storage.put(KEYS.meta, { ...this.meta, site });
    this.meta.site = site;
    const market = request.headers.get(NINO_MARKET_HEADER) ?? "";
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({
      voice: false,
      device: deviceKind(request.headers.get("User-Agent")),
      market: (MARKET_COUNTRIES as readonly string[]).includes(market) ? market : "IN",
      caller: caller.data,
    } satisfies SocketInfo);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const parsed = parseClientFrame(message);
    if (!parsed.ok) return this.send(ws, { type: "error", message: parsed.message });
    await this.load();
    const frame: ClientFrame = parsed.frame;
    switch (frame.type) {
      case "ping":
        return this.send(ws, { type: "pong" });
      case "hello":
        return this.hello(ws, frame);
      case "user_message":
        return this.turn(ws, frame);
      case "start_over":
        return this.turn(ws, frame);
      default:
        assertNever(frame);
    }
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  /**
   * Two jobs, one alarm. While a visit goes on: once it may be over (SESSION_GAP_MS after its last
   * message) it is recorded in the D1 memory (session time, length, device) and forgotten; a visit
   * still going moves the alarm on. Then, CONVERSATION_RETENTION_MS after the last message, the
   * conversation itself is deleted (the privacy policy's 30 days), unless the child came back.
   */
  async alarm(): Promise<void> {
    await this.load();
    const meta = this.meta;
    if (!meta) return;
    const now = Date.now();
    if (meta.visit) {
      const due = meta.visit.lastActivity + SESSION_GAP_MS;
      if (now < due) {
        await this.ctx.storage.setAlarm(due);
        return;
      }
      // a failure throws: the platform retries the alarm
      meta.memory = memoryViewFromParts(await recordVisitInD1(this.db(), meta.owner, meta.visit, meta.utcOffsetMinutes));
      meta.lastActivity = Math.max(meta.lastActivity ?? 0, meta.visit.lastActivity);
      meta.visit = null;
      await this.ctx.storage.put(KEYS.meta, meta);
    }
    const expires = (meta.lastActivity ?? now) + CONVERSATION_RETENTION_MS;
    if (now < expires) {
      await this.ctx.storage.setAlarm(expires);
      return;
    }
    await forgetConversation(this.db(), meta.owner, meta.sessionId);
    await this.wipe("This conversation was more than 30 days old, so Nino let it go");
  }

  async webSocketError(_ws: WebSocket, error: unknown): Promise<void> {
    this.log("nino websocket error", error);
  }

  // --- frames ---------------------------------------------------------------------------------

  private async hello(ws: WebSocket, frame: Extract<ClientFrame, { type: "hello" }>): Promise<void> {
    const meta = this.meta!;
    const now = Date.now();
    const info = this.info(ws);
    ws.serializeAttachment({ ...info, page: frame.page } satisfies SocketInfo);

    // A visit left for a while is over: it is recorded, and this hello begins a new one.
    if (frame.utcOffsetMinutes !== undefined) meta.utcOffsetMinutes = frame.utcOffsetMinutes;
    const ended = meta.visit !== null && now - meta.visit.lastActivity > SESSION_GAP_MS;
    const newSession = meta.visit === null || ended;
    try {
      if (meta.visit && ended) {
        await recordVisitInD1(this.db(), meta.owner, meta.visit, meta.utcOffsetMinutes);
        meta.visit = null;
      }
      meta.memory = await readMemoryView(this.db(), meta.owner);
    } catch (error) {
      this.log("nino memory could not be read at hello", error);
    }
    this.touchVisit(now, info.device);
    await this.ctx.storage.setAlarm(now + SESSION_GAP_MS);

    if (!this.conversation) {
      const fresh = createConversation({ sessionId: meta.sessionId, childName: frame.childName ?? meta.memory.name, age: frame.age ?? meta.memory.age, now });
      this.send(ws, historyFrame(fresh));
      const t = greet(fresh, this.deps(now, info.voice));
      this.conversation = t.state;
      await this.save();
      this.broadcast(ninoFrame(t.state, t.reply.content, t.reply.suggestions));
      await this.applyEffects(ws, t.effects, now);
      return;
    }
    // (while a turn is being answered the conversation is the turn's to change)
    const changed = (frame.childName && frame.childName !== this.conversation.childName) || (frame.age && frame.age !== this.conversation.age);
    if (changed && !this.busy) {
      this.conversation = { ...this.conversation, childName: frame.childName ?? this.conversation.childName, age: frame.age ?? this.conversation.age };
    }
    await this.save();
    this.send(ws, historyFrame(this.conversation));
    // Coming back to the conversation after a while: Nino greets again ('Welcome back', 'Hi again').
    if (newSession && !this.busy && meta.turnStartedAt === null) {
      const t = greet(this.conversation, this.deps(now, info.voice));
      this.conversation = t.state;
      await this.save();
      this.broadcast(ninoFrame(t.state, t.reply.content, t.reply.suggestions));
      await this.applyEffects(ws, t.effects, now);
    }
  }

  /** One input at a time: a child message or Start Over, answered with the frames in order. */
  private async turn(ws: WebSocket, frame: Extract<ClientFrame, { type: "user_message" | "start_over" }>): Promise<void> {
    const meta = this.meta!;
    const now = Date.now();
    const stale = meta.turnStartedAt !== null && now - meta.turnStartedAt > NINO_LIMITS.turnTimeoutMs;
    if (this.busy || (meta.turnStartedAt !== null && !stale)) return this.send(ws, { type: "error", message: NINO_TEXTS.busy });

    this.busy = true;
    meta.turnStartedAt = now;
    await this.ctx.storage.put(KEYS.meta, meta);
    try {
      const conversation = this.conversation ?? createConversation({ sessionId: meta.sessionId, childName: meta.memory.name, age: meta.memory.age, now });
      // A quota reached: Nino's kind words instead of an answer, and nothing of the turn is kept. (A tab
      // without a caller connected before turns were counted; none survive a deploy, which closes them.)
      const caller = this.info(ws).caller;
      const limits = { db: this.db(), limiter: this.env.COSTLY_LIMITER, storage: this.ctx.storage, modelTurns: this.svc().chat !== null, now };
      const refusal = caller ? await turnRefusal({ ...limits, caller }) : NINO_TEXTS.restMinute;
      if (refusal) return restFrames(conversation, refusal, frame.type === "user_message" ? frame.text : undefined).forEach((f) => this.send(ws, f));
      const voice = frame.type === "user_message" ? frame.source === "voice" : this.info(ws).voice;
      ws.serializeAttachment({ ...this.info(ws), voice } satisfies SocketInfo);
      if (!meta.visit) await this.ctx.storage.setAlarm(now + SESSION_GAP_MS);
      this.touchVisit(now, this.info(ws).device);

      this.broadcast({ type: "status", status: "thinking" });

      if (frame.type === "start_over") {
        const t = startOver(conversation, this.deps(now, voice));
        await this.finish(ws, t, now);
        return;
      }

      const fixed = await moderateChild(this.svc().moderator, frame.text);
      if (fixed) {
        // The flagged words are not kept; the child gets a calm fixed reply. A child at risk gets the
        // safe reply (with the helpline), and their words go back to their own tab only.
        const atRisk = fixed.atRisk || isAtRisk(checkSafety(frame.text)?.kind);
        const at = new Date(now).toISOString();
        const words = childWords(frame.text, at);
        if (atRisk) this.send(ws, words);
        else this.broadcast(words);
        this.broadcast({ type: "typing", on: true });
        this.broadcast({
          type: "nino_message",
          id: `n-${crypto.randomUUID()}`,
          content: atRisk ? withHelpline(MODERATED_REPLIES.atRisk, this.marketOf(ws)) : fixed.content,
          emotion: fixed.emotion,
          flow: conversation.flow.current,
          step: conversation.flow.step,
          timestamp: at,
        });
        if (atRisk) await this.safeReply(ws, now);
        return;
      }

      const t = respond(conversation, { text: frame.text, confidence: frame.confidence }, this.deps(now, voice, this.marketOf(ws)));
      if (t.effects.some((e) => e.type === "safe_reply")) {
        // the safe reply: the child's words (not kept in the history) go back to their own tab only
        this.send(ws, childWords(frame.text.trim(), new Date(now).toISOString()));
      } else {
        const userMessage = lastOf(t.state.history, "user");
        if (userMessage) this.broadcast({ type: "user_message", message: userMessage });
      }
      await this.finish(ws, t, now);
    } catch (error) {
      this.log("nino turn failed", error);
      this.send(ws, { type: "error", message: NINO_TEXTS.littleTrouble });
    } finally {
      this.busy = false;
      meta.turnStartedAt = null;
      if (!this.forgotten) await this.ctx.storage.put(KEYS.meta, meta);
      this.broadcast({ type: "status", status: "idle" });
    }
  }

  /** Typing, the reply (rephrased by a model when there is one), its effects; state saved first. */
  private async finish(ws: WebSocket, t: Transition, now: number): Promise<void> {
    this.broadcast({ type: "typing", on: true });
    const reply = lastOf(t.state.history, "nino");
    const context = reply ? { ...t.state, history: t.state.history.filter((m) => m !== reply) } : t.state;
    const said = await sayReply({ chat: this.svc().chat, moderator: this.svc().moderator, state: context, reply: t.reply });
    const state = said.source === "model" && reply ? replaceContent(t.state, reply.id, said.content) : t.state;
    this.conversation = state;
    await this.save();
    this.broadcast(ninoFrame(state, said.content, t.reply.suggestions));
    await this.applyEffects(ws, t.effects, now);
  }

  private async applyEffects(ws: WebSocket, effects: NinoEffect[], now: number): Promise<void> {
    const meta = this.meta!;
    for (const effect of effects) {
      switch (effect.type) {
        case "story_complete":
          this.broadcast({ type: "story_complete", storyData: effect.storyData });
          break;
        case "voice_end":
          // voice mode is the sending tab's; the others keep theirs
          ws.serializeAttachment({ ...this.info(ws), voice: false } satisfies SocketInfo);
          this.send(ws, { type: "voice_end", message: effect.message });
          break;
        case "remember":
          // folded into one patch below
          break;
        case "safe_reply":
          await this.safeReply(ws, now);
          break;
        default:
          assertNever(effect);
      }
    }
    const patch = rememberPatch(effects);
    if (patch && !this.forgotten) meta.memory = memoryViewFromParts(await rememberInD1(this.db(), meta.owner, patch, now));
  }

  /** The record for the parent and, for a signed-in parent, one e-mail per conversation (never throws). */
  private async safeReply(ws: WebSocket, now: number): Promise<void> {
    const meta = this.meta!;
    if (this.forgotten) return;
    const svc = this.svc();
    await afterSafeReply(
      { db: svc.db, notifications: svc.notifications },
      { owner: meta.owner, sessionId: meta.sessionId, market: this.marketOf(ws), at: now, site: meta.site ?? "http://localhost:8787" },
    );
  }

  // --- helpers --------------------------------------------------------------------------------

  private touchVisit(now: number, device: string | undefined): void {
    const meta = this.meta!;
    meta.lastActivity = now;
    if (meta.visit) meta.visit.lastActivity = now;
    else meta.visit = { startedAt: now, lastActivity: now, device };
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    const stored = await this.ctx.storage.get<ConversationState | Meta>([KEYS.conversation, KEYS.meta]);
    this.conversation = (stored.get(KEYS.conversation) as ConversationState | undefined) ?? null;
    this.meta = (stored.get(KEYS.meta) as Meta | undefined) ?? null;
    this.loaded = true;
  }

  private async save(): Promise<void> {
    if (this.forgotten) return;
    await this.ctx.storage.put({ [KEYS.conversation]: this.conversation, [KEYS.meta]: this.meta });
  }

  private svc(): Services {
    this.services ??= createServices(parseEnv(this.env));
    return this.services;
  }

  private db() {
    return this.svc().db;
  }

  private deps(now: number, voiceMode: boolean, market?: string): Deps {
    return { now, random: Math.random, memory: this.meta!.memory, voiceMode, utcOffsetMinutes: this.meta!.utcOffsetMinutes, market };
  }

  /** the tab's market (India for a tab that connected before markets were passed) */
  private marketOf(ws: WebSocket): string {
    return this.info(ws).market ?? "IN";
  }

  private info(ws: WebSocket): SocketInfo {
    const info = ws.deserializeAttachment() as SocketInfo | null;
    return info ?? { voice: false };
  }

  private send(ws: WebSocket, frame: ServerFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // the socket closed meanwhile
    }
  }

  private broadcast(frame: ServerFrame): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // closed meanwhile
      }
    }
  }

  private log(msg: string, error: unknown): void {
    log.error(msg, { reason: error });
  }
}
