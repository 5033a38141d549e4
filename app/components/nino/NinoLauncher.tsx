import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Nino } from "~/components/layout/nino-art";
import { NINO_OPEN_EVENT } from "./events";
import { ninoButtonHidden } from "./visibility";

/**
 * The floating Nino button (bottom right on every page but the creation and book pages, app/components/nino/visibility.ts) and the panel
 * it opens. The panel's code (chat, voice, the connection) loads only when someone reaches for Nino,
 * so no page's first paint waits for it.
 */
const loadPanel = () => import("./NinoPanel");
const NinoPanel = lazy(loadPanel);

/** `openAtOnce`: Nino was asked for before this code had come (./NinoSlot): the panel opens when it mounts. */
export function NinoLauncher({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The button appears once the page is interactive: a tap before hydration would be lost.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const returnTo = useRef<HTMLElement | null>(null);
  const hidden = ninoButtonHidden(pathname);

  const show = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    window.addEventListener(NINO_OPEN_EVENT, show);
    return () => window.removeEventListener(NINO_OPEN_EVENT, show);
  }, [show]);
  const opened = useRef(false);
  useEffect(() => {
    if (!openAtOnce || opened.current) return;
    opened.current = true;
    show();
  }, [openAtOnce, show]);

  const preload = () => void loadPanel();
  const { lift, measured } = useCookieBannerLift(!hidden);

  return (
    <>
      {hidden || !hydrated ? null : (
        <button
          type="button"
          onClick={show}
          onPointerEnter={preload}
          onFocus={preload}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="nino-button"
          style={lift > 0 ? { bottom: lift + 12 } : undefined}
          // Hidden until its place above the cookie banner is known: it appears there, it does not jump there.
          className={`${measured ? "" : "invisible "}group fixed bottom-4 right-4 z-50 flex items-center gap-2 rounded-full bg-paper py-1.5 pl-1.5 pr-4 font-bold text-ink shadow-[0_10px_30px_-10px_rgba(43,37,66,0.45)] ring-2 ring-lavender transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum motion-reduce:transition-none sm:bottom-6 sm:right-6`}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-lavender-soft">
            <Nino className="size-11" mood="curious" />
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
 * it rather than covering its buttons. Returns how many pixels of the viewport's bottom it covers.
 */
function useCookieBannerLift(active: boolean): { lift: number; measured: boolean } {
  const [lift, setLift] = useState(0);
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const banner = document.querySelector<HTMLElement>("[data-testid=cookie-banner]");
        const top = banner?.getBoundingClientRect().top ?? window.innerHeight;
        setLift(Math.max(0, Math.round(window.innerHeight - top)));
        setMeasured(true);
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
  return { lift, measured };
}
