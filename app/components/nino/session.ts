import { z } from "zod";
import { isSessionId, randomId } from "~/domain/ids";

/**
 * The browser's side of a conversation's identity and the child's settings, both kept in local
 * storage (the app's `story-app-` prefix) so a reload continues the same conversation.
 */
export const SESSION_KEY = "story-app-nino-session";
export const SETTINGS_KEY = "story-app-nino-settings";

/** A new conversation id: 24 random letters and digits. */
export function newSessionId(): string {
  return randomId(24);
}

/** The stored session id, or a new one (stored) when there is none or it is not one of ours. */
export function loadSessionId(storage: Pick<Storage, "getItem" | "setItem"> | null): string {
  try {
    const stored = storage?.getItem(SESSION_KEY);
    if (isSessionId(stored)) return stored;
  } catch {
    // storage may be blocked (private mode): a conversation per page load then
  }
  const id = newSessionId();
  try {
    storage?.setItem(SESSION_KEY, id);
  } catch {
    // see above
  }
  return id;
}

export const settingsSchema = z.object({
  childName: z.string().trim().max(40).catch(""),
  age: z.number().int().min(1).max(17).nullable().catch(null),
  muted: z.boolean().catch(false),
  voiceEnabled: z.boolean().catch(true),
});
export type NinoSettings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: NinoSettings = { childName: "", age: null, muted: false, voiceEnabled: true };

export function parseSettings(raw: string | null): NinoSettings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The WebSocket address of a conversation on this site. */
export function socketUrl(location: Pick<Location, "protocol" | "host">, sessionId: string): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/nino/${sessionId}`;
}

/** Reconnection delay: 0.5 s doubling to at most 10 s, with a little jitter so tabs spread out. */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.85 + 0.3 * random));
}
