import { z } from "zod";
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from "./report";

/**
 * The server's check of a browser error report (POST /api/client-errors). Kept apart from
 * report.ts so zod stays out of the bundle every page loads: the browser only sends.
 */
export const errorIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "errorId must be 8 to 64 letters, digits or dashes");

export const clientErrorReportSchema = z.strictObject({
  errorId: errorIdSchema,
  message: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.message),
  path: z.string().min(1).max(CLIENT_ERROR_LIMITS.path).startsWith("/", "path must start with /"),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
}) satisfies z.ZodType<ClientErrorReport>;
