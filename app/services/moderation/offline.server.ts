import type { ModerationVerdict, Moderator } from "./types";

/**
 * The rule-based checker used without an OpenAI key: whole-word patterns per category, each with a
 * kind message. Children's-story words (a sad dragon, a wooden sword) pass.
 */
const RULES: Array<{ category: string; pattern: RegExp; message: string }> = [
  {
    category: "violence",
    pattern: /\b(kill(s|ed|ing)?|murder\w*|blood(y|shed)?|gore|stab\w*|shoot(s|ing)?|gun(s)?|behead\w*|tortur\w*|massacre)\b/i,
    message: "Let's keep stories gentle: please rephrase this without violence.",
  },
  {
    category: "sexual",
    pattern: /\b(sex\w*|porn\w*|nude|naked|erotic\w*)\b/i,
    message: "This doesn't belong in a children's story. Please rephrase it.",
  },
  {
    category: "self-harm",
    pattern: /\b(suicid\w*|self[- ]?harm|kill (him|her|my|them)sel(f|ves))\b/i,
    message: "This sounds like something to talk about with a grown-up, not to put in a story. Please rephrase it.",
  },
  {
    category: "drugs",
    pattern: /\b(cocaine|heroin|meth|drunk|beer|vodka|whisk(e)?y|cigarette\w*)\b/i,
    message: "Let's leave grown-up things out of the story. Please rephrase this.",
  },
  {
    category: "personal-data",
    pattern: /(\b[\w.+-]+@[\w-]+\.[\w.]+\b)|(\+?\d[\d\s().-]{7,}\d)/,
    message: "Please leave out phone numbers and e-mail addresses: the book doesn't need them.",
  },
];

export function createOfflineModerator(): Moderator {
  return {
    name: "offline",
    async check(texts: Record<string, string>): Promise<ModerationVerdict> {
      for (const [field, text] of Object.entries(texts)) {
        if (!text) continue;
        for (const rule of RULES) {
          if (rule.pattern.test(text)) return { ok: false, field, message: rule.message, categories: [rule.category] };
        }
      }
      return { ok: true };
    },
  };
}
