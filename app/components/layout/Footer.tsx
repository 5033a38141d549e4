import { useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useContext, useEffect, type ComponentProps } from "react";
import type { SignupAnswer } from "~/components/newsletter/signup-look";
import { MarketMemory } from "~/components/pricing/MarketMemory";
import { SIGNUP_FORM_PARAM, SIGNUP_STATUS_PARAM, signupBack } from "~/domain/newsletter-address";
import { KeptMarkup, markupFor, readServerMarkup } from "./ServerMarkup";
import { KeptMarkupMemo } from "./kept-markup-memo";
import { SiteFooter } from "./SiteFooter";

/**
 * The footer on every page. Its links, its newsletter form and its market picker all work without
 * JavaScript (plain links, forms posted to /newsletter and /market), so the browser keeps the
 * server's markup (./ServerMarkup) and loads none of the footer's own code up front:
 * - the two forms' "come back to" fields follow client navigations;
 * - the newsletter form posts in place, as NewsletterSignup does once hydrated: the same fetcher,
 *   the answer drawn on the kept markup by ../newsletter/signup-draw (fetched when someone reaches
 *   for the form), so the field, what was typed and the focus stay as they are;
 * - the footer's code comes only when it must be drawn again: the market in force changed without a
 *   page load (the market memory put one back, a sign-in), or a client navigation changed a
 *   no-script sign-up's result in the address. The kept markup shows until the code has come.
 */
const ID = "site-footer";
const FORM = "footer";
const ANCHOR = "newsletter"; // signupAnchor("footer"): the footer form's elements' id prefix
const serverMarkup = readServerMarkup(ID);
const LazyFooter = lazy(() => import("./SiteFooter").then((m) => ({ default: m.SiteFooter })));
const loadDraw = () => import("~/components/newsletter/signup-draw");

type Market = ComponentProps<typeof SiteFooter>["market"];

export function Footer({ market = null }: { market?: Market }) {
  const { search } = useLocation();
  const memory = market ? <MarketMemory market={market} source={market.source} /> : null;
  if (import.meta.env.SSR) {
    return (
      <>
        <ServerFooter market={market} />
        {memory}
      </>
    );
  }
  const params = new URLSearchParams(search);
  const drawnFrom = {
    market: market && { country: market.country, currencyCode: market.currencyCode, name: market.name },
    signup: [params.get(SIGNUP_STATUS_PARAM), params.get(SIGNUP_FORM_PARAM)],
  };
  const html = markupFor(serverMarkup, drawnFrom);
  return (
    <>
      {html !== null ? (
        <KeptFooter html={html} />
      ) : (
        <Suspense fallback={serverMarkup ? <KeptMarkup id={ID} html={serverMarkup.html} /> : null}>
          <LazyFooter market={market} />
        </Suspense>
      )}
      {memory}
    </>
  );
}

/**
 * The server's footer: plain links and forms for this address and market, drawn once per address
 * and market and then written from memory (./kept-markup-memo.ts); drawn in place where no memory
 * is given.
 */
function ServerFooter({ market = null }: { market?: Market }) {
  const kept = useContext(KeptMarkupMemo);
  const { pathname, search } = useLocation();
  if (!kept) {
    return (
      <div id={ID} className="contents">
        <SiteFooter market={market} />
      </div>
    );
  }
  return <div id={ID} className="contents" dangerouslySetInnerHTML={{ __html: kept.footer({ market, pathname, search }) }} />;
}

function KeptFooter({ html }: { html: string }) {
  const fetcher = useFetcher<SignupAnswer>({ key: `newsletter-${FORM}` });
  const { submit, state, data } = fetcher;
  const { pathname, search } = useLocation();

  useEffect(() => {
    const footer = document.getElementById(ID);
    const set = (name: string, value: string) => {
      const field = footer?.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
      if (field) field.value = value;
    };
    set("back", signupBack(pathname, search));
    set("redirectTo", `${pathname}${search}`);
  }, [pathname, search]);

  useEffect(() => {
    const form = document.getElementById(ID)?.querySelector<HTMLFormElement>('form[action="/newsletter"]');
    if (!form) return;
    // with JavaScript the server checks the address and its answer shows in place
    form.noValidate = true;
    const reach = () => void loadDraw().catch(() => undefined);
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      const body = new FormData(form);
      body.set("js", "1");
      void submit(body, { method: "post", action: "/newsletter" });
    };
    form.addEventListener("focusin", reach);
    form.addEventListener("pointerdown", reach);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.noValidate = false;
      form.removeEventListener("focusin", reach);
      form.removeEventListener("pointerdown", reach);
      form.removeEventListener("submit", onSubmit);
    };
  }, [submit]);

  useEffect(() => {
    const busy = state !== "idle";
    if (!busy && !data) return;
    let live = true;
    void loadDraw().then(
      (m) => {
        const section = document.getElementById(ANCHOR);
        if (live && section) m.drawSignup(section, ANCHOR, busy, data);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [state, data]);

  return <KeptMarkup id={ID} html={html} />;
}
