import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { bookIdSchema } from "../../app/domain/ids";
import { describeIssues, fieldIssues, type FieldIssue } from "../../app/domain/validation";
import type { ErrorBody } from "./errors";

/**
 * The one way an API route checks what it is sent: a zod schema per part of the request, through
 * Hono's validator, before the handler runs. The handler reads the checked value with
 * `c.req.valid(target)`; a request that fails is answered here, never by the handler:
 *
 * - json: the body must be sent as `Content-Type: application/json` (else 415), must parse (else
 *   400 with the route's `unreadable` sentence) and must match the schema (else 400).
 * - form: the body must be multipart/form-data or urlencoded and parse (else 400 `unreadable`),
 *   then match the schema (else 400).
 * - param, query, header: must match the schema (else 400, or the route's `status`).
 *
 * Every answer is the API's error body: `{ error, ...extra }`. The issues reach the route's words
 * through the one mapping in app/domain/validation.ts.
 */
export interface Answers {
  /** 400 unless told; 404 for a path that names nothing this caller may see (an odd book id) */
  status?: 400 | 404;
  /** The route's words for the issues. Default: `{ error: "Invalid request: …", issues: [{ path, message }] }`. */
  invalid?: (issues: FieldIssue[], c: Context) => ErrorBody | Promise<ErrorBody>;
  /** The route's sentence for a body that cannot be read (not JSON, not form data). */
  unreadable?: string;
  /** Fields every error answer of the route carries (`{ fallback: true }`, `{ success: false }`). */
  extra?: Record<string, unknown>;
  /**
   * json only: read the body as JSON whatever its Content-Type says. For a route whose existing
   * callers post JSON without the header; a new route never sets it.
   */
  anyContentType?: boolean;
}

type Target = "json" | "form" | "query" | "param" | "header";

/** What a JSON route answers (415) to a body sent as another type. */
const JSON_ONLY = "Send the body as JSON, with Content-Type: application/json.";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

function mediaType(c: Context): string {
  return (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

function defaultInvalid(issues: FieldIssue[]): ErrorBody {
  return { error: `Invalid request: ${describeIssues(issues, { max: 5 })}`, issues };
}

/** Reads the body a json or form check needs (Hono keeps it for the validator); an answer when it cannot. */
async function readBody(c: Context, target: Target, answers: Answers): Promise<Response | undefined> {
  const refuse = (status: 400 | 415, error: string) => c.json({ ...answers.extra, error }, status);
  if (target === "json") {
    if (!answers.anyContentType && !JSON_TYPE.test(mediaType(c))) return refuse(415, JSON_ONLY);
    try {
      await c.req.json();
    } catch {
      return refuse(400, answers.unreadable ?? "The request body must be JSON");
    }
  }
  if (target === "form") {
    const unreadable = answers.unreadable ?? "Send the body as form data";
    if (!FORM_TYPES.includes(mediaType(c))) return refuse(400, unreadable);
    try {
      await c.req.formData();
    } catch {
      return refuse(400, unreadable);
    }
  }
  return undefined;
}

/**
 * Checks one part of the request against `schema`; the handler gets the parsed value from
 * `c.req.valid(target)`. See `Answers` for what a failure is answered.
 */
export function zodValidator<T extends Target, S extends z.ZodType>(
  target: T,
  schema: S,
  answers: Answers = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env, like Hono's own validator
): MiddlewareHandler<any, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  const check: MiddlewareHandler = validator(target, async (value: unknown, c: Context) => {
    // a JSON body is read by readBody (whatever its type, when the route allows that)
    const input = target === "json" ? await c.req.json() : value;
    const parsed = await schema.safeParseAsync(input);
    if (parsed.success) return parsed.data as z.output<S>;
    const issues = fieldIssues(parsed.error);
    const body = answers.invalid ? await answers.invalid(issues, c) : defaultInvalid(issues);
    return c.json({ ...answers.extra, ...body }, answers.status ?? 400);
  }) as unknown as MiddlewareHandler;
  const middleware: MiddlewareHandler = async (c, next) => {
    const refused = await readBody(c, target, answers);
    if (refused) return refused;
    return check(c, next);
  };
  return middleware;
}

/** A book id in a path: letters and digits (the one rule, `bookIdSchema`). */
export const bookParams = z.object({ bookId: bookIdSchema });

/** An id that cannot be a book is answered like another visitor's book: 404, nothing learned. */
export const BOOK_NOT_FOUND: Answers = { status: 404, invalid: () => ({ error: "Book not found" }) };

/** The `:bookId` of every /api/books/{bookId}… route. */
export const bookIdParam = zodValidator("param", bookParams, BOOK_NOT_FOUND);
