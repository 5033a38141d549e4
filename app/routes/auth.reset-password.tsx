import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { PasswordField, SubmitButton, UsernameField } from "~/components/auth/fields";
import { LinkExpired } from "~/components/auth/LinkExpired";
import { authMeta } from "~/components/auth/meta";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { AUTH_MESSAGES, PASSWORD_MIN, resetPasswordSchema } from "~/domain/auth/forms";
import { liveLinkEmail } from "./auth-links.server";
import { authHeaders, formFailure, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo, signedInRedirect } from "./auth.server";

export const meta: MetaFunction = () => authMeta("Choose a new password");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

/**
 * The reset e-mail's link. Opening it only looks at the token (a mail scanner that follows links must
 * not use it up); the token is spent when the new password is sent.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  const token = new URL(request.url).searchParams.get("token");
  const email = await liveLinkEmail(context.services.db, token, "reset-password");
  return email ? { token, email } : { token: null, email: null };
}

/** The new password: every other session of the account ends, and this browser is signed in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const input = { token: formText(form, "token", 300), newPassword: formText(form, "newPassword", 200) };
  const result = await context.services.accounts.resetPassword(input, requestInfo(request, context));
  if (result.ok) return signedInRedirect(request, context, result, "/library");
  if (result.message === AUTH_MESSAGES.linkInvalid) {
    const body: AuthActionData = { formError: result.message, fieldErrors: {}, values: {}, linkInvalid: true };
    return data(body, { status: 400 });
  }
  return formFailure(result);
}

const checkReset = schemaCheck(resetPasswordSchema);

export default function ResetPassword() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/reset-password") === true;
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkReset });
  if (!token || !email || actionData?.linkInvalid) return <LinkExpired askAgain={{ to: "/auth/forgot-password", label: "Send me a new link" }} />;
  return (
    <AuthCard
      icon="🔑"
      tint="bg-lavender-soft"
      title="Choose a new password"
      intro={
        <p>
          For the account <strong className="wrap-anywhere font-semibold text-ink">{email}</strong>. Once it is saved you are signed in here, and signed out on
          every other device.
        </p>
      }
      footer={<FooterLink to="/auth/login">Back to sign in</FooterLink>}
    >
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action={`/auth/reset-password?token=${encodeURIComponent(token)}`}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <UsernameField email={email} />
        <input type="hidden" name="token" value={token} />
        <PasswordField
          idPrefix="reset"
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters. A passphrase of a few words you will remember is best.`}
          error={errors.newPassword}
        />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save my new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
