import { Hono } from "hono";
import { z } from "zod";
import { libraryQuerySchema } from "../../app/domain/story/library-query";
import { libraryOwnerKey, libraryPage } from "../../app/services/db/storybooks.server";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";

/** A field given twice counts once, with its first value (as the /library page reads its URL). */
const firstValues = (query: unknown) =>
  Object.fromEntries(Object.entries(query as Record<string, string | string[]>).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

/**
 * GET /api/library?sort=&q=&limit=&offset=: a page of the visitor's own library, for the browser's
 * library cache. 400 with the reasons when the query does not parse (each reason names its `field`).
 * Private and never cached.
 */
export const library = new Hono<ApiEnv>().get(
  "/",
  zodValidator("query", z.preprocess(firstValues, libraryQuerySchema), {
    invalid: (issues) => ({
      error: `Invalid library query: ${issues.map((i) => i.message).join("; ")}`,
      issues: issues.map((i) => ({ field: i.path, message: i.message })),
    }),
  }),
  async (c) => {
    const { services, owner } = c.get("app");
    const query = c.req.valid("query");
    const [page, ownerKey] = await Promise.all([libraryPage(services.db, owner, query), libraryOwnerKey(owner)]);
    return c.json({ ownerKey, sort: query.sort, q: query.q, limit: query.limit, offset: query.offset, books: page.books, hasMore: page.hasMore }, 200, {
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    });
  },
);
