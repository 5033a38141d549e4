import { useEffect, useRef, type RefObject } from "react";

/** How far below the screen the "Show more books" button may still be when the next books are asked for. */
const AHEAD = "600px";

/**
 * Calls `onNear` when the element comes within a screen's reach of being scrolled to (while
 * `active`), so the next books arrive before the parent gets to the end of the shelf. The button
 * stays for anyone who prefers to tap it (and for browsers without IntersectionObserver).
 */
export function useWhenNear<T extends Element>(onNear: () => void, active: boolean): RefObject<T> {
  const ref = useRef<T>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
