/**
 * The retry box's rules, kept pure: how many retries are left, what the box says, and
 * whether an error was a network problem.
 */

export const MAX_RETRIES = 3;

export interface RetryState {
  /** Retries made so far (0 before the first Try Again). */
  attempt: number;
  max: number;
}

export type LoadErrorKind = "network" | "other";

export function initialRetry(max: number = MAX_RETRIES): RetryState {
  if (!Number.isInteger(max) || max < 1) throw new Error("max retries must be a whole number of at least 1");
  return { attempt: 0, max };
}

export function canRetry(state: RetryState): boolean {
  return state.attempt < state.max;
}

/** Counts one more Try Again; past the maximum nothing changes (the box offers Reset instead). */
export function registerRetry(state: RetryState): RetryState {
  return canRetry(state) ? { ...state, attempt: state.attempt + 1 } : state;
}

/** Reset starts over: the count goes back to zero. */
export function resetRetry(state: RetryState): RetryState {
  return { ...state, attempt: 0 };
}

/** 'Retry attempt {n} of {max}', shown once a retry has been made. */
export function retryLabel(state: RetryState): string | null {
  return state.attempt > 0 ? `Retry attempt ${state.attempt} of ${state.max}` : null;
}

const NETWORK_STATUSES = new Set([502, 503, 504]);
const NETWORK_WORDS = /failed to fetch|networkerror|network error|load failed|network|connection|fetch/i;

/**
 * A network error: the browser is offline, fetch itself failed (Chrome "Failed to fetch", Firefox
 * "NetworkError when attempting to fetch resource.", Safari "Load failed"), or the server answered
 * that it cannot be reached right now (502, 503, 504). Anything else is "other".
 */
export function classifyLoadError(error: unknown, online = true): LoadErrorKind {
  if (!online) return "network";
  if (error && typeof error === "object") {
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number") return NETWORK_STATUSES.has(status) ? "network" : "other";
    const name = (error as { name?: unknown }).name;
    if (name === "AbortError" || name === "TimeoutError") return "network";
  }
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return NETWORK_WORDS.test(message) ? "network" : "other";
}

export const LOAD_ERROR_TEXT: Record<LoadErrorKind, { title: string; body: string }> = {
  network: { title: "Connection Error", body: "Unable to connect to the server. Please check your internet connection." },
  other: { title: "Something went wrong", body: "We encountered an unexpected error while loading this content." },
};
