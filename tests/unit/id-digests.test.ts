import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { idDigest, REMEMBERED_DIGESTS } from "~/services/id-digests.server";

const expected = (purpose: string, id: string, bytes: number) =>
  createHash("sha256")
    .update(`${purpose}:${id}`)
    .digest("hex")
    .slice(0, bytes * 2);

describe("idDigest", () => {
  it("is the SHA-256 of purpose:id cut to the bytes asked for, the same when asked again", async () => {
    expect(await idDigest("navigation-refresh", "v1", 12)).toBe(expected("navigation-refresh", "v1", 12));
    expect(await idDigest("navigation-refresh", "v1", 12)).toBe(expected("navigation-refresh", "v1", 12));
    expect(await idDigest("storynest-library", "visitor:v1", 16)).toBe(expected("storynest-library", "visitor:v1", 16));
    // another length of the same text is its own answer, not the remembered one
    expect(await idDigest("navigation-refresh", "v1", 16)).toBe(expected("navigation-refresh", "v1", 16));
  });

  it("answers right for ids it has let go of and for the ones it kept", async () => {
    const ids = Array.from({ length: REMEMBERED_DIGESTS + 50 }, (_, i) => `visitor-${i}`);
    for (const id of ids) await idDigest("p", id, 12);
    for (const id of [ids[0]!, ids[49]!, ids[50]!, ids.at(-1)!]) expect(await idDigest("p", id, 12)).toBe(expected("p", id, 12));
  });
});
