/** Small helpers for the image bytes providers send back (shared by the OpenAI and generic providers). */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes are, by their first bytes (never by a name or a header someone sent). */
export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | "webp" | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP") return "webp";
  return null;
}

export function decodeBase64(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64.replace(/\s+/g, ""));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** A data URL's bytes and type, or null when the text is not a base64 data URL. */
export function parseDataUrl(url: string): { contentType: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const m = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  if (!m) return null;
  try {
    return { contentType: m[1] ?? "application/octet-stream", bytes: decodeBase64(m[2]) };
  } catch {
    return null;
  }
}
