import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { AccountCard, FormAlert, Notice, inputClass, useFocusFirstError, type AccountActionData } from "./AccountUi";

/** A signed-in browser as /myaccount lists it. */
export interface BrowserView {
  id: string;
  device: string;
  /** "today", "3 days ago" */
  lastUsed: string;
  /** the date it signed in */
  signedIn: string;
  current: boolean;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function EmailSection({ email, hasPassword, answer }: { email: string; hasPassword: boolean; answer: AccountActionData | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const sending = useBusy("change-email");
  useFocusFirstError(answer, formRef, alertRef);
  return (
    <AccountCard id="email" title="E-mail address" intro="You sign in with this address, and we write to it about your account and your books.">
      <p className="mb-5 text-lg">
        Your address:{" "}
        <strong className="wrap-anywhere" data-testid="current-email">
          {email}
        </strong>
      </p>
      {answer?.notice ? <Notice testId="email-notice">{answer.notice}</Notice> : null}
      {answer?.formError ? (
        <FormAlert ref={alertRef} testId="email-alert">
          {answer.formError}
        </FormAlert>
      ) : null}
      <Form ref={formRef} method="post" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="change-email" />
        <Field
          idPrefix="account"
          size="md"
          required
          name="email"
          label="New e-mail address"
          hint="We send a link to the new address. Your address changes when you open it; until then the current one stays."
          error={answer?.fieldErrors?.email}
        >
          {(a) => (
            <input
              {...a}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              defaultValue={answer?.values?.email ?? ""}
              className={cn(inputClass, a.className)}
            />
          )}
        </Field>
        <Field
          idPrefix="account"
          size="md"
          required
          name="currentPassword"
          label="Your current password"
          hint={
            hasPassword
              ? "So that nobody else can move your account to their address. We also tell your current address."
              : "Your account signs in with Google and has no password yet: set one first with 'Set a password' below."
          }
          error={answer?.fieldErrors?.currentPassword}
        >
          {(a) => <input {...a} type="password" autoComplete="current-password" className={cn(inputClass, a.className)} />}
        </Field>
        <div>
          <button type="submit" disabled={sending} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
            {sending ? "Sending…" : "Change e-mail"}
          </button>
        </div>
      </Form>
    </AccountCard>
  );
}

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  return (
    <AccountCard
      id="password"
      title="Password"
      intro={
        hasPassword
          ? "Changing your password signs out your other browsers."
          : "You sign in with Google, so your account has no password. You can set one to sign in with your e-mail address too."
      }
    >
      {hasPassword ? (
        <ButtonLink to="/auth/change-password" variant="secondary" className="w-full sm:w-auto">
          Change password
        </ButtonLink>
      ) : (
        <ButtonLink to="/auth/forgot-password" variant="secondary" className="w-full sm:w-auto">
          Set a password
        </ButtonLink>
      )}
    </AccountCard>
  );
}

export function BrowsersSection({ browsers, answer }: { browsers: BrowserView[]; answer: AccountActionData | undefined }) {
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const ending = navigation.state !== "idle" && navigation.formData?.get("intent") === "end-session" ? navigation.formData.get("sessionId") : null;
  const endingAll = useBusy("sign-out-everywhere");
  useFocusFirstError(answer, formRef, alertRef);
  return (
    <AccountCard id="browsers" title="Signed-in browsers" intro="The browsers where you are signed in. Sign out any you don't recognise or no longer use.">
      {answer?.notice ? <Notice testId="browsers-notice">{answer.notice}</Notice> : null}
      {answer?.formError ? (
        <FormAlert ref={alertRef} testId="browsers-alert">
          {answer.formError}
        </FormAlert>
      ) : null}
      <ul className="grid gap-3" data-testid="browser-list">
        {browsers.map((b) => (
          <li key={b.id} className="flex flex-col gap-3 rounded-2xl bg-cream/60 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="browser">
            <div>
              <p className="font-semibold text-ink">
                {b.device}
                {b.current ? <span className="ml-2 rounded-full bg-mint-soft px-3 py-0.5 text-sm font-semibold text-ink">This browser</span> : null}
              </p>
              <p className="text-sm text-ink-soft">{`Last used ${b.lastUsed} · signed in on ${b.signedIn}`}</p>
            </div>
            {b.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={b.id} />
                <button
                  type="submit"
                  disabled={ending === b.id}
                  className={buttonClass("secondary", "sm", "w-full sm:w-auto")}
                  aria-label={`Sign out ${b.device}`}
                >
                  {ending === b.id ? "Signing out…" : "Sign out"}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form ref={formRef} method="post" className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" disabled={endingAll} className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
          {endingAll ? "Signing out…" : "Sign out everywhere"}
        </button>
        <p className="text-sm text-ink-soft">Every browser, this one too.</p>
      </Form>
    </AccountCard>
  );
}

export function DeleteAccountSection({ email, answer }: { email: string; answer: AccountActionData | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const deleting = useBusy("delete-confirm");
  useFocusFirstError(answer, formRef, alertRef);
  const confirming = answer?.step === "confirm-delete";
  // The confirmation step appears: the focus goes to the field it asks for.
  useEffect(() => {
    if (answer?.intent !== "delete-start") return;
    const input = formRef.current?.elements.namedItem("confirm");
    if (input instanceof HTMLElement) input.focus();
  }, [answer]);
  return (
    <AccountCard
      id="delete"
      tone="danger"
      title="Delete my account"
      intro={
        <>
          <p>
            This deletes your account and everything in it, for good: your books with their pictures, PDFs and share links, the photos you added, your credits,
            what Nino remembers, your picture and your sign-in. Credits you have not used are lost.
          </p>
          <p className="mt-2">
            We keep only a one-way fingerprint of your e-mail address (not the address), so the welcome credits are never given to the same address twice.
          </p>
        </>
      }
    >
      {answer?.formError ? (
        <FormAlert ref={alertRef} testId="delete-alert">
          {answer.formError}
        </FormAlert>
      ) : null}
      {confirming ? (
        <Form ref={formRef} method="post" noValidate className="grid gap-4" data-testid="delete-confirm">
          <input type="hidden" name="intent" value="delete-confirm" />
          <Field
            idPrefix="account"
            size="md"
            required
            name="confirm"
            label="To confirm, type your e-mail address or the word DELETE"
            hint={`Your address is ${email}. This can't be undone.`}
            error={answer?.fieldErrors?.confirm}
          >
            {(a) => <input {...a} type="text" autoComplete="off" spellCheck={false} autoCapitalize="none" className={cn(inputClass, a.className)} />}
          </Field>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" disabled={deleting} className={buttonClass("danger", "md", "w-full sm:w-auto")}>
              {deleting ? "Deleting…" : "Delete my account for good"}
            </button>
            <Link to="/myaccount" className={buttonClass("ghost", "md", "w-full sm:w-auto")}>
              Keep my account
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="delete-start" />
          <button type="submit" className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
            Delete my account…
          </button>
        </Form>
      )}
    </AccountCard>
  );
}
