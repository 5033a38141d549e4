import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard, FooterLink } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { authMeta } from "~/components/auth/meta";
import { SignOutButton } from "~/components/auth/SignOutButton";
import { libraryCache } from "~/components/library/library-cache";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { authHeaders } from "./auth-pages.server";
import { assertSameOrigin, signedOutRedirect } from "./auth.server";

export const meta: MetaFunction = ({ data }) => authMeta((data as { signedIn?: boolean } | undefined)?.signedIn ? "Sign out" : "You are signed out");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

export async function loader({ context }: LoaderFunctionArgs) {
  return { signedIn: context.account !== null };
}

/**
 * Sign-out (the header's button posts here): the session ends and its cookie goes. Signing out is
 * always possible, even when accounts are otherwise not available.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return signedOutRedirect(request, context);
}

export default function Logout() {
  const { signedIn } = useLoaderData<typeof loader>();

  // This browser may be someone else's next: its copy of the library goes, and the library's next
  // load asks the server.
  useEffect(() => {
    if (!signedIn) libraryCache.clearForSignOut();
  }, [signedIn]);

  if (signedIn) {
    return (
      <AuthCard icon="👋" tint="bg-sky-soft" title="Sign out?" intro={<p>You are still signed in on this device.</p>} testId="still-signed-in">
        <SignOutButton className={buttonClass("primary", "lg", "w-full")}>Sign out</SignOutButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon="👋"
      tint="bg-sky-soft"
      title="You are signed out"
      focusTitle
      testId="signed-out"
      intro={<p>See you soon! Your storybooks are safe in your account for the next time you sign in.</p>}
      footer={<FooterLink to="/auth/login">Sign in again</FooterLink>}
    >
      <ButtonLink to="/" size="lg" className="w-full">
        Back to the home page
      </ButtonLink>
    </AuthCard>
  );
}
