import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { EmailField, SubmitButton } from "~/components/auth/fields";
import { authMeta } from "~/components/auth/meta";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { emailOnlySchema } from "~/domain/auth/forms";
import { authHeaders, formFailure, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo } from "./auth.server";

/** The one answer, whether or not an account uses the address (no one learns who is a customer). */
export const RESET_SENT = "If an account uses that address, we have sent a link to reset the password. It works for 1 hour.";

export const meta: MetaFunction = () => authMeta("Reset your password");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const email = formText(form, "email", 320);
  const result = await context.services.accounts.requestPasswordReset({ email }, requestInfo(request, context));
  if (!result.ok) return formFailure(result, { email: email ?? "" });
  return redirect("/auth/forgot-password?sent=1");
}

const checkEmail = schemaCheck(emailOnlySchema);

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/forgot-password";
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkEmail });
  const footer = (
    <FooterLink to="/auth/login" lead="Remembered it?">
      Back to sign in
    </FooterLink>
  );
  if (sent) {
    return (
      <AuthCard icon="📬" tint="bg-sky-soft" title="Check your inbox" focusTitle footer={footer} testId="reset-sent">
        <p className="leading-relaxed text-ink">{RESET_SENT}</p>
        <p className="mt-3 leading-relaxed text-ink-soft">Nothing there after a few minutes? Have a look in your spam folder.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon="🔑"
      tint="bg-lavender-soft"
      title="Reset your password"
      intro={<p>Tell us the e-mail address of your account, and we will send you a link to choose a new password.</p>}
      footer={footer}
    >
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action="/auth/forgot-password"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <EmailField idPrefix="forgot" error={errors.email} defaultValue={actionData?.values.email} />
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send me a link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
