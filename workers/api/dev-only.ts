import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { addLedgerEntry } from "../../app/services/db/credits.server";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";
import { CLOCK_MAX_OFFSET_MS } from "../../app/services/social/clock.server";
import { storyFormSchema } from "../../app/domain/story/form";
import { fieldErrors } from "../../app/domain/validation";
import { resolveSite } from "../../app/domain/story/links";
import { signInBrowser } from "../../app/services/auth/browser-sign-in.server";
import { clientKey } from "../../app/services/auth/identity.server";
import { describeDevice } from "../../app/services/auth/sessions.server";
import { testSignIn } from "../../app/services/auth/test-accounts.server";
import { makeTestBook } from "../../app/services/books/test-books.server";
import { recordActivity } from "../../app/services/analytics/record.server";

/** A diagnostic that exists only outside production: 404 there, as if it were not. */
export const notInProduction: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("app").env.secrets.ENVIRONMENT === "production") throw new HTTPException(404, { message: "Not found" });
  await next();
};

const grantBody = z.object({ credits: z.number().int().min(1).max(20) }).strict();
const name = z.string().trim().min(1).max(60);
const signInBody = z
  .object({ email: z.email().max(254), firstName: name.optional(), lastName: name.optional(), password: z.string().min(8).max(200).optional() })
  .strict();
const clockBody = z.union([z.object({ advanceMs: z.number().int().min(1).max(CLOCK_MAX_OFFSET_MS) }).strict(), z.object({ reset: z.literal(true) }).strict()]);

/**
 * Diagnostics that exist only outside production (404 there):
 *   GET  /api/test/error    throws, so the error path (500 JSON with a generic sentence and the
 *                           error id, one log line with the id and the message) can be seen and tested
 *   POST /api/test/credits  {credits: 1–20} gives the caller's owner that many credits, for the
 *                           end-to-end tests that make more books than the free ones
 *   POST /api/test/rates/forget  forgets the exchange rates kept in KV, so the next price list
 *                           reads the rate service again (the pricing benchmark's cold requests)
 *   GET  /api/test/table-counts  {counts: {table: rows}} for every D1 table: the fuzz drill
 *                           (scripts/fuzz.mjs) compares them before and after rejected requests
 *   GET  /api/test/clock    {offsetMs, now}: the clock of shares' expiry (app/services/social/clock.server.ts)
 *   POST /api/test/clock    {advanceMs: n} moves it forward (at most a year in all); {reset: true} back
 *   POST /api/test/sign-in  {email, firstName?, lastName?, password?}: a confirmed account with a
 *                           profile (the password, if given, hashed the normal way), and the calling
 *                           browser signed in to it as by a real sign-in (session, welcome credits, the
 *                           claim of the browser's things, the session cookie): 201 {userId, userProfileId}. For the
 *                           end-to-end tests that need a signed-in parent only to start from
 *   POST /api/test/books    {the story form's fields}: a finished book of the caller's, written by the
 *                           configured writer and drawn by the quick illustrator with the book
 *                           Workflow's own steps, in this request, charged (and, with consent,
 *                           recorded for analytics) like any book: 201 {bookId}
 *                           (402/429/422 as POST /api/books). For the tests that start from a book
 */
export const devOnly = new Hono<ApiEnv>()
  .use("*", notInProduction)
  .get("/error", () => {
    throw new Error("Deliberate test failure");
  })
  .post(
    "/credits",
    zodValidator("json", grantBody, { unreadable: 'The request body must be JSON: {"credits": 1}.', invalid: () => ({ error: "credits must be 1 to 20." }) }),
    async (c) => {
      const { services, owner } = c.get("app");
      const { credits } = c.req.valid("json");
      await addLedgerEntry(services.db, { owner, delta: credits, reason: "bonus", idempotencyKey: `test-grant:${crypto.randomUUID()}`, note: "Test credits" });
      return c.json({ credits }, 201);
    },
  )
  .post("/rates/forget", async (c) => {
    await c.get("app").services.pricing.forgetRates();
    return c.json({ forgotten: true });
  })
  .get("/clock", async (c) => {
    const { clock } = c.get("app").services.social;
    return c.json({ offsetMs: await clock.offset(), now: new Date(await clock.now()).toISOString() }, 200, { "Cache-Control": "no-store" });
  })
  .post(
    "/clock",
    zodValidator("json", clockBody, {
      unreadable: 'The request body must be JSON: {"advanceMs": 3600000} or {"reset": true}.',
      invalid: () => ({ error: `Send {"advanceMs": n} with n from 1 to ${CLOCK_MAX_OFFSET_MS}, or {"reset": true}.` }),
    }),
    async (c) => {
      const { clock } = c.get("app").services.social;
      const body = c.req.valid("json");
      if ("reset" in body) await clock.reset();
      else await clock.advance(body.advanceMs);
      return c.json({ offsetMs: await clock.offset(), now: new Date(await clock.now()).toISOString() }, 200, { "Cache-Control": "no-store" });
    },
  )
  .get("/table-counts", async (c) => {
    const db = c.env.DB;
    const { results } = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
      .all<{ name: string }>();
    const names = results.map((r) => r.name).filter((name) => /^\w+$/.test(name));
    // one statement: every count read at the same moment
    const row = await db.prepare(`SELECT ${names.map((name) => `(SELECT COUNT(*) FROM "${name}") AS "${name}"`).join(", ")}`).first<Record<string, number>>();
    return c.json({ counts: row ?? {} }, 200, { "Cache-Control": "no-store" });
  })
  .post(
    "/sign-in",
    zodValidator("json", signInBody, {
      unreadable: 'The request body must be JSON: {"email": "…"}.',
      invalid: (issues) => ({ error: "Please check the fields.", fieldErrors: fieldErrors(issues) }),
    }),
    async (c) => {
      const app = c.get("app");
      const result = await testSignIn(app.services.db, c.req.valid("json"), describeDevice(c.req.header("User-Agent") ?? null));
      const cookie = await signInBrowser(c.req.raw, app, result);
      return c.json({ userId: result.userId, userProfileId: result.userProfileId }, 201, { "Set-Cookie": cookie, "Cache-Control": "no-store" });
    },
  )
  .post(
    "/books",
    zodValidator("json", storyFormSchema, {
      unreadable: "The request body must be JSON: the story form's fields.",
      invalid: (issues) => ({ error: "Please check the form.", fieldErrors: fieldErrors(issues) }),
    }),
    async (c) => {
      const { services, owner, identity, env } = c.get("app");
      const deps = { db: services.db, images: c.env.BOOK_IMAGES, moderator: services.moderator, limiter: c.env.BOOK_LIMITER, generation: services.generation };
      const site = resolveSite(env.secrets.WEBSITE_URL, c.req.url);
      const result = await makeTestBook(deps, owner, c.req.valid("json"), { client: clientKey(c.req.raw, identity.visitorId), site });
      if (result.ok) {
        // recorded for analytics as POST /api/books and the Workflow record a book (with the parent's consent)
        await recordActivity(c.get("app"), c.req.raw, "book_started", { bookId: result.bookId });
        await services.analytics.followUp("book_started", "book_finished", { bookId: result.bookId });
        return c.json({ bookId: result.bookId }, 201);
      }
      if (result.status === 400) return c.json({ error: "Please check the form.", fieldErrors: result.fieldErrors }, 400);
      if (result.status === 402) return c.json({ error: result.message }, 402);
      if (result.status === 429) return c.json({ error: result.message }, 429);
      return c.json({ error: result.message }, 422);
    },
  );
