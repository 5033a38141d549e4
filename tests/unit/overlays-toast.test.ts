import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastStore,
  dismissToast,
  EMPTY_TOASTS,
  removeToast,
  showToast,
  toToast,
  TOAST_DURATION,
  TOAST_REMOVE_DELAY,
  type ToastStore,
} from "~/components/overlays/toast-queue";

let n = 0;
const makeId = () => `t${++n}`;
const t = (title: string, extra: Partial<Parameters<typeof toToast>[0]> = {}) => toToast({ title, ...extra }, makeId);

describe("toast queue (pure)", () => {
  it("shows a toast 5 s, a step toast 3 s, an image toast 2 s, a connection toast 10 s, and removes it after 1.5 s", () => {
    expect(TOAST_DURATION).toEqual({ default: 5000, step: 3000, image: 2000, connection: 10000 });
    expect(TOAST_REMOVE_DELAY).toBe(1500);
    expect(t("Hello").duration).toBe(5000);
    expect(t("Hello").kind).toBe("info");
  });

  it("refuses a toast without a title or with a non-positive duration", () => {
    expect(() => t("   ")).toThrow(/title/);
    expect(() => t("x", { duration: 0 })).toThrow(/duration/);
    expect(() => t("x", { duration: Number.NaN })).toThrow(/duration/);
  });

  it("shows one toast at a time: a new one replaces the visible one, which leaves closed", () => {
    const a = t("A");
    const b = t("B");
    const s1 = showToast(EMPTY_TOASTS, a);
    expect(s1.visible?.title).toBe("A");
    const s2 = showToast(s1, b);
    expect(s2.visible?.title).toBe("B");
    expect(s2.leaving).toMatchObject({ title: "A", open: false });
    expect(s2.waiting).toBeNull();
  });

  it("does not push an error away with a calmer toast: the newcomer waits, newest wins", () => {
    const err = t("Connection Error", { kind: "error" });
    let s = showToast(EMPTY_TOASTS, err);
    s = showToast(s, t("Step 1 Complete", { kind: "success" }));
    s = showToast(s, t("Step 2 Complete", { kind: "success" }));
    expect(s.visible?.title).toBe("Connection Error");
    expect(s.waiting?.title).toBe("Step 2 Complete");
    s = dismissToast(s, err.id);
    expect(s.visible?.title).toBe("Step 2 Complete");
    expect(s.leaving?.title).toBe("Connection Error");
    expect(s.waiting).toBeNull();
  });

  it("lets an error replace an error", () => {
    const s = showToast(showToast(EMPTY_TOASTS, t("E1", { kind: "error" })), t("E2", { kind: "error" }));
    expect(s.visible?.title).toBe("E2");
  });

  it("updates a toast in place when shown again with the same id", () => {
    const s1 = showToast(EMPTY_TOASTS, t("Page 1", { id: "img" }));
    const s2 = showToast(s1, t("Page 2", { id: "img" }));
    expect(s2.visible?.title).toBe("Page 2");
    expect(s2.leaving).toBeNull();
  });

  it("dismisses the visible toast by id or without one, and removes only the leaving one", () => {
    const a = t("A");
    const s = showToast(EMPTY_TOASTS, a);
    expect(dismissToast(s, "nope")).toBe(s);
    const d = dismissToast(s);
    expect(d.visible).toBeNull();
    expect(d.leaving?.id).toBe(a.id);
    expect(removeToast(d, "nope")).toBe(d);
    expect(removeToast(d, a.id).leaving).toBeNull();
  });
});

describe("toast store (timers)", () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore({ setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() }, makeId);
  });
  afterEach(() => vi.useRealTimers());

  it("closes a step toast after 3 s and removes it 1.5 s later", () => {
    store.show({ title: "Step 1 Complete", duration: TOAST_DURATION.step });
    vi.advanceTimersByTime(2999);
    expect(store.getState().visible?.title).toBe("Step 1 Complete");
    vi.advanceTimersByTime(1);
    expect(store.getState().visible).toBeNull();
    expect(store.getState().leaving).toMatchObject({ title: "Step 1 Complete", open: false });
    vi.advanceTimersByTime(1499);
    expect(store.getState().leaving).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getState()).toEqual(EMPTY_TOASTS);
  });

  it("gives the image toast 2 s and the connection toast 10 s", () => {
    store.show({ title: "Image for page 1 generated!", duration: TOAST_DURATION.image });
    vi.advanceTimersByTime(2000);
    expect(store.getState().visible).toBeNull();
    store.show({ title: "Connection Error", kind: "error", duration: TOAST_DURATION.connection });
    vi.advanceTimersByTime(9999);
    expect(store.getState().visible?.title).toBe("Connection Error");
    vi.advanceTimersByTime(1);
    expect(store.getState().visible).toBeNull();
  });

  it("starts a fresh countdown for a replacing toast", () => {
    store.show({ title: "A", duration: 3000 });
    vi.advanceTimersByTime(2500);
    store.show({ title: "B", duration: 3000 });
    vi.advanceTimersByTime(2500);
    expect(store.getState().visible?.title).toBe("B");
    vi.advanceTimersByTime(500);
    expect(store.getState().visible).toBeNull();
  });

  it("shows the waiting toast with its own full duration once the error closes", () => {
    store.show({ title: "Offline", kind: "error", duration: 10_000 });
    vi.advanceTimersByTime(1000);
    store.show({ title: "Step 2 Complete", duration: 3000 });
    vi.advanceTimersByTime(9000);
    expect(store.getState().visible?.title).toBe("Step 2 Complete");
    vi.advanceTimersByTime(2999);
    expect(store.getState().visible?.title).toBe("Step 2 Complete");
    vi.advanceTimersByTime(1);
    expect(store.getState().visible).toBeNull();
  });

  it("pauses while hovered or focused and resumes with the time that was left", () => {
    store.show({ title: "A", duration: 3000 });
    vi.advanceTimersByTime(1000);
    store.pause();
    vi.advanceTimersByTime(60_000);
    expect(store.getState().visible?.title).toBe("A");
    store.resume();
    vi.advanceTimersByTime(1999);
    expect(store.getState().visible?.title).toBe("A");
    vi.advanceTimersByTime(1);
    expect(store.getState().visible).toBeNull();
  });

  it("keeps an Infinity toast until it is closed, and notifies subscribers", () => {
    const seen: Array<string | null> = [];
    const off = store.subscribe(() => seen.push(store.getState().visible?.title ?? null));
    const id = store.show({ title: "Sticky", duration: Infinity });
    vi.advanceTimersByTime(10 * 60_000);
    expect(store.getState().visible?.title).toBe("Sticky");
    store.dismiss(id);
    off();
    store.show({ title: "Unseen" });
    expect(seen).toEqual(["Sticky", null]);
  });
});
