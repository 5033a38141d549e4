import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert, textLink } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { CheckInbox } from "~/components/auth/CheckInbox";
import { EmailField, PasswordField, SubmitButton } from "~/components/auth/fields";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { authMeta } from "~/components/auth/meta";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { emailSchema, PASSWORD_MIN, safeRedirect, signUpSchema } from "~/domain/auth/forms";
import { authHeaders, formFailure, formText, googleEnabled, hiddenFormFailure, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo } from "./auth.server";

export const meta: MetaFunction = ({ data }) => authMeta((data as { sent?: string | null } | undefined)?.sent ? "Check your inbox" : "Create your account");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  const url = new URL(request.url);
  const sent = emailSchema.safeParse(url.searchParams.get("sent") ?? "");
  return {
    googleEnabled: googleEnabled(context),
    sent: sent.success ? sent.data : null,
    resent: url.searchParams.get("resent") === "1",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
  };
}

/**
 * Sign-up (e-mail and password), and "Resend the e-mail" (intent=resend). Both end on the "check your
 * inbox" step, which says the same whether or not the address already had an account.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const info = requestInfo(request, context);
  const email = formText(form, "email", 320);
  if (formText(form, "intent") === "resend") {
    const result = await context.services.accounts.resendConfirmation({ email }, info);
    if (!result.ok) return hiddenFormFailure(result, { sentTo: email });
    return redirect(`/auth/signup?sent=${encodeURIComponent(result.email)}&resent=1`);
  }
  const returnTo = safeRedirect(formText(form, "redirectTo"));
  const result = await context.services.accounts.signUp({ email, password: formText(form, "password") }, info, returnTo === "/library" ? null : returnTo);
  if (!result.ok) return formFailure(result, { email: email ?? "" });
  return redirect(`/auth/signup?sent=${encodeURIComponent(result.email)}`);
}

export default function SignUp() {
  const { sent, resent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const inbox = sent ?? actionData?.sentTo ?? null;
  if (inbox) return <CheckInbox email={inbox} resent={resent && !actionData} error={actionData?.sentTo ? actionData.formError : null} />;
  return <SignUpForm actionData={actionData} />;
}

const checkSignUp = schemaCheck(signUpSchema);

function SignUpForm({ actionData }: { actionData: AuthActionData | undefined }) {
  const { googleEnabled, redirectTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/signup";
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkSignUp });
  const loginHref = redirectTo === "/library" ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard
      icon="✨"
      title="Create your account"
      intro={<p>Keep every storybook you make in one place, on all your devices.</p>}
      footer={
        <FooterLink to={loginHref} lead="Already have an account?">
          Sign in
        </FooterLink>
      }
    >
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action="/auth/signup"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField idPrefix="signup" error={errors.email} defaultValue={actionData?.values.email} />
        <PasswordField
          idPrefix="signup"
          name="password"
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters. A passphrase of a few words you will remember is best.`}
          error={errors.password}
        />
        <SubmitButton busy={busy} busyLabel="Creating your account…">
          Create my account
        </SubmitButton>
        <p className="text-sm leading-relaxed text-ink-soft">
          By creating an account you agree to our{" "}
          <Link to="/terms" className={textLink}>
            terms
          </Link>{" "}
          and our{" "}
          <Link to="/privacy" className={textLink}>
            privacy notice
          </Link>
          .
        </p>
      </Form>
      {googleEnabled ? <GoogleButton redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
