import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SpinnerIcon } from "~/components/ui/icons-core";

/** Navigations quicker than this never show the indicator, so fast pages do not flash. */
export const LOADING_DELAY_MS = 250;

/**
 * 'Loading page...': while a navigation is pending, a slim bar creeps along the top
 * edge and a small status pill says so.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const [shown, setShown] = useState(false);
  const [grow, setGrow] = useState(false);

  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const t = window.setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pending]);

  // Start narrow, then ease towards 90% so the bar keeps moving on slow pages.
  useEffect(() => {
    if (!shown) {
      setGrow(false);
      return;
    }
    const r = window.requestAnimationFrame(() => setGrow(true));
    return () => window.cancelAnimationFrame(r);
  }, [shown]);

  return (
    <>
      {shown ? (
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 overflow-hidden bg-coral/15">
          <div
            className="h-full rounded-r-full bg-gradient-to-r from-coral to-plum transition-[width] ease-out motion-reduce:transition-none"
            style={{ width: grow ? "90%" : "12%", transitionDuration: grow ? "8s" : "0s" }}
          />
        </div>
      ) : null}
      <div role="status">
        {shown ? (
          <span
            data-testid="page-loading"
            className="pointer-events-auto mt-1 inline-flex items-center gap-2 rounded-full border border-ink/10 bg-paper px-4 py-2 text-sm font-semibold text-ink shadow-md"
          >
            <SpinnerIcon width={16} height={16} className="text-coral-dark" />
            Loading page...
          </span>
        ) : null}
      </div>
    </>
  );
}
