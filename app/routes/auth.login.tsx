import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert, Notice, textLink } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { EmailField, PasswordField, SubmitButton } from "~/components/auth/fields";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { authMeta } from "~/components/auth/meta";
import { ResendForm } from "~/components/auth/ResendForm";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { cn } from "~/components/ui/cn";
import { emailSchema, safeRedirect, signInSchema } from "~/domain/auth/forms";
import { authHeaders, formFailure, formOk, formText, googleEnabled, hiddenFormFailure, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo, signedInRedirect } from "./auth.server";

export const meta: MetaFunction = () => authMeta("Sign in");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  return { googleEnabled: googleEnabled(context), redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

/**
 * Sign-in with e-mail and password: one answer for an unknown address and a wrong password. The
 * right password for an address not yet confirmed says so and offers a new link (intent=resend).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const info = requestInfo(request, context);
  const email = formText(form, "email", 320);
  if (formText(form, "intent") === "resend") {
    const result = await context.services.accounts.resendConfirmation({ email }, info);
    if (!result.ok) return hiddenFormFailure(result, { unconfirmedEmail: email });
    return formOk({ resentTo: result.email });
  }
  const result = await context.services.accounts.signIn({ email, password: formText(form, "password", 1100) }, info);
  if (!result.ok) {
    const unconfirmedEmail = result.unconfirmed ? emailSchema.safeParse(email).data : undefined;
    return formFailure(result, { email: email ?? "" }, unconfirmedEmail ? { unconfirmedEmail } : {});
  }
  return signedInRedirect(request, context, result, safeRedirect(formText(form, "redirectTo")));
}

const checkSignIn = schemaCheck(signInSchema);

export default function Login() {
  const { googleEnabled, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/login" && navigation.formData?.get("intent") !== "resend";
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkSignIn });
  const signupHref = redirectTo === "/library" ? "/auth/signup" : `/auth/signup?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard
      icon="📖"
      tint="bg-sun-soft"
      title="Welcome back"
      intro={<p>Sign in to see your storybooks and make new ones.</p>}
      footer={
        <FooterLink to={signupHref} lead="New to StoryNest?">
          Create an account
        </FooterLink>
      }
    >
      {actionData?.resentTo ? (
        <Notice>
          We sent a new link to <strong className="wrap-anywhere">{actionData.resentTo}</strong>. Open it to confirm your address, and you are in.
        </Notice>
      ) : null}
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      {actionData?.unconfirmedEmail ? (
        <div className="mb-6">
          <ResendForm action="/auth/login" email={actionData.unconfirmedEmail} label="Send me a new link" />
        </div>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action="/auth/login"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField idPrefix="login" error={errors.email} defaultValue={actionData?.values.email ?? actionData?.resentTo} />
        <div>
          <PasswordField idPrefix="login" name="password" label="Password" autoComplete="current-password" error={errors.password} />
          <p className="mt-1 flex justify-end">
            <Link to="/auth/forgot-password" className={cn(textLink, "inline-flex min-h-11 items-center text-base")}>
              Forgot your password?
            </Link>
          </p>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      {googleEnabled ? <GoogleButton redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
