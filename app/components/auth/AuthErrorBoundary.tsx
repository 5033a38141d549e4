import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/overlays/RouteErrorBoundary";
import { AuthCard, FooterLink, FormAlert } from "./AuthCard";

const TITLES: Record<number, string> = {
  400: "We couldn't read that form",
  403: "That form was refused",
  503: "Accounts are resting",
};

/**
 * The account pages' error boundary: an answer the pages throw with a message (the service is not
 * available, a form from another site, a body that is not a form) is shown in the account card with
 * its status; anything else is the site's usual error screen.
 */
export function AuthErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status !== 404) {
    const message = (error.data as { formError?: unknown } | null)?.formError;
    if (typeof message === "string") {
      return (
        <AuthCard
          icon="🌧️"
          title={TITLES[error.status] ?? "Something went wrong"}
          testId="auth-error"
          footer={
            <>
              <FooterLink to="/">Back to the home page</FooterLink>
              <FooterLink to="/contact">Contact us</FooterLink>
            </>
          }
        >
          <FormAlert>{message}</FormAlert>
        </AuthCard>
      );
    }
  }
  return <RouteErrorBoundary />;
}
