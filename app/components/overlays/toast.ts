import { useSyncExternalStore } from "react";
import { createToastStore, EMPTY_TOASTS, type ToastState } from "./toast-queue";

export { TOAST_DURATION } from "./toast-queue";
export type { Toast } from "./toast-queue";

let counter = 0;

/**
 * The app's one toast store, usable anywhere in the browser:
 *   toast.show({ title: "Step 1 Complete", description: "Story record created successfully!", kind: "success", duration: TOAST_DURATION.step })
 * The <Toaster/> in <Overlays/> renders it. On the server it is never rendered (no timers run there).
 */
export const toast = createToastStore(
  {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  },
  () => `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`,
);

export function useToasts(): ToastState {
  return useSyncExternalStore(toast.subscribe, toast.getState, () => EMPTY_TOASTS);
}
