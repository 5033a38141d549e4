import { describe, expect, it } from "vitest";
import { bookIdSchema, isBookId, isSessionId, LETTERS_AND_DIGITS, randomId, sessionIdSchema } from "~/domain/ids";

/** Hands out the given bytes in order, then zeros. */
function scripted(...bytes: number[]) {
  let i = 0;
  return (count: number) => Uint8Array.from({ length: count }, () => bytes[i++] ?? 0);
}

describe("random ids", () => {
  it("are letters and digits of the asked length, different each time", () => {
    const a = randomId(24);
    expect(a).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(randomId(24)).not.toBe(a);
    expect(randomId(32)).toHaveLength(32);
  });

  it("skip bytes above the largest multiple of the alphabet's size, so no character is favoured", () => {
    // 62 letters and digits: 248 = 4 × 62, so 248..255 are drawn again; 61 is the last character, 62 wraps to the first.
    expect(randomId(4, LETTERS_AND_DIGITS, scripted(248, 255, 0, 61, 62, 247))).toBe("A9A9");
    // 32 divides 256: every byte counts.
    expect(randomId(3, "abcdefghijkmnpqrstuvwxyz23456789", scripted(255, 0, 32))).toBe("9aa");
  });

  it("refuse an alphabet of fewer than 2 or more than 256 characters", () => {
    expect(() => randomId(4, "a")).toThrow();
    expect(() => randomId(4, "x".repeat(257))).toThrow();
  });
});

describe("book and conversation ids", () => {
  it("a book id is 1 to 64 letters and digits", () => {
    for (const good of ["a", randomId(24), "Z".repeat(64)]) expect(isBookId(good), good).toBe(true);
    for (const bad of ["", "a".repeat(65), "has-dash", "../etc", "a b", undefined, 42]) expect(isBookId(bad), String(bad)).toBe(false);
    expect(bookIdSchema.safeParse("abc123").success).toBe(true);
    expect(bookIdSchema.safeParse("abc_123").error?.issues[0].message).toBe("A book id is 1 to 64 letters and digits");
  });

  it("a conversation id is 16 to 64 letters and digits", () => {
    for (const good of ["a".repeat(16), randomId(24), "Z".repeat(64)]) expect(isSessionId(good), good).toBe(true);
    for (const bad of ["a".repeat(15), "a".repeat(65), "has-a-dash-in-it-yes", null]) expect(isSessionId(bad), String(bad)).toBe(false);
    expect(sessionIdSchema.safeParse("short").error?.issues[0].message).toBe("A conversation id is 16 to 64 letters and digits");
  });
});
