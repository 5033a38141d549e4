import { z } from "zod";

/**
 * The second voice engine, for browsers without SpeechRecognition (the fall-back when speech recognition is missing):
 * record one utterance with MediaRecorder, ending after the child has been quiet for a while (the
 * voice-activity threshold: an average level over 30 of 255 is speech), and have the
 * server transcribe it. The recording lives only in memory and is sent once; nothing stores it.
 */
export const VOICE_ACTIVITY_THRESHOLD = 30;
export const MAX_RECORDING_MS = 20_000;

const availabilitySchema = z.object({ available: z.boolean() });
const transcriptSchema = z.object({ text: z.string() });

/** Does the server have a transcription key? */
export async function transcriptionAvailable(): Promise<boolean> {
  try {
    const res = await fetch("/api/nino/transcribe", { headers: { Accept: "application/json" } });
    if (!res.ok) return false;
    const parsed = availabilitySchema.safeParse(await res.json());
    return parsed.success && parsed.data.available;
  } catch {
    return false;
  }
}

export interface Recording {
  /** resolves with the transcript ("" when nothing was said) */
  done: Promise<string>;
  stop: () => void;
}

/**
 * Records until `silenceMs` of quiet after speech (or `noSpeechMs` without any speech, or the cap),
 * then transcribes. Rejects with an Error whose message names the problem (permission, microphone,
 * network), which the engine turns into the voice error texts.
 */
export async function recordOnce(options: { silenceMs: number; noSpeechMs: number; onSpeech?: () => void }): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  audio.createMediaStreamSource(stream).connect(analyser);
  const levels = new Uint8Array(analyser.frequencyBinCount);
  let heard = false;
  let quietSince = performance.now();
  const started = performance.now();

  const release = () => {
    clearInterval(meter);
    stream.getTracks().forEach((t) => t.stop());
    void audio.close().catch(() => undefined);
  };
  const stop = () => {
    if (recorder.state !== "inactive") recorder.stop();
  };
  const meter = setInterval(() => {
    analyser.getByteFrequencyData(levels);
    const average = levels.reduce((a, b) => a + b, 0) / levels.length;
    const now = performance.now();
    if (average > VOICE_ACTIVITY_THRESHOLD) {
      if (!heard) options.onSpeech?.();
      heard = true;
      quietSince = now;
    }
    if ((heard && now - quietSince > options.silenceMs) || (!heard && now - started > options.noSpeechMs) || now - started > MAX_RECORDING_MS) stop();
  }, 100);

  const done = new Promise<string>((resolve, reject) => {
    recorder.addEventListener("dataavailable", (e) => chunks.push(e.data));
    recorder.addEventListener("stop", () => {
      release();
      if (!heard) {
        resolve("");
        return;
      }
      const blob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
      chunks.length = 0;
      transcribe(blob).then(resolve, reject);
    });
    recorder.addEventListener("error", () => {
      release();
      reject(new Error("The microphone stopped recording"));
    });
  });
  recorder.start(250);
  return { done, stop };
}

async function transcribe(blob: Blob): Promise<string> {
  const body = new FormData();
  body.set("audio", blob, blob.type.includes("ogg") ? "speech.ogg" : blob.type.includes("mp4") ? "speech.mp4" : "speech.webm");
  let res: Response;
  try {
    res = await fetch("/api/nino/transcribe", { method: "POST", body });
  } catch {
    throw new Error("Network connection required for voice recognition");
  }
  if (!res.ok) throw new Error(`The transcription service answered ${res.status}`);
  const parsed = transcriptSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error("The transcription service sent something unexpected");
  return parsed.data.text.trim();
}
