import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, FormAlert, Notice } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { PasswordField, SubmitButton, UsernameField } from "~/components/auth/fields";
import { authMeta } from "~/components/auth/meta";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { ButtonLink } from "~/components/ui/Button";
import { changePasswordSchema, PASSWORD_MIN } from "~/domain/auth/forms";
import { authHeaders, formFailure, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requestInfo, requireAccount } from "./auth.server";

export const PASSWORD_CHANGED = "Your password is changed. You were signed out everywhere else.";

export const meta: MetaFunction = () => authMeta("Change your password");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  const account = requireAccount(request, context);
  return { email: account.email, changed: new URL(request.url).searchParams.get("changed") === "1" };
}

/** A new password, given the current one: every other session ends, this one stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const account = requireAccount(request, context);
  const input = { currentPassword: formText(form, "currentPassword", 1100), newPassword: formText(form, "newPassword", 200) };
  const result = await context.services.accounts.changePassword(account, input, requestInfo(request, context));
  if (!result.ok) return formFailure(result);
  context.log.info("password changed", { userId: account.userId, endedSessions: result.endedSessions });
  return redirect("/auth/change-password?changed=1");
}

const checkChange = schemaCheck(changePasswordSchema);

export default function ChangePassword() {
  const { email, changed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/change-password";
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkChange });
  const footer = <FooterLink to="/myaccount">Back to my account</FooterLink>;
  if (changed && !actionData) {
    return (
      <AuthCard icon="🔐" tint="bg-mint-soft" title="Password changed" focusTitle footer={footer} testId="password-changed">
        <Notice>{PASSWORD_CHANGED}</Notice>
        <ButtonLink to="/library" size="lg" className="w-full">
          Go to my library
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon="🔐"
      tint="bg-lavender-soft"
      title="Change your password"
      intro={<p>When it is changed, every other device signed in to your account is signed out. This one stays signed in.</p>}
      footer={footer}
    >
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action="/auth/change-password"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <UsernameField email={email} />
        <PasswordField idPrefix="change" name="currentPassword" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
        <PasswordField
          idPrefix="change"
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters. A passphrase of a few words you will remember is best.`}
          error={errors.newPassword}
        />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Change my password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
