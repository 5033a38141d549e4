import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { AVATAR_ACCEPT, AVATAR_MAX_MB, checkAvatar } from "~/domain/auth/account-pages";
import { NAME_MAX } from "~/domain/auth/forms";
import { AccountCard, FormAlert, Notice, inputClass, useFocusFirstError, type AccountActionData } from "./AccountUi";

/** The parent's picture as the page shows it: one they uploaded, one Google gave, or none. */
export type AvatarView = { src: string; uploaded: boolean } | null;

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function Initials({ firstName, lastName }: { firstName: string; lastName: string }) {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "🙂";
  return (
    <span aria-hidden="true" className="flex size-28 shrink-0 items-center justify-center rounded-full bg-lavender-soft text-4xl font-semibold text-plum">
      {letters}
    </span>
  );
}

export function AvatarSection({
  avatar,
  firstName,
  lastName,
  answer,
}: {
  avatar: AvatarView;
  firstName: string;
  lastName: string;
  answer: AccountActionData | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const uploading = useBusy("avatar");
  const removing = useBusy("remove-avatar");
  useFocusFirstError(answer, formRef, alertRef);
  const error = clientError ?? answer?.fieldErrors?.avatar;

  // The browser checks the chosen file the way the server will (its first bytes and its size).
  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return setClientError(null);
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    setClientError(checkAvatar(file.size, head));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!clientError) return;
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("avatar");
    if (input instanceof HTMLElement) input.focus();
  }

  return (
    <AccountCard id="picture" title="Your picture" intro="Your picture sits beside your name. For now, only you see it.">
      {answer?.notice ? <Notice testId="avatar-notice">{answer.notice}</Notice> : null}
      {answer?.formError ? (
        <FormAlert ref={alertRef} testId="avatar-alert">
          {answer.formError}
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {avatar ? (
          <img
            src={avatar.src}
            alt="Your picture"
            referrerPolicy="no-referrer"
            className="size-28 shrink-0 rounded-full object-cover ring-4 ring-lavender-soft"
            data-testid="avatar-image"
          />
        ) : (
          <Initials firstName={firstName} lastName={lastName} />
        )}
        <div className="grid flex-1 gap-4">
          <Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="grid gap-4">
            <input type="hidden" name="intent" value="avatar" />
            <Field
              idPrefix="profile"
              size="md"
              required
              name="avatar"
              label={avatar ? "Choose a new photo" : "Choose a photo"}
              hint={`A JPEG, PNG or WebP photo, up to ${AVATAR_MAX_MB} MB.`}
              error={error}
            >
              {(a) => (
                <input
                  {...a}
                  type="file"
                  accept={AVATAR_ACCEPT}
                  onChange={onChange}
                  className={cn(
                    inputClass,
                    "py-3 file:mr-4 file:min-h-10 file:rounded-full file:border-0 file:bg-lavender-soft file:px-4 file:font-semibold file:text-plum",
                    a.className,
                  )}
                />
              )}
            </Field>
            <div>
              <button type="submit" disabled={uploading} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
                {uploading ? "Uploading…" : "Upload picture"}
              </button>
            </div>
          </Form>
          {avatar ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-avatar" />
              <button type="submit" disabled={removing} className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
                {removing ? "Removing…" : "Remove picture"}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </AccountCard>
  );
}

export function NamesSection({ firstName, lastName, answer }: { firstName: string; lastName: string; answer: AccountActionData | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const saving = useBusy("names");
  useFocusFirstError(answer, formRef, alertRef);
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? { firstName, lastName };
  return (
    <AccountCard id="names" title="Your name" intro="This is how StoryNest greets you, and how your family will see you.">
      {answer?.notice ? <Notice testId="names-notice">{answer.notice}</Notice> : null}
      {answer?.formError ? (
        <FormAlert ref={alertRef} testId="names-alert">
          {answer.formError}
        </FormAlert>
      ) : null}
      {/* A new answer (another save) starts the fields afresh from what the server kept or was sent. */}
      <Form ref={formRef} method="post" noValidate className="grid gap-5 sm:grid-cols-2" key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="names" />
        <Field idPrefix="profile" size="md" required name="firstName" label="First name" error={errors.firstName}>
          {(a) => (
            <input {...a} type="text" autoComplete="given-name" maxLength={NAME_MAX} defaultValue={values.firstName} className={cn(inputClass, a.className)} />
          )}
        </Field>
        <Field idPrefix="profile" size="md" required name="lastName" label="Last name" error={errors.lastName}>
          {(a) => (
            <input {...a} type="text" autoComplete="family-name" maxLength={NAME_MAX} defaultValue={values.lastName} className={cn(inputClass, a.className)} />
          )}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" disabled={saving} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
            {saving ? "Saving…" : "Save name"}
          </button>
        </div>
      </Form>
    </AccountCard>
  );
}
