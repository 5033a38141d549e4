/**
 * Toasts, one at a time. Pure state plus a store that owns the timers, so
 * the rules can be tested with fake timers and used anywhere in the app through `toast` (toast.ts).
 *
 * The rules:
 * - Only one toast is visible. A new toast REPLACES the visible one (news like "Image for page 7
 *   generated!" must never wait behind stale news), with one exception: an error toast is not pushed
 *   away by a calmer one. Then the newcomer waits behind the error and shows when the error goes;
 *   only the newest waiting toast is kept.
 * - Showing a toast with the id of the visible one updates it in place and restarts its timer.
 * - Each toast closes after its duration (step 3 s, image 2 s, connection 10 s, otherwise 5 s);
 *   hovering or focusing it pauses the countdown.
 * - A closed toast stays mounted, closed, for 1.5 s (a toast is removed 1.5 s after it closes) so its exit
 *   animation can play, then it is removed.
 */

export type ToastKind = "info" | "success" | "error";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** Reuse an id to update a toast in place instead of showing a new one. */
  id?: string;
  title: string;
  description?: string;
  kind?: ToastKind;
  /** Milliseconds before it closes by itself; Infinity keeps it until closed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  kind: ToastKind;
  duration: number;
  action?: ToastAction;
  open: boolean;
}

export interface ToastState {
  /** The one toast on screen. */
  visible: Toast | null;
  /** A closed toast still mounted for its exit animation. */
  leaving: Toast | null;
  /** At most one toast waiting behind a visible error toast. */
  waiting: Toast | null;
}

export const TOAST_DURATION = {
  default: 5_000,
  step: 3_000,
  image: 2_000,
  connection: 10_000,
} as const;

/** How long a closed toast stays mounted before it is removed. */
export const TOAST_REMOVE_DELAY = 1_500;

export const EMPTY_TOASTS: ToastState = { visible: null, leaving: null, waiting: null };

export function toToast(options: ToastOptions, makeId: () => string): Toast {
  const title = options.title.trim();
  if (!title) throw new Error("A toast needs a title");
  const duration = options.duration ?? TOAST_DURATION.default;
  if (!(duration > 0)) throw new Error("A toast's duration must be a positive number of milliseconds");
  return {
    id: options.id ?? makeId(),
    title,
    description: options.description?.trim() || undefined,
    kind: options.kind ?? "info",
    duration,
    action: options.action,
    open: true,
  };
}

const closed = (t: Toast): Toast => ({ ...t, open: false });

export function showToast(state: ToastState, toast: Toast): ToastState {
  const { visible } = state;
  if (visible && visible.id === toast.id) return { ...state, visible: toast };
  if (state.waiting && state.waiting.id === toast.id) return { ...state, waiting: toast };
  if (visible && visible.kind === "error" && toast.kind !== "error") return { ...state, waiting: toast };
  return { visible: toast, leaving: visible ? closed(visible) : state.leaving, waiting: state.waiting };
}

/** Closes a toast (the visible one when no id is given); a waiting toast takes its place. */
export function dismissToast(state: ToastState, id?: string): ToastState {
  const { visible, waiting } = state;
  if (visible && (id === undefined || visible.id === id)) {
    return { visible: waiting, leaving: closed(visible), waiting: null };
  }
  if (waiting && waiting.id === id) return { ...state, waiting: null };
  return state;
}

/** Unmounts a closed toast once its exit time is over. */
export function removeToast(state: ToastState, id: string): ToastState {
  return state.leaving?.id === id ? { ...state, leaving: null } : state;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

export interface ToastStore {
  show(options: ToastOptions): string;
  dismiss(id?: string): void;
  /** Stops the visible toast's countdown (pointer over it, or focus inside it). */
  pause(): void;
  resume(): void;
  getState(): ToastState;
  subscribe(listener: () => void): () => void;
}

export function createToastStore(timers: Timers, makeId: () => string): ToastStore {
  let state = EMPTY_TOASTS;
  const listeners = new Set<() => void>();
  let closeTimer: unknown = null;
  let removeTimer: unknown = null;
  let timedId: string | null = null;
  let deadline = 0;
  let remaining: number | null = null; // set while paused

  const emit = () => listeners.forEach((l) => l());

  const clearClose = () => {
    if (closeTimer !== null) timers.clearTimeout(closeTimer);
    closeTimer = null;
  };

  const startClose = (id: string, ms: number) => {
    clearClose();
    timedId = id;
    if (!Number.isFinite(ms)) return;
    deadline = timers.now() + ms;
    closeTimer = timers.setTimeout(() => {
      closeTimer = null;
      set(dismissToast(state, id));
    }, ms);
  };

  const set = (next: ToastState) => {
    const before = state;
    state = next;
    // A new visible toast (or the same id shown again) gets a fresh countdown.
    if (next.visible && next.visible !== before.visible) {
      remaining = null;
      startClose(next.visible.id, next.visible.duration);
    }
    if (!next.visible) {
      clearClose();
      timedId = null;
      remaining = null;
    }
    if (next.leaving && next.leaving !== before.leaving) {
      if (removeTimer !== null) timers.clearTimeout(removeTimer);
      const leavingId = next.leaving.id;
      removeTimer = timers.setTimeout(() => {
        removeTimer = null;
        set(removeToast(state, leavingId));
      }, TOAST_REMOVE_DELAY);
    }
    if (next !== before) emit();
  };

  return {
    show(options) {
      const toast = toToast(options, makeId);
      set(showToast(state, toast));
      return toast.id;
    },
    dismiss(id) {
      set(dismissToast(state, id));
    },
    pause() {
      if (!state.visible || remaining !== null || closeTimer === null) return;
      remaining = Math.max(0, deadline - timers.now());
      clearClose();
    },
    resume() {
      if (remaining === null || !state.visible || timedId !== state.visible.id) return;
      const ms = remaining;
      remaining = null;
      startClose(state.visible.id, ms);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
