import { describe, expect, it, vi } from "vitest";
import { buildReport, clientErrorId, describeError, sendReport } from "~/components/overlays/error-report";
import { isServerError } from "~/components/overlays/server-error";
import { CLIENT_ERROR_LIMITS } from "~/domain/client-errors/report";
import { clientErrorReportSchema } from "~/domain/client-errors/schema";

describe("where an error came from", () => {
  it("treats route error responses from the server, and stackless (sanitised) errors, as server errors", () => {
    expect(isServerError({ status: 500, statusText: "", internal: false, data: "" })).toBe(true);
    const sanitised = new Error("Unexpected Server Error");
    sanitised.stack = undefined;
    expect(isServerError(sanitised)).toBe(true);
  });

  it("treats errors thrown here, router-made responses and odd values as browser errors", () => {
    expect(isServerError(new Error("render failed"))).toBe(false);
    expect(isServerError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isServerError({ status: 404, statusText: "", internal: true, data: "" })).toBe(false);
    expect(isServerError("boom")).toBe(false);
  });
});

describe("error report", () => {
  it("gives one id per error object", () => {
    const e = new Error("x");
    expect(clientErrorId(e)).toBe(clientErrorId(e));
    expect(clientErrorId(e)).not.toBe(clientErrorId(new Error("x")));
    expect(clientErrorId(e)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("describes errors, responses and odd values, within the limits", () => {
    expect(describeError(new TypeError("bad"))).toMatchObject({ message: "TypeError: bad" });
    expect(describeError({ status: 503, statusText: "Service Unavailable" }).message).toBe("Response 503 Service Unavailable");
    expect(describeError({ a: 1 }).message).toBe('{"a":1}');
    const long = describeError(new Error("x".repeat(5000)));
    expect(long.message.length).toBe(CLIENT_ERROR_LIMITS.message);
    const e = new Error("y");
    e.stack = "s".repeat(10_000);
    expect(describeError(e).stack?.length).toBe(CLIENT_ERROR_LIMITS.stack);
  });

  it("builds a report the server's schema accepts", () => {
    const r = buildReport("0f8c7a1e-1111-4222-8333-444455556666", new Error("Crash test"), "/test/crash");
    expect(clientErrorReportSchema.parse(r)).toEqual(r);
    expect(r.message).toBe("Crash test");
  });

  it("rejects reports with a bad id, a path without a slash, unknown fields or oversized text", () => {
    const good = { errorId: "abcdef12", message: "m", path: "/" };
    expect(clientErrorReportSchema.safeParse(good).success).toBe(true);
    expect(clientErrorReportSchema.safeParse({ ...good, errorId: "short" }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ ...good, errorId: "has spaces in it" }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ ...good, path: "https://evil.example/" }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ ...good, message: "   " }).success).toBe(false);
    expect(clientErrorReportSchema.safeParse({ ...good, message: "m".repeat(1001) }).success).toBe(false);
  });

  it("posts the report as JSON and says whether the server logged it", async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    const r = buildReport("abcdef12", new Error("x"), "/p");
    expect(await sendReport(r, fetchImpl as unknown as typeof fetch)).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/client-errors");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual(r);
    expect(await sendReport(r, (async () => new Response("{}", { status: 400 })) as unknown as typeof fetch)).toBe(false);
    expect(await sendReport(r, (async () => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch)).toBe(false);
  });
});
