import { describe, expect, it } from "vitest";
import { canRetry, classifyLoadError, initialRetry, LOAD_ERROR_TEXT, MAX_RETRIES, registerRetry, resetRetry, retryLabel } from "~/components/overlays/retry";

describe("retry logic", () => {
  it("allows three retries, counting 'Retry attempt n of 3', then offers nothing more until reset", () => {
    expect(MAX_RETRIES).toBe(3);
    let s = initialRetry();
    expect(retryLabel(s)).toBeNull();
    const labels: Array<string | null> = [];
    while (canRetry(s)) {
      s = registerRetry(s);
      labels.push(retryLabel(s));
    }
    expect(labels).toEqual(["Retry attempt 1 of 3", "Retry attempt 2 of 3", "Retry attempt 3 of 3"]);
    expect(registerRetry(s)).toBe(s);
    s = resetRetry(s);
    expect(s.attempt).toBe(0);
    expect(canRetry(s)).toBe(true);
    expect(retryLabel(s)).toBeNull();
  });

  it("rejects a silly maximum", () => {
    expect(() => initialRetry(0)).toThrow();
    expect(() => initialRetry(1.5)).toThrow();
    expect(retryLabel(registerRetry(initialRetry(5)))).toBe("Retry attempt 1 of 5");
  });

  it("calls fetch failures, 502/503/504 answers, timeouts and being offline network errors", () => {
    expect(classifyLoadError(new TypeError("Failed to fetch"))).toBe("network");
    expect(classifyLoadError(new TypeError("NetworkError when attempting to fetch resource."))).toBe("network");
    expect(classifyLoadError(new TypeError("Load failed"))).toBe("network");
    expect(classifyLoadError({ status: 503, statusText: "Service Unavailable", internal: false, data: "" })).toBe("network");
    expect(classifyLoadError({ status: 504, statusText: "", internal: false, data: "" })).toBe("network");
    expect(classifyLoadError(Object.assign(new Error("timed out"), { name: "TimeoutError" }))).toBe("network");
    expect(classifyLoadError(new Error("Unexpected Server Error"), false)).toBe("network");
  });

  it("calls everything else an unexpected error", () => {
    expect(classifyLoadError(new Error("Unexpected Server Error"))).toBe("other");
    expect(classifyLoadError({ status: 500, statusText: "", internal: false, data: "" })).toBe("other");
    expect(classifyLoadError({ status: 400, statusText: "", internal: false, data: "" })).toBe("other");
    expect(classifyLoadError("boom")).toBe("other");
    expect(classifyLoadError(undefined)).toBe("other");
  });

  it("says 'Connection Error' for a network failure and 'Something went wrong' for anything else", () => {
    expect(`${LOAD_ERROR_TEXT.network.title}: ${LOAD_ERROR_TEXT.network.body}`).toBe(
      "Connection Error: Unable to connect to the server. Please check your internet connection.",
    );
    expect(`${LOAD_ERROR_TEXT.other.title}: ${LOAD_ERROR_TEXT.other.body}`).toBe(
      "Something went wrong: We encountered an unexpected error while loading this content.",
    );
  });
});
