import { Link, useLocation } from "@remix-run/react";
import type { MouseEvent } from "react";
import { consentStore, useCookieConsent, type ConsentValue } from "./consent";
import { CloseIcon, CookieIcon } from "~/components/ui/icons-core";
import { iconButton, softButton, strongButton } from "./styles";

/**
 * The cookie consent banner, at the bottom of the dock (./Overlays.tsx). Decline and Accept All
 * answer from the first paint: they are a plain form (POST /consent) until the page's scripts run,
 * and then store the choice at once without posting.
 */
export function CookieBanner({ serverConsent }: { serverConsent: ConsentValue }) {
  const { consent, dismissed } = useCookieConsent(serverConsent);
  const { pathname, search } = useLocation();
  if (consent !== "unset" || dismissed) return null;
  const store = () => consentStore();
  const choose = (choice: "granted" | "denied") => (e: MouseEvent) => {
    e.preventDefault();
    store()?.choose(choice);
  };

  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      data-overlay="cookie-banner"
      className="pointer-events-auto relative mx-auto w-full max-w-4xl rounded-t-3xl border border-b-0 border-ink/10 bg-paper px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_30px_rgba(43,37,66,0.12)] sm:mb-4 sm:rounded-3xl sm:border-b sm:px-6 sm:py-5 lg:order-2 lg:mb-0 lg:max-w-4xl lg:flex-1 lg:py-3"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <CookieIcon className="hidden shrink-0 sm:block" />
        <div className="min-w-0 flex-1 pr-10 sm:pr-0">
          <p id="cookie-banner-title" className="sr-only font-display text-lg font-semibold text-ink sm:not-sr-only lg:sr-only">
            A quick word about cookies
          </p>
          <p className="text-[0.95rem] leading-snug text-ink-soft sm:mt-1 lg:mt-0">
            <strong className="font-semibold text-ink sm:font-normal sm:text-ink-soft lg:font-semibold lg:text-ink">We use a few cookies</strong> to keep
            StoryNest running. Only if you accept all do we count visits, on our own servers. We don&apos;t show ads.{" "}
            <Link to="/privacy" className="font-semibold whitespace-nowrap text-plum underline decoration-2 underline-offset-2 hover:text-ink">
              Privacy policy
            </Link>
          </p>
        </div>
        <form method="post" action="/consent" className="flex shrink-0 gap-2 sm:gap-3">
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <button type="submit" name="choice" value="denied" className={softButton("md", "flex-1 sm:flex-none")} onClick={choose("denied")}>
            Decline
          </button>
          <button type="submit" name="choice" value="granted" className={strongButton("md", "flex-1 sm:flex-none")} onClick={choose("granted")}>
            Accept All
          </button>
        </form>
        <button
          type="button"
          aria-label="Close"
          title="Close (ask me again next time)"
          className={`${iconButton} absolute top-1 right-1 sm:static`}
          onClick={() => store()?.dismiss()}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
