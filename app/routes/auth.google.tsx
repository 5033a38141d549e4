import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AuthCard, FooterLink } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { authMeta } from "~/components/auth/meta";
import { safeRedirect } from "~/domain/auth/forms";
import { startGoogleSignIn } from "./auth-google.server";
import { authHeaders, formText, googleEnabled, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable } from "./auth.server";

export const meta: MetaFunction = () => authMeta("Continue with Google");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

/** Opened directly (not from the button): the button on its own, or sign-in when Google is not set up. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  if (!googleEnabled(context)) return redirect("/auth/login");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

/** The Google button's post: off to Google, with the state cookie (auth-google.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  return startGoogleSignIn(request, context, safeRedirect(formText(form, "redirectTo", 500)));
}

export default function GoogleStart() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      icon="🔑"
      tint="bg-sky-soft"
      title="Continue with Google"
      intro={<p>Sign in or create your account with your Google account.</p>}
      footer={<FooterLink to="/auth/login">Use my e-mail address instead</FooterLink>}
    >
      <GoogleButton redirectTo={redirectTo} divider={false} />
    </AuthCard>
  );
}
