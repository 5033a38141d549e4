/**
 * The report a browser sends for an error the server never saw (POST /api/client-errors), with the
 * id the crash screen shows. Shared by the browser, which builds and sends it
 * (app/components/overlays/error-report.ts), and the server, which checks it (./schema.ts) and logs
 * it, so the id on screen always appears in the server's log.
 */

export const CLIENT_ERROR_LIMITS = {
  /** Whole request body, in bytes. */
  body: 8 * 1024,
  message: 1_000,
  path: 2_048,
  stack: 4_000,
} as const;

export interface ClientErrorReport {
  errorId: string;
  message: string;
  path: string;
  stack?: string;
}
