import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BrowsersSection, DeleteAccountSection, EmailSection, PasswordSection } from "~/components/account/AccountSections";
import { AccountNav, FormAlert, answerTo, usePageAlert, type AccountActionData } from "~/components/account/AccountUi";
import { accountPageHeaders, textOf } from "~/routes/account.server";
import { ContentPage } from "~/components/layout/ContentPage";
import { PurchasesSection } from "~/components/purchases/PurchaseUi";
import { ACCOUNT_PAGE_MESSAGES, checkDeleteConfirmation, dateText, emailChangeSentText, lastUsedText } from "~/domain/auth/account-pages";
import { pageMeta } from "~/domain/content/meta";
import { assertAccountsAvailable, assertSameOrigin, requestInfo, requireAccount, retryAfterHeaders, signedOutRedirect } from "~/routes/auth.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Your account", "Your StoryNest account: e-mail address, password, signed-in browsers."),
  { name: "robots", content: "noindex, nofollow" },
];

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = requireAccount(request, context);
  const { accounts } = context.services;
  const [hasPassword, sessions] = await Promise.all([accounts.hasPassword(account.userId), accounts.sessions(account.userId)]);
  const now = new Date();
  return {
    email: account.email,
    hasPassword,
    browsers: sessions.map((s) => ({
      id: s.id,
      device: s.device || "A browser",
      lastUsed: lastUsedText(s.lastSeenAt, now),
      signedIn: dateText(s.createdAt),
      current: s.id === account.sessionId,
    })),
  };
}

const answer = (body: AccountActionData, status = 200, headers?: HeadersInit) => data<AccountActionData>(body, { status, headers });
/** A session id as the list shows it: the SHA-256 of the browser's token, in hex. */
const SESSION_ID = /^[0-9a-f]{64}$/;

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const account = requireAccount(request, context);
  const { accounts } = context.services;
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ intent: "form", formError: ACCOUNT_PAGE_MESSAGES.unreadable }, 400);
  const intent = form.get("intent");

  switch (intent) {
    case "change-email": {
      assertAccountsAvailable(context);
      const values = { email: textOf(form, "email") };
      if (values.email.trim().toLowerCase() === account.email) return answer({ intent, fieldErrors: { email: ACCOUNT_PAGE_MESSAGES.emailSame }, values }, 400);
      const input = { ...values, currentPassword: textOf(form, "currentPassword").slice(0, 1100) };
      const result = await accounts.requestEmailChange(account, input, requestInfo(request, context));
      if (!result.ok) {
        const fieldErrors = result.fieldErrors ? { email: result.fieldErrors.email, currentPassword: result.fieldErrors.currentPassword } : undefined;
        return answer(
          { intent, fieldErrors, formError: fieldErrors ? undefined : result.message, values },
          result.status,
          retryAfterHeaders(result.retryAfterS),
        );
      }
      return answer({ intent, notice: emailChangeSentText(result.email) });
    }
    case "end-session": {
      const sessionId = textOf(form, "sessionId");
      if (!SESSION_ID.test(sessionId)) return answer({ intent: "form", formError: ACCOUNT_PAGE_MESSAGES.unknownIntent }, 400);
      if (sessionId === account.sessionId) return answer({ intent, formError: ACCOUNT_PAGE_MESSAGES.sessionCurrent }, 400);
      // Only a session of this account can be ended; any other id is "not signed in", as if it did not exist.
      if (!(await accounts.endSessionOf(account.userId, sessionId))) return answer({ intent, formError: ACCOUNT_PAGE_MESSAGES.sessionGone }, 404);
      return answer({ intent, notice: "That browser is signed out." });
    }
    case "sign-out-everywhere": {
      await accounts.endAllSessions(account.userId);
      return signedOutRedirect(request, context);
    }
    case "delete-start":
      return answer({ intent, step: "confirm-delete" });
    case "delete-confirm": {
      const problem = checkDeleteConfirmation(form.get("confirm"), account.email);
      if (problem) return answer({ intent, step: "confirm-delete", fieldErrors: { confirm: problem } }, 400);
      const result = await context.services.accountDeletion.deleteAccount(account);
      if (!result.ok) return answer({ intent, step: "confirm-delete", formError: result.message }, result.status);
      return signedOutRedirect(request, context, "/account-deleted");
    }
    default:
      return answer({ intent: "form", formError: ACCOUNT_PAGE_MESSAGES.unknownIntent }, 400);
  }
}

export default function MyAccount() {
  const { email, hasPassword, browsers } = useLoaderData<typeof loader>();
  const actionData = useActionData<AccountActionData>();
  const { general, alertRef } = usePageAlert(actionData);
  return (
    <ContentPage
      eyebrow="Your account"
      title="Account and security"
      tone="sky"
      card={false}
      lede={
        <>
          <p>Your e-mail address, your password, your purchases, the browsers where you are signed in, and deleting your account.</p>
          <p className="mt-2">
            Who can read your books and which e-mails you get:{" "}
            <Link to="/profile/privacy" className="font-semibold text-plum underline underline-offset-4 hover:text-coral-dark">
              your privacy settings
            </Link>
            .
          </p>
        </>
      }
    >
      <AccountNav />
      {general?.formError ? (
        <FormAlert ref={alertRef} testId="account-alert">
          {general.formError}
        </FormAlert>
      ) : null}
      <EmailSection email={email} hasPassword={hasPassword} answer={answerTo(actionData, "change-email")} />
      <PasswordSection hasPassword={hasPassword} />
      <PurchasesSection />
      <BrowsersSection browsers={browsers} answer={answerTo(actionData, "end-session")} />
      <DeleteAccountSection email={email} answer={answerTo(actionData, "delete-start", "delete-confirm")} />
    </ContentPage>
  );
}
