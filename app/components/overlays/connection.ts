/**
 * Connection status: checking, Connected, Offline, API Error. The mapping from a
 * health check's outcome to a status is pure; the store around it owns fetch, timers and events.
 */

export type ConnectionStatus = "checking" | "connected" | "offline" | "api-error";

export const STATUS_LABEL: Record<ConnectionStatus, string> = {
  checking: "Checking connection",
  connected: "Connected",
  offline: "Offline",
  "api-error": "API Error",
};

/** 'Connected' hides after 3 s. */
export const CONNECTED_HIDE_MS = 3_000;
/** A health check that takes longer than this counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 8_000;
/** While offline or failing, check again this often (so the button recovers by itself). */
export const FAILING_RECHECK_MS = 30_000;

export type HealthOutcome =
  { type: "browser-offline" } | { type: "network-error" } | { type: "timeout" } | { type: "response"; status: number; body: unknown; jsonOk: boolean };

/** The one field of GET /api/health the browser relies on (checked by hand: no zod on every page). */
function healthStatus(body: unknown): unknown {
  return body !== null && typeof body === "object" && "status" in body ? (body as { status: unknown }).status : undefined;
}

export function classifyHealth(outcome: HealthOutcome): Exclude<ConnectionStatus, "checking"> {
  switch (outcome.type) {
    case "browser-offline":
    case "network-error":
    case "timeout":
      return "offline";
    case "response": {
      if (outcome.status !== 200 || !outcome.jsonOk) return "api-error";
      return healthStatus(outcome.body) === "ok" ? "connected" : "api-error";
    }
  }
}

export function isFailing(status: ConnectionStatus): boolean {
  return status === "offline" || status === "api-error";
}

export type CheckReason = "load" | "user" | "online" | "offline" | "visible" | "interval";

export interface ConnectionState {
  status: ConnectionStatus;
  /** Whether the button is on screen ('Connected' hides after 3 s). */
  visible: boolean;
  /** What started the latest check. */
  reason: CheckReason;
  /** Increases with every finished check. */
  checks: number;
}

export interface ConnectionDeps {
  fetchHealth: (signal: AbortSignal) => Promise<Response>;
  isOnline: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Called once when a check that the person did not start moves the status into a failure. */
  onAutomaticFailure?: (status: ConnectionStatus) => void;
}

export interface ConnectionStore {
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Runs a health check; resolves with the resulting status. A newer check wins over an older one. */
  check(reason: CheckReason): Promise<ConnectionStatus>;
  /** The browser reported it went offline: no request needed. */
  markOffline(): void;
  /** Stops timers and any check in flight. */
  stop(): void;
}

/** Before the first check: nothing shown yet, as the server renders it (the first check shows "checking"). */
export const INITIAL_CONNECTION: ConnectionState = { status: "checking", visible: false, reason: "load", checks: 0 };

export async function readHealth(
  deps: Pick<ConnectionDeps, "fetchHealth" | "isOnline" | "setTimeout" | "clearTimeout">,
  outer?: AbortSignal,
): Promise<HealthOutcome> {
  if (!deps.isOnline()) return { type: "browser-offline" };
  const controller = new AbortController();
  let timedOut = false;
  const timer = deps.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HEALTH_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener("abort", onOuterAbort);
  try {
    const res = await deps.fetchHealth(controller.signal);
    let body: unknown = null;
    let jsonOk = true;
    try {
      body = await res.json();
    } catch {
      jsonOk = false;
    }
    return { type: "response", status: res.status, body, jsonOk };
  } catch {
    if (timedOut) return { type: "timeout" };
    return deps.isOnline() ? { type: "network-error" } : { type: "browser-offline" };
  } finally {
    deps.clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

export function createConnectionStore(deps: ConnectionDeps): ConnectionStore {
  let state = INITIAL_CONNECTION;
  const listeners = new Set<() => void>();
  let seq = 0;
  let inflight: AbortController | null = null;
  let hideTimer: unknown = null;
  let recheckTimer: unknown = null;
  /** The latest final status (never "checking"), to notice a move into failure. */
  let settled: ConnectionStatus = "checking";

  const clear = (h: unknown) => {
    if (h !== null) deps.clearTimeout(h);
  };

  const set = (patch: Partial<ConnectionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };

  const settle = (status: ConnectionStatus, reason: CheckReason) => {
    const wasFailing = isFailing(settled);
    settled = status;
    clear(hideTimer);
    hideTimer = null;
    clear(recheckTimer);
    recheckTimer = null;
    set({ status, visible: true, reason, checks: state.checks + 1 });
    if (status === "connected") {
      hideTimer = deps.setTimeout(() => {
        hideTimer = null;
        if (state.status === "connected") set({ visible: false });
      }, CONNECTED_HIDE_MS);
    } else if (isFailing(status)) {
      recheckTimer = deps.setTimeout(() => {
        recheckTimer = null;
        void store.check("interval");
      }, FAILING_RECHECK_MS);
      if (!wasFailing && reason !== "user") deps.onAutomaticFailure?.(status);
    }
  };

  const store: ConnectionStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async check(reason) {
      const id = ++seq;
      inflight?.abort();
      const controller = new AbortController();
      inflight = controller;
      // Checks the person can see coming show "checking"; quiet background ones keep the old status.
      if (reason === "load" || reason === "user" || reason === "online") {
        clear(hideTimer);
        hideTimer = null;
        set({ status: "checking", visible: true, reason });
      }
      const outcome = await readHealth(deps, controller.signal);
      if (id !== seq) return state.status; // a newer check (or an offline event) took over
      inflight = null;
      const status = classifyHealth(outcome);
      settle(status, reason);
      return status;
    },
    markOffline() {
      seq++;
      inflight?.abort();
      inflight = null;
      settle("offline", "offline");
    },
    stop() {
      seq++;
      inflight?.abort();
      inflight = null;
      clear(hideTimer);
      clear(recheckTimer);
      hideTimer = recheckTimer = null;
    },
  };
  return store;
}
