import { describe, expect, it } from "vitest";
import { ownerOf } from "~/services/db/owner.server";
import { findOwned } from "~/services/db/storybooks.server";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

describe("owners", () => {
  it("a profile owns its books and a visitor only the books no profile has claimed", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    const mine = await makeBook({ visitorId, userProfileId: profileId });
    const anonymous = await makeBook({ visitorId });
    const profile = ownerOf({ visitorId, userProfileId: profileId });
    const visitor = ownerOf({ visitorId });
    expect((await findOwned(db, profile, mine))?.bookId).toBe(mine);
    expect(await findOwned(db, profile, anonymous)).toBeUndefined();
    expect((await findOwned(db, visitor, anonymous))?.bookId).toBe(anonymous);
    expect(await findOwned(db, visitor, mine)).toBeUndefined();
    expect(await findOwned(db, ownerOf({ visitorId: uid("v") }), anonymous)).toBeUndefined();
  });

  it("picks the owner from an identity", () => {
    expect(ownerOf({ visitorId: "v1", userProfileId: "p1" })).toEqual({ kind: "profile", userProfileId: "p1", visitorId: "v1" });
    expect(ownerOf({ visitorId: "v1", userProfileId: null })).toEqual({ kind: "visitor", visitorId: "v1" });
    expect(() => ownerOf({})).toThrow(/visitor id or a user profile id/);
  });
});
