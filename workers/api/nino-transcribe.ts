import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";

/**
 * /api/nino/transcribe: the voice fall-back for browsers without speech recognition (the voice
 * engine falls back through other engines, then to text input). GET says whether a
 * transcription key is set; POST takes one short recording (multipart field `audio`), has OpenAI's
 * audio transcription turn it into text and answers {text}. The recording is passed through and
 * never stored. Without a key: 503 {fallback: true}, and the panel goes to typing.
 */
export const TRANSCRIBE_LIMITS = { maxBytes: 4 * 1024 * 1024, timeoutMs: 20_000 } as const;
export const TRANSCRIBE_MODEL = "whisper-1";

const AUDIO_TYPES = /^(audio\/(webm|ogg|mp4|mpeg|mp3|wav|x-wav|m4a|x-m4a|aac)|video\/webm)(;.*)?$/;
const openAIAnswer = z.object({ text: z.string() });

const SEND_AUDIO = "Send the recording as multipart form data in the field 'audio'";

export const ninoTranscribe = new Hono<ApiEnv>()
  .get("/", (c) => c.json({ available: Boolean(c.get("app").env.secrets.OPENAI_API_KEY) }))
  .post(
    "/",
    // A recording announced as too long is not read.
    async (c, next) => {
      if (Number(c.req.header("content-length") ?? "0") > TRANSCRIBE_LIMITS.maxBytes + 64 * 1024)
        return c.json({ error: "That recording is too long", fallback: true }, 413);
      await next();
    },
    zodValidator("form", z.object({ audio: z.instanceof(File).refine((f) => f.size > 0) }), { unreadable: SEND_AUDIO, invalid: () => ({ error: SEND_AUDIO }) }),
    async (c) => {
      const secrets = c.get("app").env.secrets;
      const { audio } = c.req.valid("form");
      if (audio.size > TRANSCRIBE_LIMITS.maxBytes) return c.json({ error: "That recording is too long", fallback: true }, 413);
      if (!AUDIO_TYPES.test(audio.type)) return c.json({ error: "That recording is not an audio file we know" }, 415);
      // A well-formed recording, but without a key there is nothing to send it to (the panel goes to typing).
      if (!secrets.OPENAI_API_KEY) return c.json({ error: "Voice transcription is not set up", fallback: true }, 503);

      const upstream = new FormData();
      upstream.set("file", audio, audio.name || "speech.webm");
      upstream.set("model", TRANSCRIBE_MODEL);
      upstream.set("language", "en");
      upstream.set("response_format", "json");
      const base = (secrets.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
      let res: Response;
      try {
        res = await fetch(`${base}/audio/transcriptions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${secrets.OPENAI_API_KEY}` },
          body: upstream,
          signal: AbortSignal.timeout(TRANSCRIBE_LIMITS.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return c.json({ error: timedOut ? "Transcription timed out" : "Transcription service could not be reached", fallback: true }, timedOut ? 504 : 502);
      }
      if (!res.ok) return c.json({ error: `Transcription service error (${res.status})`, fallback: true }, 502);
      let json: unknown;
      try {
        json = await res.json();
      } catch {
        return c.json({ error: "Transcription service sent something unexpected", fallback: true }, 502);
      }
      const parsed = openAIAnswer.safeParse(json);
      if (!parsed.success) return c.json({ error: "Transcription service sent something unexpected", fallback: true }, 502);
      return c.json({ text: parsed.data.text.trim().slice(0, 500) });
    },
  );
