import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { DOCK_NINO_ID } from "~/components/overlays/dock";
import { NINO_OPEN_EVENT } from "./events";
import { ninoButtonHidden } from "./visibility";

/**
 * The Nino button (bottom right, in the dock's row, on every page but the creation and book pages, app/components/nino/visibility.ts) and the panel
 * it opens. The panel's code (chat, voice, the connection) loads only when someone reaches for Nino,
 * so no page's first paint waits for it. Its picture is a file (public/nino.svg, Nino drawn curious)
 * and its look is a class of the site's stylesheet (.nino-button), so this code, fetched on every
 * page that shows the button, stays small.
 */
const loadPanel = () => import("./NinoPanel");
const NinoPanel = lazy(loadPanel);

/** `openAtOnce`: Nino was asked for before this code had come (./NinoSlot): the panel opens when it mounts. */
export function NinoLauncher({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // No tap is lost before hydration: ./NinoSlot mounts this only once the page is interactive.
  const returnTo = useRef<HTMLElement | null>(null);
  const hidden = ninoButtonHidden(pathname);

  const show = useCallback(() => {
    // where focus goes back when the panel closes (any focusable element has focus())
    returnTo.current = document.activeElement as HTMLElement | null;
    setMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    window.addEventListener(NINO_OPEN_EVENT, show);
    return () => window.removeEventListener(NINO_OPEN_EVENT, show);
  }, [show]);
  // Asked for before this code came: open once (openAtOnce only ever turns true, and show is stable).
  useEffect(() => {
    if (openAtOnce) show();
  }, [openAtOnce, show]);

  // The dock's row (~/components/overlays/Overlays.tsx) is drawn before this code comes.
  const dock = typeof document === "undefined" ? null : document.getElementById(DOCK_NINO_ID);

  return (
    <>
      {hidden || !dock
        ? null
        : createPortal(
            <button
              type="button"
              onClick={show}
              onPointerEnter={loadPanel}
              onFocus={loadPanel}
              aria-haspopup="dialog"
              aria-expanded={open}
              data-testid="nino-button"
              data-dock-item
              className="nino-button"
            >
              <span className="nino-button-face">
                <img src="/nino.svg" alt="" width={44} height={44} />
              </span>
              <span>Talk to Nino</span>
            </button>,
            dock,
          )}
      {mounted ? (
        <Suspense fallback={null}>
          <NinoPanel open={open} onOpenChange={setOpen} returnFocusTo={returnTo} />
        </Suspense>
      ) : null}
    </>
  );
}
