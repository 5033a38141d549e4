/** Where the Nino button is drawn: the dock's row (./Overlays.tsx), at the right. */
export const DOCK_NINO_ID = "dock-nino";

/**
 * Keeps --dock-h on the page's root equal to the dock's height (0 when it is empty), so the
 * stylesheet can keep room for it: scroll-padding for focus, and the offset of sticky bars.
 * Returns the clean-up.
 */
export function publishDockHeight(dock: HTMLElement): () => void {
  const root = document.documentElement;
  const publish = () => root.style.setProperty("--dock-h", `${Math.round(dock.getBoundingClientRect().height)}px`);
  publish();
  const observer = new ResizeObserver(publish);
  observer.observe(dock);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--dock-h");
  };
}

/** The nearest fixed or sticky element at or around `el`, if any. */
function floatingAround(el: Element | null): Element | null {
  for (let e = el; e; e = e.parentElement) {
    const { position } = getComputedStyle(e);
    if (position === "fixed" || position === "sticky") return e;
  }
  return null;
}

/**
 * Keeps the focused control out from under anything floating: the dock, the header, a page's sticky
 * bar. The browser's own focus scrolling (with scroll-padding) does not know a page's sticky bars,
 * nor scroll a tall control that is half in view. Returns the clean-up.
 */
export function keepFocusUncovered(): () => void {
  const onFocus = (event: FocusEvent) => {
    const el = event.target;
    if (!(el instanceof HTMLElement) || el === document.body) return;
    const box = el.getBoundingClientRect();
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const over = floatingAround(document.elementFromPoint(box.left + box.width / 2, y));
    if (!over || over.contains(el) || floatingAround(el)) return;
    const cover = over.getBoundingClientRect();
    // a bar at the bottom: the control goes above it; at the top: below it
    const by = cover.top > window.innerHeight / 2 ? box.bottom - cover.top + 12 : -(cover.bottom - box.top + 12);
    window.scrollBy({ top: by, behavior: "instant" });
  };
  document.addEventListener("focusin", onFocus);
  return () => document.removeEventListener("focusin", onFocus);
}
