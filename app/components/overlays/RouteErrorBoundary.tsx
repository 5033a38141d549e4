import { isRouteErrorResponse, useRevalidator, useRouteError } from "@remix-run/react";
import { NotFound } from "~/components/layout/NotFound";
import { RetryBox } from "./RetryBox";

/**
 * A route-level error boundary for pages whose content can fail to load. A route uses it with
 *   export function ErrorBoundary() { return <RouteErrorBoundary />; }
 * The header and footer stay; the content area shows the retry box, whose Try Again reloads the
 * page's data (revalidation) without a full reload. A 404 shows the not-found page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      <RetryBox error={error} busy={revalidator.state === "loading"} onRetry={() => revalidator.revalidate()} />
    </div>
  );
}
