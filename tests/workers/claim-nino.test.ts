import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createClaimService } from "~/services/auth/claim.server";
import { getNinoMemory } from "~/services/db/nino-memory.server";
import { conversationsOf, conversationStub } from "~/services/nino/conversations.server";
import { browser, newSession, verifiedParent } from "./claim-helpers";
import { db } from "./db-helpers";
import { connect, hello, newSessionId, say } from "./nino-helpers";

// Nino after a sign-in: a signed-in parent's conversations and Nino's memory belong to the profile,
// so what the child told Nino on one browser, Nino knows on every browser of the account.

vi.setConfig({ testTimeout: 60_000 });
const claims = createClaimService({ db, images: env.BOOK_IMAGES });

describe("Nino follows the family to another browser", () => {
  it("greets the child by the name learned before the sign-in, on a browser that never met them; Forget everything wipes both", async () => {
    const parent = await verifiedParent();
    const profile = { kind: "profile", userProfileId: parent.profileId } as const;
    const home = browser();
    const homeVisitor = { kind: "visitor", visitorId: home.visitorId } as const;

    // before signing in: the child tells Nino their name
    const before = newSessionId();
    const tab = await connect(home.cookie(), before);
    await hello(tab);
    await tab.next("nino_message");
    await say(tab, "my name is Zara");
    await tab.close();
    expect((await getNinoMemory(db, homeVisitor)).friendship.personalDetails.name).toBe("Zara");

    // the sign-in claims the memory and the conversation
    await claims.claim(home.visitorId, parent.profileId);
    expect((await getNinoMemory(db, profile)).friendship.personalDetails.name).toBe("Zara");

    // grandma's tablet: another browser, its own session of the account, no name in its settings
    const tablet = browser({ session: await newSession(parent) });
    const elsewhere = newSessionId();
    const other = await connect(tablet.cookie(), elsewhere);
    await hello(other);
    const greeting = await other.next("nino_message");
    expect(greeting.content).toContain("Zara");
    await say(other, "my sister Mia likes dragons");
    await other.close();
    expect((await conversationsOf(db, profile)).sort()).toEqual([before, elsewhere].sort());
    expect((await getNinoMemory(db, profile)).friendship.familyContext.siblings).toContain("Mia");
    // the visitor cookie alone no longer has Nino's memory of them
    expect((await getNinoMemory(db, homeVisitor)).updatedAt).toBeNull();

    // Forget everything from the tablet: the conversation begun before the sign-in goes too
    expect((await conversationStub(env.NINO_SESSION, homeVisitor, before).stats()).historyLength).toBeGreaterThan(0);
    const res = await tablet.call("/nino-friendship?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "forget" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await conversationsOf(db, profile)).toEqual([]);
    expect((await getNinoMemory(db, profile)).updatedAt).toBeNull();
    for (const [owner, sessionId] of [
      [homeVisitor, before],
      [profile, elsewhere],
    ] as const) {
      expect(await conversationStub(env.NINO_SESSION, owner, sessionId).stats()).toMatchObject({ sessionId: null, historyLength: 0 });
    }
  });
});
