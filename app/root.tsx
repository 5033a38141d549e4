import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { Footer } from "~/components/layout/Footer";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { NotFound } from "~/components/layout/NotFound";
import { KeptMarkup, markupFor, readServerMarkup } from "~/components/layout/ServerMarkup";
import { useNonce } from "~/components/layout/nonce";
import { NOT_FOUND_META } from "~/domain/content/meta";
import { consentFromCookieHeader } from "~/components/overlays/consent";
import { isServerError } from "~/components/overlays/server-error";
import { Overlays } from "~/components/overlays/Overlays";
import { LibraryWarmup } from "~/components/layout/LibraryWarmup";
import { NinoSlot } from "~/components/nino/NinoSlot";
import { Analytics } from "~/components/analytics/Analytics";
import { publicVisitorId } from "~/services/analytics/record.server";
import { isUnsentSubmission } from "~/components/story-form/unsent";
import { InlineStyles } from "~/components/layout/inline-styles";
import { PageScripts } from "~/components/layout/page-scripts";
import { BrandFonts } from "~/components/layout/brand-fonts";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = ({ error }) => {
  // A 404 (the splat route, an unknown blog post) is shown by the root boundary: give it its own title.
  if (isRouteErrorResponse(error) && error.status === 404) return NOT_FOUND_META;
  return [
    { title: "StoryNest: personalised storybooks starring your child" },
    { name: "description", content: "Make an illustrated storybook starring your child, and meet Nino, a kind companion who helps children dream up stories." },
  ];
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  // A page the edge cache shares between anonymous visitors (context.sharedPage) holds nothing made
  // for one request or visitor: no request id (a shared page that fails is drawn again with it,
  // workers/app.ts) and no visitor handle (the next navigation's data brings the visitor's own).
  const shared = context.sharedPage;
  return {
    requestId: shared ? undefined : context.requestId,
    // The cookie banner is not rendered at all once a choice was made (no flash).
    cookieConsent: consentFromCookieHeader(request.headers.get("Cookie")) ?? ("unset" as const),
    // The navigation-refresh event's visitor id: derived from the visitor cookie, never the cookie itself.
    visitorId: shared ? undefined : await publicVisitorId(context.identity.visitorId),
    // The header's account control: whether signed in and the first name, nothing more (this is in every page's HTML).
    account: context.account ? { firstName: context.account.firstName } : null,
    // The market whose currency the prices are in (already resolved for the request, no D1 read): the footer's picker.
    market: {
      country: context.market.market.country,
      currencyCode: context.market.market.currencyCode,
      name: context.market.market.name,
      source: context.market.source,
    },
  };
}

// The root loader runs with every navigation, so the crash screen's error id is always the id of
// the request that failed (and of its server log line). Not after a story-form submission that got
// no answer: the server may still be unreachable, and the form stays with its message.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult }) => !isUnsentSubmission(actionResult);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    // The brand fonts' head script (BrandFonts) may add a class before hydration; React leaves it alone.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fff8ef" />
        <Meta />
        <BrandFonts nonce={nonce} />
        <InlineStyles />
        <Links />
      </head>
      <body className="min-h-dvh flex flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-xl focus:bg-paper focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader account={data?.account ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer market={data?.market ?? null} />
        <Overlays />
        <LibraryWarmup />
        <NinoSlot />
        <Analytics serverConsent={data?.cookieConsent ?? "unset"} visitorId={data?.visitorId ?? null} />
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The crash screen loads only when something has crashed. If even that cannot be fetched (the
 * connection is gone), a plain page says so and offers to load the page again.
 */
const CrashScreen = lazy(() =>
  import("~/components/overlays/CrashScreen").then(
    (m) => ({ default: m.CrashScreen }),
    () => ({
      default: () => (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
          <p className="mt-3 text-ink-soft">StoryNest could not finish showing this page.</p>
          <a href="" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-coral px-5 font-bold text-white">
            Load the page again
          </a>
        </div>
      ),
    }),
  ),
);

// The not-found page shows only links: a page that is a 404 when it loads keeps the server's markup,
// and its code comes only for a 404 met by a client navigation (app/components/layout/ServerMarkup.tsx).
const NOT_FOUND_ID = "not-found";
const notFoundMarkup = readServerMarkup(NOT_FOUND_ID);
const LazyNotFound = lazy(() => import("~/components/layout/NotFound").then((m) => ({ default: m.NotFound })));

function NotFoundPage() {
  if (import.meta.env.SSR) {
    return (
      <div id={NOT_FOUND_ID} className="contents">
        <NotFound />
      </div>
    );
  }
  const html = markupFor(notFoundMarkup, NOT_FOUND_ID);
  if (html !== null) return <KeptMarkup id={NOT_FOUND_ID} html={html} />;
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A server error was logged under this request's id; an error thrown in the browser gets its own
  // id, which the crash screen reports.
  const fromServer = typeof document === "undefined" || isServerError(error);
  return (
    <Suspense fallback={null}>
      <CrashScreen error={error} serverErrorId={fromServer ? data?.requestId : undefined} />
    </Suspense>
  );
}
