import { z } from "zod";

/** A kept form lasts as long as an unused photo does (uploads.server.ts): a day. */
export const DRAFT_TTL_S = 24 * 60 * 60;

/** Which form: /createstory ("theme") or /customstory ("custom"). */
export type DraftForm = "theme" | "custom";

const draftSchema = z.record(z.string().max(60), z.string().max(10_000));

const key = (visitorId: string, form: DraftForm) => `story-draft:${form}:${visitorId}`;

/**
 * The story form a visitor filled before creating an account, kept for this browser (its visitor,
 * whichever account then signs in on it) for a day, so the parent finds it again after signing up.
 * A photo travels as its upload id: the photo itself stays an upload, claimed with the browser.
 */
export function createStoryDrafts(kv: KVNamespace) {
  return {
    async save(visitorId: string, form: DraftForm, fields: Record<string, string>): Promise<void> {
      await kv.put(key(visitorId, form), JSON.stringify(fields), { expirationTtl: DRAFT_TTL_S });
    },
    /** The kept fields, or null (none, expired, or not readable). */
    async get(visitorId: string, form: DraftForm): Promise<Record<string, string> | null> {
      const parsed = draftSchema.safeParse(await kv.get(key(visitorId, form), "json"));
      return parsed.success ? parsed.data : null;
    },
    async drop(visitorId: string, form: DraftForm): Promise<void> {
      await kv.delete(key(visitorId, form));
    },
  };
}

export type StoryDrafts = ReturnType<typeof createStoryDrafts>;
