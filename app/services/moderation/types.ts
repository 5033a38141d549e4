/**
 * Checks free text before anything is generated (every free-text field of the form) and the text a
 * model writes. Implementations: OpenAI's moderation endpoint when OPENAI_API_KEY is set, otherwise the
 * rule-based checker in this folder.
 */
export type ModerationVerdict =
  | { ok: true }
  | {
      ok: false;
      /** which input was refused, e.g. "storyDescription" or "page 7" */
      field: string;
      /** a kind, clear sentence a parent sees beside the field */
      message: string;
      categories: string[];
    };

export interface Moderator {
  readonly name: "offline" | "openai";
  /** Every entry is checked; the first refusal is returned. Empty strings pass. */
  check(texts: Record<string, string>): Promise<ModerationVerdict>;
}
