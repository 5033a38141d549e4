// A fake of the parts of OpenAI's API the providers call, under /v1:
//   POST /v1/chat/completions  a chat completion whose content is a valid 22-page story (JSON)
//   POST /v1/images/generations, /v1/images/edits (multipart)   { data: [{ b64_json: <PNG> }] }
//   POST /v1/audio/transcriptions (multipart)   { text: "A dragon who loves pancakes." }
//   POST /v1/moderations       one result per input; "flag#<i>" in a text flags category i of
//                              MODERATION_CATEGORIES, "score#<i>=<n>" sets its score without the
//                              flag (numbers, so the markers never trip the offline word rules)
// Extra steps (see base.ts for the shared ones):
//   badjson   the story content is not JSON         badstory  JSON with 3 pages instead of 22
//   refusal   the model refuses                      truncated finish_reason "length", content cut
//   notpng    the image is base64 text, not a PNG    mismatch  one moderation result too few
//   empty     no choices / no images / no results
//   reply     a chat completion with a short chat reply (NINO_REPLY), as Nino's chat gets
//   slip      the story has "a eight-year-old" on story page 5; slip<n>_<n>… on those pages instead
// A picture check (a chat completion whose user message carries image_url parts) answers the
// picture_check JSON: all well, unless the text sent carries "fails#<n>" or "fails#<n>=<what>"
// (what: words, unlike, limbs, absent; words when not given): then the first n checks of that key
// fail so (counted per key, so parallel tests never share state).
// A page rewrite (a chat completion whose json_schema is "page_rewrite") answers { content } with
// the page it was sent: with "a" before a vowel made "an" (ok, and any step not below), as it was
// (unfixed), ten times over (long), or fixed and carrying flag#11, a violence flag (flagged);
// badjson, refusal, empty and the shared steps answer as they do for a story.
import type { IncomingMessage } from "node:http";
import { PAGE_PNG } from "./png";
import { startFakeServer, type FakeServer } from "./base";

/** The chat reply of the "reply" step. */
const NINO_REPLY = "Ooh, what a lovely idea! Tell me more.";

/** The categories of omni-moderation-latest. */
export const MODERATION_CATEGORIES = [
  "sexual",
  "sexual/minors",
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/intent",
  "self-harm/instructions",
  "violence",
  "violence/graphic",
];

const FALLBACK_SHEET = {
  name: "Hero",
  age: 6,
  gender: "child",
  skinTone: "#c08a5f",
  hairColor: "#3b2619",
  hairStyle: "curly",
  eyeColor: "#5e3a1e",
  outfitColor: "#f5c542",
  outfitAccent: "#2a9d8f",
  outfit: "overalls",
  accessory: "backpack",
  description: "A six-year-old with curly dark-brown hair, warm tan skin and brown eyes, in sunny yellow overalls with a teal backpack.",
};

/** A valid story for the brief in the user message: the child's name, the fixed sheet if there is one. */
export function storyFor(userMessage: string) {
  const who = /Write a picture book for (.+?), aged (\d+)/.exec(userMessage);
  const name = who?.[1] ?? "Hero";
  const age = Number(who?.[2] ?? 6);
  const fixed = /The hero's character sheet is fixed[^\n]*\n(\{.*\})/.exec(userMessage);
  const sheet = fixed ? JSON.parse(fixed[1]) : { ...FALLBACK_SHEET, name, age };
  return {
    title: `${name} and the Glowing Map`,
    dedication: `For ${name}, with love.`,
    coverScene: `${name} holds a glowing map at the edge of a whispering forest.`,
    characterSheet: sheet,
    pages: Array.from({ length: 22 }, (_, i) => ({
      scene: `${name} on page ${i + 3}, smiling in a sunny meadow.`,
      content: i === 21 ? `The End. Goodnight, ${name}.` : `Page ${i + 1}: ${name} took one more brave little step and smiled.`,
    })),
  };
}

/** The sentence the "slip" step puts on a story page. */
export const slipOn = (name: string, page: number) => `Page ${page}: ${name} waved to a eight-year-old fox and smiled.`;

function withSlips(story: ReturnType<typeof storyFor>, step: string) {
  const m = /^slip([\d_]*)$/.exec(step);
  if (!m) return story;
  const pages = m[1] ? m[1].split("_").map(Number) : [5];
  const name = story.characterSheet.name as string;
  return { ...story, pages: story.pages.map((p, i) => (pages.includes(i + 1) ? { ...p, content: slipOn(name, i + 1) } : p)) };
}

/** The new page a rewrite request gets: the page it was sent, as the step says. */
function rewriteOf(userMessage: string, step: string): string {
  const page = /The page to rewrite:\n"""\n([\s\S]*?)\n"""/.exec(userMessage)?.[1] ?? "";
  const fixed = page.replace(/\b([Aa]) (?=[aeiouAEIOU8])/g, "$1n ");
  if (step === "unfixed") return page;
  if (step === "long") return Array.from({ length: 10 }, () => page).join(" ");
  if (step === "flagged") return `${fixed} ${flagged("violence")}`;
  return fixed;
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return JSON.parse(raw.toString("utf8"));
  const form = await new Request("http://fake.local/", { method: "POST", headers: { "content-type": type }, body: new Uint8Array(raw) }).formData();
  const out: Record<string, unknown> = {};
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") out[field] = value;
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      out[field] = { file: value.name, type: value.type, size: bytes.length, head: bytes.subarray(0, 8).toString("hex") };
    }
  }
  return out;
}

