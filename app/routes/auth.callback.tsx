import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert, Notice } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { PasswordField, SubmitButton, UsernameField } from "~/components/auth/fields";
import { LinkExpired } from "~/components/auth/LinkExpired";
import { authMeta } from "~/components/auth/meta";
import { ResendForm } from "~/components/auth/ResendForm";
import { useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { ButtonLink } from "~/components/ui/Button";
import { finishGoogleSignIn, isGoogleReturn } from "./auth-google.server";
import { confirmLinkView } from "./auth-links.server";
import { authHeaders, formFailure, formOk, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo, signedInRedirect } from "./auth.server";

type CallbackData =
  { view: "confirm"; token: string; email: string; needsPassword: boolean } | { view: "invalid" } | { view: "google-failed"; message: string };

export const meta: MetaFunction = ({ data }) => {
  const view = (data as CallbackData | undefined)?.view;
  return authMeta(view === "confirm" ? "Confirm your e-mail address" : view === "google-failed" ? "Google sign-in" : "Link expired");
};
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

/**
 * Two ways in. An e-mailed confirmation link (?token=, a new account's address or a new address for
 * an account) shows one button: opening the link spends nothing, so a mail scanner that follows links
 * cannot use it up; the button's post confirms. The page names the address; a browser other than the
 * one that asked for the link must also type the account's password. Google's return (?code&state, or ?error) finishes a
 * Google sign-in (auth-google.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isGoogleReturn(url)) return finishGoogleSignIn(request, context);
  assertAccountsAvailable(context);
  const token = url.searchParams.get("token");
  const live = await confirmLinkView(context.services.db, token, context.identity.visitorId);
  return data<CallbackData>(live && token ? { view: "confirm", token, ...live } : { view: "invalid" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const info = requestInfo(request, context);
  if (formText(form, "intent") === "resend") {
    const email = formText(form, "email", 320);
    const result = await context.services.accounts.resendConfirmation({ email }, info);
    if (!result.ok) return formFailure(result, { email: email ?? "" }, { linkInvalid: true });
    return formOk({ resentTo: result.email, linkInvalid: true });
  }
  const result = await context.services.accounts.confirmLink(formText(form, "token", 300) ?? "", info, formText(form, "password", 1100));
  if (!result.ok) {
    // A wrong password, or too many tries, stays on the form with its message.
    if (result.fieldErrors?.password || result.status === 429) return formFailure(result);
    // The page says the link no longer works (its own words); the form below it has no error of its own.
    const body: AuthActionData = { formError: null, fieldErrors: {}, values: {}, linkInvalid: true };
    return data(body, { status: result.status });
  }
  // A new account goes back to the page it signed up from (the story form, a shared book), on any browser.
  return signedInRedirect(request, context, result, result.purpose === "change-email" ? "/myaccount" : (result.returnTo ?? "/library"));
}

export default function Callback() {
  const loaded = useLoaderData<typeof loader>() as CallbackData;
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/callback") && navigation.formData?.get("intent") !== "resend";
  const { formRef, alertRef, errors, summary } = useAuthForm({ actionData });

  if (loaded.view === "google-failed") {
    return (
      <AuthCard icon="🌧️" title="Google sign-in did not work" focusTitle testId="google-failed">
        <FormAlert>{loaded.message}</FormAlert>
        <ButtonLink to="/auth/login" size="lg" className="w-full">
          Back to sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  if (loaded.view === "invalid" || actionData?.linkInvalid) {
    return (
      <LinkExpired>
        {actionData?.resentTo ? (
          <Notice>
            If <strong className="wrap-anywhere">{actionData.resentTo}</strong> is waiting to be confirmed, a new link is on its way. It works for 24 hours.
          </Notice>
        ) : null}
        {actionData?.formError ? <FormAlert ref={alertRef}>{actionData.formError}</FormAlert> : null}
        <p className="mb-4 leading-relaxed text-ink-soft">Enter your e-mail address and we will send you a new link to confirm it.</p>
        <ResendForm action="/auth/callback" error={actionData?.fieldErrors.email} label="Send me a new link" />
        <div className="mt-2">
          <FooterLink to="/auth/signup" lead="Not signed up yet?">
            Create an account
          </FooterLink>
        </div>
      </LinkExpired>
    );
  }

  return (
    <AuthCard
      icon="💌"
      tint="bg-mint-soft"
      title="Confirm your e-mail address"
      intro={
        <p>
          You are confirming{" "}
          <strong className="wrap-anywhere" data-testid="confirm-address">
            {loaded.email}
          </strong>
          {loaded.needsPassword
            ? ". This link was asked for on another browser: type your StoryNest password to confirm it here."
            : ". One tap and it is ready."}
        </p>
      }
      testId="confirm-link"
    >
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      {/* the token stays in the address, so a wrong password shows this form again, not "link expired" */}
      <Form ref={formRef} method="post" action={`/auth/callback?token=${encodeURIComponent(loaded.token)}`} noValidate className="grid gap-5">
        <input type="hidden" name="token" value={loaded.token} />
        {loaded.needsPassword ? (
          <>
            <UsernameField email={loaded.email} />
            <PasswordField idPrefix="confirm" name="password" label="Your password" autoComplete="current-password" error={errors.password} />
          </>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Confirming…">
          Confirm my e-mail address
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
