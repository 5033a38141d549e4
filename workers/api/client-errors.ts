import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CLIENT_ERROR_LIMITS } from "../../app/domain/client-errors/report";
import { clientErrorReportSchema } from "../../app/domain/client-errors/schema";
import type { ApiEnv } from "./env";
import { zodValidator } from "./validate";

/**
 * POST /api/client-errors: the crash screen reports an error thrown in the browser with the id it
 * shows; one JSON log line carries the same errorId, so "Our team has been notified" is true and the
 * id leads to the log. 204 when logged; 400 for a body that is not a valid report; 413 when too big.
 */
export const clientErrors = new Hono<ApiEnv>().post(
  "/",
  bodyLimit({
    maxSize: CLIENT_ERROR_LIMITS.body,
    onError: (c) => c.json({ error: `Error report too large (at most ${CLIENT_ERROR_LIMITS.body} bytes)` }, 413),
  }),
  zodValidator("json", clientErrorReportSchema, {
    unreadable: "Invalid error report: the body must be JSON",
    invalid: (issues) => ({ error: "Invalid error report", issues }),
  }),
  (c) => {
    const report = c.req.valid("json");
    c.get("app").log.error("browser error", {
      source: "browser",
      errorId: report.errorId,
      path: report.path,
      message: report.message,
      stack: report.stack,
      userAgent: (c.req.header("user-agent") ?? "").slice(0, 300) || undefined,
    });
    return c.body(null, 204);
  },
);
