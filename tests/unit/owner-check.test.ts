import { describe, expect, it } from "vitest";
import { checkedOwner, ownerSchema } from "~/services/db/owner.server";

// checkedOwner answers a well-formed owner without running the schema; for every input, its answer
// must be the schema's (the same owner, or the same refusal).
const long = "a".repeat(128);
const inputs: unknown[] = [
  { kind: "visitor", visitorId: "0123456789abcdef0123456789abcdef" },
  { kind: "visitor", visitorId: long },
  { kind: "visitor", visitorId: `${long}a` },
  { kind: "visitor", visitorId: "" },
  { kind: "visitor", visitorId: "has space" },
  { kind: "visitor", visitorId: "dots.are.not.ids" },
  { kind: "visitor", visitorId: "id\n" },
  { kind: "visitor", visitorId: 42 },
  { kind: "visitor" },
  { kind: "visitor", visitorId: "v1", extra: "stripped" },
  { kind: "visitor", visitorId: "v1", userProfileId: "p1" },
  { kind: "profile", userProfileId: "p_1-A" },
  { kind: "profile", userProfileId: "p1", visitorId: "v1" },
  { kind: "profile", userProfileId: "p1", visitorId: undefined },
  { kind: "profile", userProfileId: "p1", visitorId: "bad id" },
  { kind: "profile", userProfileId: "p1", visitorId: null },
  { kind: "profile", visitorId: "v1" },
  { kind: "profile", userProfileId: "p1", visitorId: "v1", extra: 1 },
  { kind: "someone", visitorId: "v1" },
  { visitorId: "v1" },
  null,
  "visitor",
];

describe("checkedOwner", () => {
  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))("answers %s as the owner schema does", (_label, input) => {
    const expected = ownerSchema.safeParse(input);
    if (expected.success) {
      const owner = checkedOwner(input);
      expect(owner).toStrictEqual(Object.fromEntries(Object.entries(expected.data).filter(([, v]) => v !== undefined)));
      expect(Object.isFrozen(owner)).toBe(true);
      // a checked owner is handed back as it is
      expect(checkedOwner(owner)).toBe(owner);
    } else {
      expect(() => checkedOwner(input)).toThrow(expected.error.issues[0]!.message);
    }
  });

  it("keeps no key the schema would strip, and never hands back the caller's object", () => {
    const input = { kind: "visitor", visitorId: "v1" };
    const owner = checkedOwner(input);
    expect(owner).not.toBe(input);
    expect(Object.keys(checkedOwner({ kind: "visitor", visitorId: "v1", extra: "x" }))).toEqual(["kind", "visitorId"]);
  });
});
