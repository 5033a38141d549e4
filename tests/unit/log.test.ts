import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "~/services/log.server";

function capture() {
  const lines: { level: LogLevel; entry: Record<string, unknown> }[] = [];
  const logger = createLogger({}, (level, line) => lines.push({ level, entry: JSON.parse(line) }));
  return { lines, logger };
}

describe("the server logger", () => {
  it("writes one JSON line per entry with its level, message and fields", () => {
    const { lines, logger } = capture();
    logger.info("stalled-book sweep", { checked: 3 });
    logger.warn("theme templates read failed");
    expect(lines).toEqual([
      { level: "info", entry: { level: "info", msg: "stalled-book sweep", checked: 3 } },
      { level: "warn", entry: { level: "warn", msg: "theme templates read failed" } },
    ]);
  });

  it("carries a request's id on every line of that request", () => {
    const { lines, logger } = capture();
    const request = logger.with({ requestId: "req-1" });
    request.error("drawing a page again failed", { bookId: "b1", error: new Error("D1 is busy") });
    expect(lines[0]).toEqual({
      level: "error",
      entry: { level: "error", msg: "drawing a page again failed", requestId: "req-1", bookId: "b1", error: "D1 is busy" },
    });
  });

  it("still writes a line when a field cannot be turned into JSON", () => {
    const { lines, logger } = capture();
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    logger.warn("odd", { loop });
    expect(lines[0].entry).toMatchObject({ level: "warn", msg: "odd" });
  });
});
