import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from "~/domain/client-errors/report";

/**
 * The crash screen's error id, and the report a browser sends for an error the server never saw
 * (its shape and limits: app/domain/client-errors/report.ts). POST /api/client-errors validates and
 * logs it, so the id on screen always appears in the server's log.
 */

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The message and stack of anything thrown, cut to the report's limits. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = cut(`${error.name && error.name !== "Error" ? `${error.name}: ` : ""}${error.message || "(no message)"}`, CLIENT_ERROR_LIMITS.message);
    return { message, stack: typeof error.stack === "string" ? cut(error.stack, CLIENT_ERROR_LIMITS.stack) : undefined };
  }
  if (error && typeof error === "object" && "status" in error) {
    const e = error as { status: unknown; statusText?: unknown };
    return { message: cut(`Response ${String(e.status)} ${String(e.statusText ?? "")}`.trim(), CLIENT_ERROR_LIMITS.message) };
  }
  let text: string;
  try {
    text = typeof error === "string" ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    text = String(error);
  }
  return { message: cut(text || "(empty error)", CLIENT_ERROR_LIMITS.message) };
}

export function newErrorId(): string {
  return crypto.randomUUID();
}

const idsByError = new WeakMap<object, string>();

/** One id per error object, however often the crash screen renders it. */
export function clientErrorId(error: unknown): string {
  if (!error || typeof error !== "object") return newErrorId();
  let id = idsByError.get(error);
  if (!id) idsByError.set(error, (id = newErrorId()));
  return id;
}

export function buildReport(errorId: string, error: unknown, path: string): ClientErrorReport {
  // Built to fit the server's schema (app/domain/client-errors/schema.ts; a unit test holds the two together).
  const { message, stack } = describeError(error);
  const report: ClientErrorReport = {
    errorId,
    message: message.trim() || "(no message)",
    path: cut(path.startsWith("/") ? path : "/", CLIENT_ERROR_LIMITS.path),
  };
  if (stack) report.stack = stack;
  return report;
}

/** Sends a report; true when the server logged it (204). */
export async function sendReport(report: ClientErrorReport, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
    });
    return res.status === 204;
  } catch {
    return false;
  }
}

const sent = new Set<string>();

/**
 * Reports an error thrown in the browser once per id. If the network is down, it tries again when
 * the browser comes back online.
 */
export function reportClientError(report: ClientErrorReport): void {
  if (sent.has(report.errorId)) return;
  sent.add(report.errorId);
  void sendReport(report).then((ok) => {
    if (ok || typeof window === "undefined") return;
    window.addEventListener("online", () => void sendReport(report), { once: true });
  });
}
