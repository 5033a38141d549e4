import { useEffect, useLayoutEffect, type RefObject } from "react";

// before the browser paints, so the words never show cut off first (an effect on the server)
const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The smallest share of the words' own size they are made, before their box may scroll instead. */
const MIN_SCALE = 0.72;

/**
 * Makes a page's words smaller (--fit, a factor their sizes are multiplied by) until they fit their
 * box, and again whenever the box changes size. Their size before scripts comes from the amount of
 * words (./Leaf.tsx); this only corrects it for the window at hand.
 */
export function useFitWords(ref: RefObject<HTMLElement>, key: string): void {
  useBeforePaint(() => {
    const el = ref.current;
    if (!el) return;
    let width = -1;
    let height = -1;
    let scale = 1;
    const overflows = () => el.scrollHeight > el.clientHeight + 1;
    const fit = () => {
      // measured without transitions (reduced motion gives every property a tiny one)
      el.dataset.fitting = "";
      // a new box size starts again from the words' own size; a change inside (the brand font
      // arriving) only goes on making them smaller
      if (el.clientWidth !== width || el.clientHeight !== height) {
        width = el.clientWidth;
        height = el.clientHeight;
        scale = 1;
        el.style.setProperty("--fit", "1");
      }
      while (overflows() && scale > MIN_SCALE) {
        scale = Math.max(MIN_SCALE, scale - 0.05);
        el.style.setProperty("--fit", scale.toFixed(2));
      }
      delete el.dataset.fitting;
    };
    fit();
    // and once the page is laid out for good (a turn's first frame)
    const frame = requestAnimationFrame(fit);
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [ref, key]);
}
