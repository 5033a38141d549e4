/**
 * Delivery that never bothers anyone: a network failure (the request never got an answer) is
 * retried twice, 500 ms after the first try and then 1.5 times longer each time, never more than
 * 5 s; any other failure (an error answer, a refused batch) is dropped without a word.
 */
export const RETRY = { retries: 2, firstDelayMs: 500, factor: 1.5, capMs: 5000 } as const;

/** The wait before retry `n` (1-based): 500, 750, … capped at 5 s. */
export function retryDelay(n: number): number {
  return Math.min(RETRY.capMs, RETRY.firstDelayMs * RETRY.factor ** (n - 1));
}

/** A failure to reach the server at all (fetch rejects with a TypeError), as opposed to an error answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Runs `send` until it resolves, retrying network failures as above. Never rejects: the result is
 * true when `send` resolved, false when it was given up. `stillWanted` is asked before each retry
 * (consent withdrawn in the meantime: stop).
 */
export async function sendWithRetry(
  send: () => Promise<unknown>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  stillWanted: () => boolean = () => true,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await send();
      return true;
    } catch (error) {
      if (!isNetworkFailure(error) || attempt >= RETRY.retries) return false;
    }
    await wait(retryDelay(attempt + 1));
    if (!stillWanted()) return false;
  }
}
