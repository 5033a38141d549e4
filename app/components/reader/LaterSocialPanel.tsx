import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { SocialPanelLoading, SocialPanelShell } from "~/components/social/SocialPanelShell";

const SocialPanel = lazy(() =>
  import("~/components/social/SocialPanel").then(
    (m) => ({ default: m.SocialPanel }),
    // its code could not be fetched (offline): the section says so instead of loading forever
    () => ({ default: SocialPanelUnavailable }),
  ),
);

function SocialPanelUnavailable() {
  return (
    <SocialPanelShell>
      <p className="mt-3 text-ink-soft" role="status">
        Reactions and comments could not be loaded just now. Please reload the page to try again.
      </p>
    </SocialPanelShell>
  );
}

/**
 * The reactions and comments under the owner's reader, which sit below the book: the section's
 * frame is drawn at once; its code and data are fetched once the page itself has loaded and the
 * section is about to scroll into view, so they never compete with the book's first picture or
 * delay the reader's first taps, and a parent who only reads the book never fetches them.
 */
export function LaterSocialPanel({ bookId }: { bookId: string }) {
  const [wanted, setWanted] = useState(false);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (wanted) return;
    let observer: IntersectionObserver | undefined;
    const whenNear = () => {
      const el = section.current;
      if (!el || typeof IntersectionObserver === "undefined") return setWanted(true);
      // a quarter of a screen ahead, so they are usually there by the time the section scrolls in
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), { rootMargin: "0px 0px 25% 0px" });
      observer.observe(el);
    };
    if (document.readyState === "complete") whenNear();
    else window.addEventListener("load", whenNear, { once: true });
    return () => {
      window.removeEventListener("load", whenNear);
      observer?.disconnect();
    };
  }, [wanted]);
  const placeholder = (
    <SocialPanelShell sectionRef={section}>
      <SocialPanelLoading />
    </SocialPanelShell>
  );
  return wanted ? (
    <Suspense fallback={placeholder}>
      <SocialPanel bookId={bookId} />
    </Suspense>
  ) : (
    placeholder
  );
}
