import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRIVACY_DEFAULTS } from "~/domain/social/social";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import worker from "../../workers/app";
import { makeBook, uid } from "./db-helpers";
import { bookOf, parent, row, setPrivacy, shareWith, stranger } from "./social-helpers";

const services = () => createServices(parseEnv(env));
const share = (makePublic: boolean) => ({ public: makePublic });
const SITE = "http://localhost:8787";
const publicState = (bookId: string) => row<{ is_public: number; slug: string | null }>("select is_public, slug from storybooks where book_id = ?", bookId);

describe("privacy settings", () => {
  it("start with the defaults (no public sharing, discovery on, private stories, every notification on) and keep a change", async () => {
    const p = await parent();
    const { privacy } = services().social;
    expect(await privacy.get(p.userId)).toEqual({
      allowPublicSharing: false,
      allowFamilyDiscovery: true,
      defaultStoryPrivacy: "private",
      notifyNewReactions: true,
      notifyNewComments: true,
      notifyFamilyRequests: true,
      notifyStoryShares: true,
    });
    expect(await privacy.get(p.userId)).toEqual(PRIVACY_DEFAULTS);
    const changed = await privacy.update(p.userId, { defaultStoryPrivacy: "family", notifyNewComments: false });
    expect(changed).toEqual({ ...PRIVACY_DEFAULTS, defaultStoryPrivacy: "family", notifyNewComments: false });
    expect(await services().social.privacy.get(p.userId)).toEqual(changed);
    expect(await privacy.update(p.userId, { allowFamilyDiscovery: false })).toEqual({ ...changed, allowFamilyDiscovery: false });
  });

  it("a public link needs a signed-in parent with public sharing on; turning it off withdraws every public link", async () => {
    const p = await parent();
    const first = await bookOf(p);
    const second = await bookOf(p);
    const before = await p.api(`/api/books/${first}/share`);
    expect((await before.json<{ publicSharingAllowed: boolean }>()).publicSharingAllowed).toBe(false);
    const refused = await p.api(`/api/books/${first}/share`, "POST", share(true));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Public links are turned off in your privacy settings.", settings: "/profile/privacy" });
    expect(await publicState(first)).toEqual({ is_public: 0, slug: null });

    await services().social.privacy.update(p.userId, { allowPublicSharing: true });
    expect((await (await p.api(`/api/books/${first}/share`)).json<{ publicSharingAllowed: boolean }>()).publicSharingAllowed).toBe(true);
    const slugs: string[] = [];
    for (const bookId of [first, second]) {
      const made = await p.api(`/api/books/${bookId}/share`, "POST", share(true));
      expect(made.status).toBe(200);
      slugs.push((await made.json<{ slug: string }>()).slug);
    }
    // someone else's public book is not touched by this parent's setting
    const other = await parent();
    await setPrivacy(other.userId, { allowPublicSharing: true });
    const theirs = await bookOf(other);
    await (await other.api(`/api/books/${theirs}/share`, "POST", share(true))).arrayBuffer();
    expect((await stranger(`/story/${slugs[0]}`)).status).toBe(200);

    await services().social.privacy.update(p.userId, { allowPublicSharing: false });
    for (const [i, bookId] of [first, second].entries()) {
      expect(await publicState(bookId)).toEqual({ is_public: 0, slug: null });
      const page = await stranger(`/story/${slugs[i]}`);
      expect(page.status).toBe(404);
      await page.arrayBuffer();
    }
    expect((await publicState(theirs))?.is_public).toBe(1);
  });

  it("a visitor without an account cannot make a public link (401) but can always make a book private", async () => {
    const visitorId = uid("v");
    const bookId = await makeBook({ visitorId }, { status: "complete", isPublic: true, slug: "an-old-public-link-abcdefgh" });
    const res = await stranger(`/api/books/${bookId}/share`, "POST", share(true));
    // this caller is not the owner either: still 401 first (sharing needs an account)
    expect(res.status).toBe(401);
    expect((await res.json<{ error: string }>()).error).toMatch(/sign in/i);
  });
});

describe("the default story privacy, applied once when a book finishes", () => {
  it("private: nothing; public: a link when public sharing is allowed, else private", async () => {
    const p = await parent();
    const { defaultPrivacy, privacy } = services().social;
    const a = await bookOf(p, { privacyAppliedAt: null });
    expect(await defaultPrivacy.apply(a, SITE)).toBe("private");
    expect(await publicState(a)).toEqual({ is_public: 0, slug: null });

    await privacy.update(p.userId, { defaultStoryPrivacy: "public" });
    const b = await bookOf(p, { privacyAppliedAt: null });
    expect(await defaultPrivacy.apply(b, SITE)).toBe("public-not-allowed");
    expect((await publicState(b))?.is_public).toBe(0);

    await privacy.update(p.userId, { allowPublicSharing: true });
    const c = await bookOf(p, { privacyAppliedAt: null });
    expect(await defaultPrivacy.apply(c, SITE)).toBe("public");
    expect((await publicState(c))?.is_public).toBe(1);
    // once only: made private by the owner, a second run leaves it so
    await (await p.api(`/api/books/${c}/share`, "POST", share(false))).arrayBuffer();
    expect(await defaultPrivacy.apply(c, SITE)).toBe("already");
    expect((await publicState(c))?.is_public).toBe(0);
  });

  it("family: shared with every address of the last 90 days that was not revoked, each e-mailed; the cron sweep applies it too", async () => {
    const p = await parent();
    const grandma = await parent();
    const aunt = `${uid("aunt").toLowerCase()}@example.com`;
    const earlier = await bookOf(p);
    await shareWith(p, earlier, grandma.email);
    const { share: auntShare } = await shareWith(p, earlier, aunt);
    await (await p.api(`/api/books/${earlier}/shares/${auntShare.id}`, "DELETE")).arrayBuffer();
    await services().social.privacy.update(p.userId, { defaultStoryPrivacy: "family" });

    const fresh = await bookOf(p, { privacyAppliedAt: null });
    expect(await services().social.defaultPrivacy.apply(fresh, SITE)).toEqual({ family: 1 });
    const made = await row<{ shared_to: string; n: number }>("select shared_to, count(*) as n from shares where story_id = ?", fresh);
    expect(made).toEqual({ shared_to: grandma.email, n: 1 });
    expect((await row<{ n: number }>("select count(*) as n from email_deliveries where to_address = ? and id like 'story-share:%'", grandma.email))?.n).toBe(2);
    expect((await grandma.api(`/api/books/${fresh}/reactions`)).status).toBe(200);

    // A book whose runner stopped before the hook: the cron sweep applies it, once.
    const stopped = await bookOf(p, { privacyAppliedAt: null, lastUpdated: new Date(Date.now() - 10 * 60_000).toISOString() });
    const sweep = () => worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    await sweep();
    await sweep();
    expect((await row<{ n: number }>("select count(*) as n from shares where story_id = ?", stopped))?.n).toBe(1);
    expect((await row<{ applied: string | null }>("select privacy_applied_at as applied from storybooks where book_id = ?", stopped))?.applied).not.toBeNull();
  });
});
