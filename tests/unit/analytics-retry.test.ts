import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryDelay, sendWithRetry } from "~/components/analytics/retry";

describe("analytics delivery retries", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits 500 ms, then 750 ms, and never more than 5 s", () => {
    expect(retryDelay(1)).toBe(500);
    expect(retryDelay(2)).toBe(750);
    expect(retryDelay(3)).toBe(1125);
    expect(retryDelay(10)).toBe(5000);
  });

  it("retries a network failure twice, at 500 ms and 750 ms after the failures, then gives up", async () => {
    const times: number[] = [];
    const send = vi.fn(() => {
      times.push(Date.now());
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    const start = Date.now();
    const done = sendWithRetry(send);
    await vi.advanceTimersByTimeAsync(499);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(749);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(await done).toBe(false);
    expect(times.map((t) => t - start)).toEqual([0, 500, 1250]);
  });

  it("stops at the first success", async () => {
    const send = vi.fn().mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce("ok");
    const done = sendWithRetry(send);
    await vi.advanceTimersByTimeAsync(500);
    expect(await done).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("swallows any other error without retrying", async () => {
    const send = vi.fn(() => Promise.reject(new Error("bad answer")));
    const done = sendWithRetry(send);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await done).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("does not retry once consent is withdrawn", async () => {
    let wanted = true;
    const send = vi.fn(() => Promise.reject(new TypeError("offline")));
    const done = sendWithRetry(send, undefined, () => wanted);
    wanted = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await done).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
