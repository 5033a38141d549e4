import { lazy, Suspense, useEffect, useState } from "react";
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
 * frame is drawn at once, its code and data are fetched once the page itself has loaded, so they
 * never compete with the book's first picture or delay the reader's first taps.
 */
export function LaterSocialPanel({ bookId }: { bookId: string }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (document.readyState === "complete") {
      want();
      return;
    }
    window.addEventListener("load", want, { once: true });
    return () => window.removeEventListener("load", want);
  }, []);
  const placeholder = (
    <SocialPanelShell>
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
