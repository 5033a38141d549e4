import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FormAlert, Notice } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { authInputClass, SubmitButton, TextField } from "~/components/auth/fields";
import { authMeta } from "~/components/auth/meta";
import { schemaCheck, useAuthForm, type AuthActionData } from "~/components/auth/useAuthForm";
import { ButtonLink } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { ChevronDownIcon } from "~/components/ui/icons";
import { PROFILE_COUNTRIES, profileCountry } from "~/domain/auth/countries";
import { NAME_MAX, profileNamesSchema, safeRedirect } from "~/domain/auth/forms";
import { authHeaders, formFailure, formOk, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable, requireAccount } from "./auth.server";

export const NAMES_IGNORED = "You saved your details less than a minute ago, so this change was not saved. Please try again in a minute.";
const COUNTRY_UNKNOWN = "Please choose a country from the list, or leave it empty.";

export const meta: MetaFunction = () => authMeta("Complete your profile");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

/** The parent's names (and country) after the first sign-in; the country is guessed from Cloudflare's CF-IPCountry. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  const account = requireAccount(request, context);
  return {
    firstName: account.firstName ?? "",
    lastName: account.lastName ?? "",
    country: profileCountry(account.country) ?? profileCountry(request.headers.get("CF-IPCountry")) ?? "",
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const account = requireAccount(request, context);
  const values = {
    firstName: formText(form, "firstName", 200) ?? "",
    lastName: formText(form, "lastName", 200) ?? "",
    country: formText(form, "country", 10) ?? "",
  };
  const country = profileCountry(values.country);
  if (values.country && !country) return formFailure({ ok: false, status: 400, message: COUNTRY_UNKNOWN, fieldErrors: { country: COUNTRY_UNKNOWN } }, values);
  const result = await context.services.accounts.saveNames(account, { firstName: values.firstName, lastName: values.lastName }, { country });
  if (!result.ok) return formFailure(result, values);
  const next = safeRedirect(formText(form, "redirectTo"));
  // A change within a minute of the last one is not saved; a double submit of the same names is no change.
  if (result.ignored && (account.firstName !== values.firstName.trim() || account.lastName !== values.lastName.trim()))
    return formOk({ ignored: true }, values);
  return redirect(next);
}

const checkNames = schemaCheck(profileNamesSchema);

export default function CompleteProfile() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth/complete-profile") === true;
  const { formRef, alertRef, errors, summary, onSubmit, onChange } = useAuthForm({ actionData, check: checkNames });
  const values = { firstName: loaded.firstName, lastName: loaded.lastName, country: loaded.country, ...actionData?.values };
  return (
    <AuthCard
      icon="🌟"
      tint="bg-mint-soft"
      title="Welcome to StoryNest!"
      intro={<p>One last step: tell us your name, so we know what to call you.</p>}
      focusTitle={!actionData}
    >
      {actionData?.ignored ? (
        <Notice testId="names-ignored">
          <p>{NAMES_IGNORED}</p>
          <ButtonLink to={loaded.redirectTo} variant="secondary" size="md" className="mt-3">
            Continue without saving
          </ButtonLink>
        </Notice>
      ) : null}
      {summary ? <FormAlert ref={alertRef}>{summary}</FormAlert> : null}
      <Form
        ref={formRef}
        method="post"
        action="/auth/complete-profile"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="grid gap-5"
        aria-labelledby="auth-title"
      >
        <input type="hidden" name="redirectTo" value={loaded.redirectTo} />
        <TextField
          idPrefix="profile"
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={NAME_MAX}
          defaultValue={values.firstName}
          error={errors.firstName}
        />
        <TextField
          idPrefix="profile"
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={NAME_MAX}
          defaultValue={values.lastName}
          error={errors.lastName}
        />
        <Field idPrefix="profile" size="md" optional name="country" label="Country" error={errors.country}>
          {(a) => (
            <div className="relative">
              <select {...a} autoComplete="country" defaultValue={values.country} className={cn(authInputClass, "appearance-none pr-12", a.className)}>
                <option value="">Choose your country</option>
                {PROFILE_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute right-4 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft" />
            </div>
          )}
        </Field>
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save and continue
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
