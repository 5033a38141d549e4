import { useSyncExternalStore } from "react";
import { createConnectionStore, INITIAL_CONNECTION, type ConnectionState, type ConnectionStore } from "./connection";
import { noSubscription } from "./consent";
import { toast, TOAST_DURATION } from "./toast";

/** The connection toast (red, 10 s, Refresh Page). */
export const CONNECTION_TOAST_ID = "connection";
export const CONNECTION_TOAST_TEXT = "Failed to connect to the database. Please check your internet connection.";

export function showConnectionToast() {
  toast.show({
    id: CONNECTION_TOAST_ID,
    title: "Connection Error",
    description: CONNECTION_TOAST_TEXT,
    kind: "error",
    duration: TOAST_DURATION.connection,
    action: { label: "Refresh Page", onClick: () => window.location.reload() },
  });
}

let store: ConnectionStore | null = null;
let started = false;

/** The browser's one connection store (null on the server). */
export function connectionStore(): ConnectionStore | null {
  if (typeof window === "undefined") return null;
  store ??= createConnectionStore({
    fetchHealth: (signal) => fetch("/api/health", { signal, cache: "no-store", headers: { accept: "application/json" } }),
    isOnline: () => navigator.onLine,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    onAutomaticFailure: () => showConnectionToast(),
  });
  return store;
}

/**
 * Starts watching, once per page load: checks GET /api/health now, when the browser comes back
 * online and when a failing tab becomes visible again; goes Offline at once on the offline event.
 */
export function startConnectionWatch() {
  const s = connectionStore();
  if (!s || started) return;
  started = true;
  s.subscribe(() => {
    if (s.getState().status === "connected") toast.dismiss(CONNECTION_TOAST_ID);
  });
  window.addEventListener("online", () => void s.check("online"));
  window.addEventListener("offline", () => s.markOffline());
  document.addEventListener("visibilitychange", () => {
    const { status } = s.getState();
    if (document.visibilityState === "visible" && (status === "offline" || status === "api-error")) void s.check("visible");
  });
  // In a task of its own: the page's hydration and effects finish first, so a slow phone does not
  // run the check (and the pill it shows) in the same long task.
  setTimeout(() => void s.check("load"), 0);
}

const initial = () => INITIAL_CONNECTION;

/** Until the first check starts, the browser's state is the very one the server rendered: nothing to render again. */
export function useConnection(): ConnectionState {
  const s = connectionStore();
  return useSyncExternalStore(s ? s.subscribe : noSubscription, s ? s.getState : initial, initial);
}
