import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { NINO_OPEN_EVENT } from "./events";
import { ninoButtonHidden } from "./visibility";

/**
 * The floating Nino button (bottom right on every page but the creation and book pages, app/components/nino/visibility.ts) and the panel
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

  const lift = useCookieBannerLift(!hidden);

  return (
    <>
      {hidden ? null : (
        <button
          type="button"
          onClick={show}
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="nino-button"
          style={lift ? { bottom: lift + 12 } : undefined}
          // Hidden until its place above the cookie banner is known: it appears there, it does not jump there.
          className={lift === null ? "nino-button invisible" : "nino-button"}
        >
          <span className="nino-button-face">
            <img src="/nino.svg" alt="" width={44} height={44} />
          </span>
          <span>Talk to Nino</span>
        </button>
      )}
      {mounted ? (
        <Suspense fallback={null}>
          <NinoPanel open={open} onOpenChange={setOpen} returnFocusTo={returnTo} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The cookie banner sits at the bottom of the screen until a choice is made: the button rises above
 * it rather than covering its buttons. Returns how many pixels of the viewport's bottom it covers
 * (null until measured).
 */
function useCookieBannerLift(active: boolean): number | null {
  const [lift, setLift] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const banner = document.querySelector<HTMLElement>("[data-testid=cookie-banner]");
        const top = banner?.getBoundingClientRect().top ?? window.innerHeight;
        setLift(Math.max(0, Math.round(window.innerHeight - top)));
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [active]);
  return lift;
}
