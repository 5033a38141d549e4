import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, Notice } from "~/components/auth/AuthCard";
import { AuthErrorBoundary } from "~/components/auth/AuthErrorBoundary";
import { SubmitButton } from "~/components/auth/fields";
import { LinkExpired } from "~/components/auth/LinkExpired";
import { authMeta } from "~/components/auth/meta";
import { ButtonLink } from "~/components/ui/Button";
import { stopLinkEmail } from "./auth-links.server";
import { authHeaders, formText, readAuthForm } from "./auth-pages.server";
import { assertAccountsAvailable } from "./auth.server";

export const meta: MetaFunction = () => authMeta("Stop the change of your e-mail address");
export const headers = authHeaders;
export const ErrorBoundary = AuthErrorBoundary;

type StopData = { done: "stopped" | "undone" } | { linkInvalid: true };

/**
 * The link in the note to the old address when a new one is asked for. Opening it only looks at
 * the token (a mail scanner must not use it up); the button stops the change, or undoes it if the
 * new address was already confirmed (then every browser is signed out).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  assertAccountsAvailable(context);
  const token = new URL(request.url).searchParams.get("token");
  const email = await stopLinkEmail(context.services.db, token);
  return email ? { token, email } : { token: null, email: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readAuthForm(request, context);
  const result = await context.services.accounts.stopEmailChange(formText(form, "token", 300) ?? "");
  if (!result.ok) return data<StopData>({ linkInvalid: true }, { status: result.status });
  context.log.info("an e-mail change was stopped from the old address", { undone: result.undone });
  return data<StopData>({ done: result.undone ? "undone" : "stopped" });
}

export default function StopEmailChange() {
  const { token, email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StopData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/auth/stop-email-change";

  if (answer && "done" in answer) {
    return (
      <AuthCard icon="🛡️" tint="bg-mint-soft" title="The change is stopped" focusTitle testId="email-change-stopped">
        <Notice>
          {answer.done === "undone"
            ? "Your account is back at its old address, and every browser was signed out. Please choose a new password now."
            : "Your account keeps its address. The link sent to the new address no longer works."}
        </Notice>
        <ButtonLink to="/auth/forgot-password" size="lg" className="w-full">
          Choose a new password
        </ButtonLink>
      </AuthCard>
    );
  }
  if (!token || !email || answer) return <LinkExpired />;
  return (
    <AuthCard
      icon="✋"
      tint="bg-sun-soft"
      title="Stop the change of your e-mail address"
      intro={
        <p>
          Someone asked to move the StoryNest account of <strong className="wrap-anywhere">{email}</strong> to another address. If it was not you, stop it here.
          If the change was already made, this puts your address back and signs out every browser.
        </p>
      }
      testId="stop-email-change"
    >
      <Form method="post" action="/auth/stop-email-change">
        <input type="hidden" name="token" value={token} />
        <SubmitButton busy={busy} busyLabel="Stopping…">
          Stop the change
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
