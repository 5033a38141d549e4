import { z } from "zod";
import { EMOTIONS, FLOW_TYPES, NINO_LIMITS } from "./types";

/**
 * The one message protocol between the panel (browser) and a conversation's Durable Object,
 * spoken as JSON text frames over the WebSocket at /api/nino/{sessionId}. Both sides parse every
 * frame with these schemas; a switch over `type` must be exhaustive (see `assertNever`).
 */

const emotion = z.enum(EMOTIONS);
const flow = z.enum(FLOW_TYPES);
const step = z.string().min(1).max(40);
const childName = z.string().trim().min(1).max(40);

export const storyDataSchema = z.object({
  characterName: z.string().max(60),
  characterAge: z.number().int().min(0).max(120),
  setting: z.string().max(300),
  theme: z.string().max(60),
  plot: z.string().max(1000),
  moral: z.string().max(300),
  artStyle: z.string().max(60),
});

export const chatMessageSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(["user", "nino"]),
  content: z.string().max(4000),
  timestamp: z.string(),
  emotion,
  confidence: z.number().min(0).max(1).optional(),
  intent: z.string().max(40).optional(),
  entities: z.record(z.string(), z.string()).optional(),
});

/** Frames the browser sends. */
export const clientFrameSchema = z.discriminatedUnion("type", [
  /** first frame after (re)connecting: who is talking; the object answers with `history` */
  z.object({
    type: z.literal("hello"),
    childName: childName.optional(),
    age: z.number().int().min(1).max(17).optional(),
    /** the page the panel is on, e.g. "/createstory" (the creation page adds hand-off buttons) */
    page: z.string().max(200).optional(),
    /** the child's UTC offset in minutes (-new Date().getTimezoneOffset()), for the time of day */
    utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  }),
  z.object({
    type: z.literal("user_message"),
    text: z.string().trim().min(1).max(NINO_LIMITS.maxMessageChars),
    source: z.enum(["text", "voice"]).default("text"),
    /** the recognizer's adjusted confidence for a voice message */
    confidence: z.number().min(0).max(1).optional(),
  }),
  /** start the step-by-step story again from the greeting */
  z.object({ type: z.literal("start_over") }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Frames Nino sends. */
export const serverFrameSchema = z.discriminatedUnion("type", [
  /** the conversation so far, sent in answer to `hello` (a reload continues where it left off) */
  z.object({
    type: z.literal("history"),
    sessionId: z.string(),
    childName: z.string(),
    messages: z.array(chatMessageSchema),
    flow,
    step,
    storyData: storyDataSchema.partial(),
  }),
  z.object({
    type: z.literal("nino_message"),
    id: z.string(),
    content: z.string(),
    emotion,
    flow,
    step,
    timestamp: z.string(),
    /** optional quick replies the panel can show as buttons (story ideas, art styles ...) */
    suggestions: z.array(z.string().max(80)).max(6).optional(),
  }),
  /** the child's message as stored (trimmed, with intent), so every tab shows the same list */
  z.object({ type: z.literal("user_message"), message: chatMessageSchema }),
  z.object({ type: z.literal("typing"), on: z.boolean() }),
  z.object({ type: z.literal("status"), status: z.enum(["thinking", "idle"]) }),
  /** the simple flow reached `complete`: the panel hands this over to /createstory */
  z.object({ type: z.literal("story_complete"), storyData: storyDataSchema }),
  /** the child said goodbye in voice mode */
  z.object({ type: z.literal("voice_end"), message: z.string() }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("pong") }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** Parse a text frame from the browser; never throws. */
export function parseClientFrame(raw: string | ArrayBuffer): { ok: true; frame: ClientFrame } | { ok: false; message: string } {
  if (typeof raw !== "string") return { ok: false, message: "Messages must be text." };
  if (new TextEncoder().encode(raw).byteLength > NINO_LIMITS.maxFrameBytes) {
    return { ok: false, message: "That message is too long. Could you say it in fewer words?" };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: "I'm having trouble understanding. Could you try again?" };
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.code === "too_big");
    return {
      ok: false,
      message: tooLong ? "That message is too long. Could you say it in fewer words?" : "I'm having trouble understanding. Could you try again?",
    };
  }
  return { ok: true, frame: parsed.data };
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected frame: ${JSON.stringify(x)}`);
}
