import { Link } from "@remix-run/react";
import { consentStore, useCookieConsent, type ConsentValue } from "./consent";
import { CloseIcon, CookieIcon } from "~/components/ui/icons-core";
import { iconButton, softButton, strongButton } from "./styles";

/**
 * The cookie consent banner. It sits at the bottom of the page in the flow
 * (sticky), so once a phone scrolls to the end it no longer covers the footer.
 */
export function CookieBanner({ serverConsent }: { serverConsent: ConsentValue }) {
  const { consent, dismissed } = useCookieConsent(serverConsent);
  if (consent !== "unset" || dismissed) return null;
  const store = () => consentStore();

  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      data-overlay="cookie-banner"
      className="pointer-events-auto relative mx-auto w-full max-w-4xl rounded-t-3xl border border-b-0 border-ink/10 bg-paper px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_30px_rgba(43,37,66,0.12)] sm:mb-4 sm:rounded-3xl sm:border-b sm:px-6 sm:py-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <CookieIcon className="hidden shrink-0 sm:block" />
        <div className="min-w-0 flex-1 pr-10 sm:pr-0">
          <p id="cookie-banner-title" className="sr-only font-display text-lg font-semibold text-ink sm:not-sr-only">
            A quick word about cookies
          </p>
          <p className="text-[0.95rem] leading-snug text-ink-soft sm:mt-1">
            <strong className="font-semibold text-ink sm:font-normal sm:text-ink-soft">We use a few cookies</strong> to keep StoryNest running. Only if you
            accept all do we count visits, on our own servers. We don&apos;t show ads.{" "}
            <Link to="/privacy" className="font-semibold whitespace-nowrap text-plum underline decoration-2 underline-offset-2 hover:text-ink">
              Privacy policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2 sm:gap-3">
          <button type="button" className={softButton("md", "flex-1 sm:flex-none")} onClick={() => store()?.choose("denied")}>
            Decline
          </button>
          <button type="button" className={strongButton("md", "flex-1 sm:flex-none")} onClick={() => store()?.choose("granted")}>
            Accept All
          </button>
        </div>
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