/** The marker that makes the fake flag a category. */
export const flagged = (category: string) => `flag#${MODERATION_CATEGORIES.indexOf(category)}`;
/** The marker that gives a category a score without OpenAI's own flag. */
export const scored = (category: string, score: number) => `score#${MODERATION_CATEGORIES.indexOf(category)}=${score}`;

function moderate(text: string) {
  const categories: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  for (const c of MODERATION_CATEGORIES) {
    categories[c] = false;
    scores[c] = 0.0001;
  }
  for (const m of text.matchAll(/flag#(\d+)/g)) {
    const c = MODERATION_CATEGORIES[Number(m[1])];
    categories[c] = true;
    scores[c] = 0.97;
  }
  for (const m of text.matchAll(/score#(\d+)=([\d.]+)/g)) scores[MODERATION_CATEGORIES[Number(m[1])]] = Number(m[2]);
  // every input is text, so each category says it was judged on the text (as the real answer does)
  const applied = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, ["text"]]));
  return { flagged: Object.values(categories).some(Boolean), categories, category_scores: scores, category_applied_input_types: applied };
}

type Part = { type: string; text?: string; image_url?: { url: string } };

/** The picture check's answer: the marker in the text sent says how many checks of the key fail, and how. */
function pictureCheck(parts: Part[], seen: number) {
  const text = parts.map((p) => p.text ?? "").join("\n");
  const m = /fails#(\d+)(?:=(words|unlike|limbs|absent))?/.exec(text);
  const fail = m && seen < Number(m[1]) ? (m[2] ?? "words") : null;
  return {
    heroPresent: fail !== "absent",
    heroAlike: fail !== "unlike",
    hasText: fail === "words",
    extraLimbs: fail === "limbs",
    notes: fail ? `fake check failure: ${fail}` : "",
  };
}

export async function startFakeOpenAI(): Promise<FakeServer> {
  const checks = new Map<string, number>();
  return startFakeServer(
    ({ url, key, step, body, send }) => {
      const b = (body ?? {}) as Record<string, unknown>;
      if (url.pathname === "/v1/chat/completions") {
        if (step === "empty") return send(200, { id: "chatcmpl-fake", object: "chat.completion", choices: [] });
        const parts = ((b.messages as { content: unknown }[] | undefined) ?? []).flatMap((m) => (Array.isArray(m.content) ? (m.content as Part[]) : []));
        if (parts.some((p) => p.type === "image_url")) {
          const seen = checks.get(key) ?? 0;
          checks.set(key, seen + 1);
          const content = step === "badjson" ? "looks fine to me" : JSON.stringify(pictureCheck(parts, seen));
          return send(200, {
            id: "chatcmpl-fake",
            object: "chat.completion",
            model: b.model,
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          });
        }
        const messages = (b.messages as { role: string; content: string }[] | undefined) ?? [];
        const user = messages.find((m) => m.role === "user")?.content ?? "";
        const rewrite = (b.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === "page_rewrite";
        const story = withSlips(storyFor(user), step);
        let content: string | null = rewrite ? JSON.stringify({ content: rewriteOf(user, step) }) : JSON.stringify(story);
        let refusal: string | null = null;
        let finish = "stop";
        if (step === "reply") content = NINO_REPLY;
        if (step === "badjson") content = "Here is your story: { title: Mia";
        if (step === "badstory") content = JSON.stringify({ ...story, pages: story.pages.slice(0, 3) });
        if (step === "truncated") {
          content = content.slice(0, 300);
          finish = "length";
        }
        if (step === "refusal") {
          content = null;
          refusal = "I'm sorry, I can't help with that request.";
        }
        return send(200, {
          id: "chatcmpl-fake",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: b.model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal }, finish_reason: finish }],
          usage: { prompt_tokens: 900, completion_tokens: 2400, total_tokens: 3300 },
        });
      }
      if (url.pathname === "/v1/images/generations" || url.pathname === "/v1/images/edits") {
        if (step === "empty") return send(200, { created: 1, data: [] });
        const b64 = step === "notpng" ? Buffer.from("definitely not a picture").toString("base64") : PAGE_PNG.toString("base64");
        return send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: b64 }], usage: { total_tokens: 100 } });
      }
      if (url.pathname === "/v1/audio/transcriptions") {
        // The recording's bytes are not speech here: the fake answers with a fixed sentence.
        if (step === "empty") return send(200, {});
        return send(200, { text: "  A dragon who loves pancakes.  " });
      }
      if (url.pathname === "/v1/moderations") {
        const input = Array.isArray(b.input) ? (b.input as string[]) : [String(b.input ?? "")];
        let results = input.map(moderate);
        if (step === "empty") results = [];
        if (step === "mismatch") results = results.slice(1);
        return send(200, { id: "modr-fake", model: b.model, results });
      }
      return send(404, { error: { message: `Unknown path ${url.pathname}`, type: "invalid_request_error" } });
    },
    undefined,
    parseBody,
  );
}
