/**
 * The server's one logger: one JSON line per entry, `{ level, msg, ...fields }`, written to the
 * console method of its level (Workers Logs and `wrangler tail` keep the level). A request's
 * logger carries its request id (the error id a person sees on the crash screen or in a 500), so
 * every line a request writes can be found from what the person saw.
 *
 *   log.info("stalled-book sweep", { checked: 3 })
 *   context.log.error("drawing a page again failed", { bookId, error })
 *
 * An `error` field (or any field holding an Error) is written as its message; nothing here is ever
 * sent to a caller.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** a logger whose every line also carries these fields (e.g. `{ requestId }`) */
  with(fields: LogFields): Logger;
}

/** Where lines go: the console by default; tests pass their own to read what was logged. */
export type LogSink = (level: LogLevel, line: string) => void;

const consoleSink: LogSink = (level, line) => {
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};

function plain(value: unknown): unknown {
  if (value instanceof Error) return value.message;
  return value;
}

export function createLogger(base: LogFields = {}, sink: LogSink = consoleSink): Logger {
  const write = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    const entry: LogFields = { level, msg };
    for (const [key, value] of Object.entries({ ...base, ...fields })) {
      if (value !== undefined) entry[key] = plain(value);
    }
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({ level, msg, note: "fields could not be written as JSON" });
    }
    sink(level, line);
  };
  return {
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    with: (fields) => createLogger({ ...base, ...fields }, sink),
  };
}

/** The logger for code that runs outside a request (cron sweeps, the Workflow, the Durable Object). */
export const log: Logger = createLogger();
