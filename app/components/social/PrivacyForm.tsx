import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { AccountCard, FormAlert, Notice } from "~/components/account/AccountUi";
import { buttonClass } from "~/components/ui/Button";
import type { PrivacySettingsView, StoryPrivacy } from "~/domain/social/social";

/** What the privacy page's action answers. */
export interface PrivacyActionData {
  notice?: string;
  formError?: string;
}

type Flag = Exclude<keyof PrivacySettingsView, "defaultStoryPrivacy">;

const STORY_CHOICES: { value: StoryPrivacy; label: string; help: string }[] = [
  { value: "private", label: "Private", help: "Only you can read a new book until you share it yourself." },
  {
    value: "family",
    label: "Family",
    help: "When a new book is ready, it is shared for a year with everyone you shared a book with in the last 90 days (unless you stopped sharing with them), and each of them gets an e-mail with the link.",
  },
  {
    value: "public",
    label: "Public link",
    help: "When a new book is ready, it gets a link anyone who has it can read. Only while public links are allowed above; otherwise the book stays private.",
  },
];

const NOTIFY: { name: Flag; label: string; help: string }[] = [
  {
    name: "notifyNewReactions",
    label: "New reactions",
    help: "An e-mail when other people react to your books. Reactions and comments come together in one e-mail, at most once a day.",
  },
  { name: "notifyNewComments", label: "New comments", help: "An e-mail when other people comment on your books, in the same daily e-mail." },
  {
    name: "notifyFamilyRequests",
    label: "Family requests",
    help: "An e-mail when a family member asks to connect with you. StoryNest does not send these yet; your choice is kept for when it does.",
  },
  {
    name: "notifyStoryShares",
    label: "Books shared with me",
    help: "An e-mail when someone shares a book with you. The book is under “Shared with me” in your library either way.",
  },
];

const checkboxClass = "mt-1 size-6 shrink-0 accent-coral-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

/** One setting: a checkbox with its plain explanation (read as its description). */
function Toggle({
  name,
  label,
  defaultChecked,
  children,
  onChange,
}: {
  name: Flag;
  label: string;
  defaultChecked: boolean;
  children: ReactNode;
  onChange?: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex gap-4 rounded-2xl bg-cream/60 p-4 [&+&]:mt-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-help`}
        className={checkboxClass}
        onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
        data-testid={`privacy-${name}`}
      />
      <div>
        <label htmlFor={id} className="text-lg font-semibold text-ink">
          {label}
        </label>
        <div id={`${id}-help`} className="mt-1 leading-relaxed text-ink-soft">
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * /profile/privacy: the seven settings in one form that works without JavaScript (every checkbox
 * is sent when on, missing when off). With JavaScript, unticking public links while they are on
 * warns at once that saving withdraws the links already made.
 */
export function PrivacyForm({ settings, answer }: { settings: PrivacySettingsView; answer: PrivacyActionData | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [publicOn, setPublicOn] = useState(settings.allowPublicSharing);
  const withdrawing = settings.allowPublicSharing && !publicOn;
  // With JavaScript the page stays where it was: the answer (at the top) is brought into view.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) answerRef.current?.scrollIntoView({ block: "center" });
  }, [answer]);

  return (
    <Form method="post" data-testid="privacy-form" key={JSON.stringify(settings)}>
      <div ref={answerRef} className="scroll-mt-24">
        {answer?.formError ? <FormAlert testId="privacy-alert">{answer.formError}</FormAlert> : null}
        {answer?.notice ? <Notice testId="privacy-notice">{answer.notice}</Notice> : null}
      </div>

      <AccountCard id="sharing" title="Sharing" intro={<p>Who can read your books, and what family members see when they share with you.</p>}>
        <Toggle name="allowPublicSharing" label="Allow public links" defaultChecked={settings.allowPublicSharing} onChange={setPublicOn}>
          <p>When this is on, you can give a finished book a link that anyone who has it can read, without signing in.</p>
          <p className="mt-1">
            <strong className="text-ink">Turning it off withdraws every public link you have made:</strong> those links stop working at once. Books you shared
            with family by e-mail are not affected.
          </p>
        </Toggle>
        {withdrawing ? (
          <p
            role="alert"
            className="mt-3 rounded-2xl border-2 border-coral-dark/30 bg-coral/10 p-4 font-semibold text-ink"
            data-testid="privacy-withdraw-warning"
          >
            When you save, every public link to your books stops working. You can make new ones later by turning this back on.
          </p>
        ) : null}
        <Toggle name="allowFamilyDiscovery" label="Let family find me" defaultChecked={settings.allowFamilyDiscovery}>
          When someone shares a book with your e-mail address, they see your name and that the book is now in your library. When this is off, they only see that
          we e-mailed you a link, and nothing tells them you have an account.
        </Toggle>
      </AccountCard>

      <AccountCard
        id="new-books"
        title="New books"
        intro={<p>Who can read a book as soon as it is ready. You can change each book later in its Share dialog.</p>}
      >
        <fieldset>
          <legend className="sr-only">Who can read a new book</legend>
          {STORY_CHOICES.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer gap-4 rounded-2xl bg-cream/60 p-4 [&+&]:mt-3">
              <input
                type="radio"
                name="defaultStoryPrivacy"
                value={choice.value}
                defaultChecked={settings.defaultStoryPrivacy === choice.value}
                className={checkboxClass}
                data-testid={`privacy-story-${choice.value}`}
              />
              <span>
                <span className="block text-lg font-semibold text-ink">{choice.label}</span>
                <span className="mt-1 block leading-relaxed text-ink-soft">{choice.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </AccountCard>

      <AccountCard id="emails" title="E-mails" intro={<p>Which e-mails StoryNest sends you. Every one of them also has a link to stop it.</p>}>
        {NOTIFY.map((n) => (
          <Toggle key={n.name} name={n.name} label={n.label} defaultChecked={settings[n.name]}>
            {n.help}
          </Toggle>
        ))}
      </AccountCard>

      <div className="mt-6 flex justify-end">
        <button type="submit" className={buttonClass("primary", "lg")} disabled={saving} data-testid="privacy-save">
          {saving ? "Saving…" : "Save my settings"}
        </button>
      </div>
    </Form>
  );
}
