import { Hono } from "hono";
import { libraryQuerySchema, searchParamsObject } from "../../app/domain/story/library-query";
import { libraryOwnerKey, libraryPage } from "../../app/services/db/storybooks.server";
import type { ApiEnv } from "./index";

/**
 * GET /api/library?sort=&q=&limit=&offset=: a page of the visitor's own library, for the browser's
 * library cache. 400 with the reasons when the query does not parse. Private and never cached.
 */
export const library = new Hono<ApiEnv>().get("/", async (c) => {
  const parsed = libraryQuerySchema.safeParse(searchParamsObject(new URL(c.req.url).searchParams));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return c.json({ error: `Invalid library query: ${issues.map((i) => i.message).join("; ")}`, issues }, 400);
  }
  const { services, owner } = c.get("app");
  const query = parsed.data;
  const [page, ownerKey] = await Promise.all([libraryPage(services.db, owner, query), libraryOwnerKey(owner)]);
  return c.json(
    { ownerKey, sort: query.sort, q: query.q, limit: query.limit, offset: query.offset, books: page.books, hasMore: page.hasMore },
    200,
    { "Cache-Control": "private, no-store", Vary: "Cookie" },
  );
});
