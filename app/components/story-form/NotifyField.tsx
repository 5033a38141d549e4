import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { NOTIFY_EMAIL_MAX } from "~/domain/story/form-limits";
import { inputClass } from "./fields";
import type { NotifyChoice } from "./page-data";
import type { StoryForm } from "./useStoryForm";

const CONSENT_ID = "story-notifyEmail-consent";

/**
 * "E-mail me when it's ready". A visitor without an account may leave one address for this book,
 * with a plain line on what it is used for; a signed-in parent is only told where the e-mail goes
 * (the account's confirmed address), with no field.
 */
export function NotifyField({ form, notify }: { form: StoryForm; notify: NotifyChoice }) {
  if (notify.kind === "account") {
    if (!notify.maskedEmail) return null;
    return (
      <p className="flex items-start gap-3 rounded-3xl bg-mint/25 p-4 text-ink sm:p-5" data-testid="notify-account">
        <span aria-hidden="true" className="text-xl leading-none">
          ✉️
        </span>
        <span>
          We&apos;ll e-mail you at <strong className="break-words font-bold">{notify.maskedEmail}</strong> when it&apos;s ready.
        </span>
      </p>
    );
  }
  const { values, errors, setField } = form;
  return (
    <Field idPrefix="story" name="notifyEmail" label="E-mail me when it's ready" optional error={errors.notifyEmail}>
      {(a) => (
        <>
          <input
            {...a}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={NOTIFY_EMAIL_MAX + 20}
            value={values.notifyEmail}
            onChange={(e) => setField("notifyEmail", e.target.value)}
            placeholder="name@example.com"
            aria-describedby={[a["aria-describedby"], CONSENT_ID].filter(Boolean).join(" ")}
            className={cn(inputClass, "min-h-13", a.className)}
          />
          <p id={CONSENT_ID} className="mt-2 text-[0.95rem] leading-snug text-ink-soft">
            We&apos;ll send one e-mail when this book is ready, with a link to read it. The address is kept with this book only and deleted with it.
          </p>
        </>
      )}
    </Field>
  );
}
