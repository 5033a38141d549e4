import { useCallback, useEffect, useState, type RefObject } from "react";

export type FullscreenMode = "off" | "native" | "fallback";

type WebkitDocument = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => Promise<void> | void };
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };

function fullscreenElement(): Element | null {
  const d = document as WebkitDocument;
  return d.fullscreenElement ?? d.webkitFullscreenElement ?? null;
}

/**
 * Full screen for the book: the Fullscreen API where the browser has it for elements; otherwise
 * (iPhone Safari, or a refused request) the book fills the window above everything else, and
 * Escape or the button leaves again.
 */
export function useFullscreen(ref: RefObject<HTMLElement>): { mode: FullscreenMode; enter(): void; exit(): void; toggle(): void } {
  const [mode, setMode] = useState<FullscreenMode>("off");

  useEffect(() => {
    const onChange = () => {
      const el = fullscreenElement();
      setMode((m) => (el && el === ref.current ? "native" : m === "native" ? "off" : m));
    };
    document.addEventListener("fullscreenchange", onChange);
    document.addEventListener("webkitfullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
      document.removeEventListener("webkitfullscreenchange", onChange);
    };
  }, [ref]);

  // The fallback: Escape leaves, and the page behind does not scroll.
  useEffect(() => {
    if (mode !== "fallback") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMode("off");
    };
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    window.addEventListener("keydown", onKey);
    return () => {
      document.documentElement.style.overflow = overflow;
      window.removeEventListener("keydown", onKey);
    };
  }, [mode]);

  const enter = useCallback(() => {
    const el = ref.current as WebkitElement | null;
    if (!el) return;
    const request =
      document.fullscreenEnabled && el.requestFullscreen
        ? () => el.requestFullscreen()
        : el.webkitRequestFullscreen
          ? () => el.webkitRequestFullscreen!()
          : null;
    if (!request) {
      setMode("fallback");
      return;
    }
    Promise.resolve()
      .then(request)
      .then(() => setMode(fullscreenElement() === el ? "native" : "fallback"))
      .catch(() => setMode("fallback"));
  }, [ref]);

  const exit = useCallback(() => {
    if (fullscreenElement()) {
      const d = document as WebkitDocument;
      const leave = d.exitFullscreen ? () => d.exitFullscreen() : () => d.webkitExitFullscreen?.();
      Promise.resolve()
        .then(leave)
        .catch(() => undefined)
        .finally(() => setMode("off"));
      return;
    }
    setMode("off");
  }, []);

  const toggle = useCallback(() => (mode === "off" ? enter() : exit()), [mode, enter, exit]);

  return { mode, enter, exit, toggle };
}
