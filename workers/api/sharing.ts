import { Hono } from "hono";
import { z } from "zod";
import { resolveSite, storyLink } from "../../app/domain/story/links";
import type { ShareState } from "../../app/domain/story/public-story";
import { SOCIAL_ERRORS } from "../../app/domain/social/social";
import type { ApiEnv } from "./env";
import { recordActivity } from "../../app/services/analytics/record.server";
import { bookIdParam, zodValidator } from "./validate";

const shareBody = z.object({ public: z.boolean({ error: "public must be true or false" }) }).strict();

export const SIGN_IN_TO_SHARE = "Please sign in to share a book: a public link needs an account.";
export const PUBLIC_SHARING_OFF = "Public links are turned off in your privacy settings.";
export const PRIVACY_SETTINGS_PAGE = "/profile/privacy";

/**
 * Sharing a book by a public link (mounted at /api/books):
 *   GET  /api/books/{bookId}/share   → {public, slug, url}
 *   POST /api/books/{bookId}/share   {public: boolean} → {public, slug, url}
 * Owner only: anyone else gets 404, like every book route. Only a finished book can be made public
 * (409 otherwise), only by a signed-in parent (401) whose privacy settings allow public sharing (403
 * with the settings page's address); making it private again always works. GET also says whether
 * this caller may make public links (publicSharingAllowed).
 */
export const sharing = new Hono<ApiEnv>()
  .get("/:bookId/share", bookIdParam, async (c) => {
    const { bookId } = c.req.valid("param");
    const { services, owner, env } = c.get("app");
    const state = await services.sharing.status(owner, bookId);
    if (!state) return c.json({ error: "Book not found" }, 404);
    const site = resolveSite(env.secrets.WEBSITE_URL, c.req.url);
    const allowed = await services.social.privacy.allowsPublicSharing(c.get("app").account?.userId ?? null);
    const body: ShareState = { public: state.public, slug: state.slug, url: storyLink(site, { slug: state.slug, bookId }), publicSharingAllowed: allowed };
    return c.json(body, 200, { "Cache-Control": "private, no-store" });
  })
  .post(
    "/:bookId/share",
    bookIdParam,
    zodValidator("json", shareBody, {
      unreadable: 'The request body must be JSON: {"public": true} or {"public": false}.',
      invalid: (issues) => ({ error: SOCIAL_ERRORS.share, details: issues }),
    }),
    async (c) => {
      const { bookId } = c.req.valid("param");
      const { services, owner, env, account } = c.get("app");
      const makePublic = c.req.valid("json").public;
      if (makePublic) {
        // A public link needs an account whose privacy settings allow it (making private always works).
        if (!account) return c.json({ error: SIGN_IN_TO_SHARE, signIn: "/auth/login" }, 401);
        const state = await services.sharing.status(owner, bookId);
        if (!state) return c.json({ error: "Book not found" }, 404);
        if (!state.public && !(await services.social.privacy.allowsPublicSharing(account.userId)))
          return c.json({ error: PUBLIC_SHARING_OFF, settings: PRIVACY_SETTINGS_PAGE }, 403);
      }
      const result = await services.sharing.setPublic(owner, bookId, makePublic);
      if (!result.ok) return c.json({ error: result.message }, result.status);
      const site = resolveSite(env.secrets.WEBSITE_URL, c.req.url);
      const body: ShareState = { public: result.public, slug: result.slug, url: storyLink(site, { slug: result.slug, bookId }) };
      if (result.public) void recordActivity(c.get("app"), c.req.raw, "book_shared", { bookId, how: "public_link" });
      return c.json(body, 200, { "Cache-Control": "private, no-store" });
    },
  );

/**
 * The /real-stories sample books:
 *   GET  /api/samples   their state (how many are finished, which one is being drawn)
 *   POST /api/samples   makes sure they exist and one unfinished sample is being drawn (idempotent;
 *                       the seed step calls it until all are finished)
 */
export const samples = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const list = await c.get("app").services.samples.list();
    return c.json({ total: list.length, complete: list.filter((b) => b.status === "complete").length, books: list }, 200, { "Cache-Control": "no-store" });
  })
  .post("/", async (c) => {
    const state = await c.get("app").services.samples.ensure();
    return c.json(state, 200, { "Cache-Control": "no-store" });
  });
