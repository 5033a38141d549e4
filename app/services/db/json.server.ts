import { z } from "zod";

/** Bytes of a string as UTF-8 (what D1 stores). */
export function utf8Bytes(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** A JSON object (as parsed) whose serialised form is at most `maxBytes`. */
export function jsonObject(maxBytes: number) {
  return z
    .record(z.string(), z.unknown())
    .refine((v) => utf8Bytes(JSON.stringify(v)) <= maxBytes, { message: `JSON data is larger than ${maxBytes} bytes` });
}

/** Parses JSON text; undefined when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
