import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { findArtStyle } from "~/domain/story/art-styles-ui";
import { SIGNUP_FOR_CREDITS_URL, type CreditsLead } from "~/domain/story/credits";
import { BookPriceLine } from "~/components/pricing/BookPriceLine";
import { LENGTH_CHOICES } from "./choices";
import { Section } from "./fields";
import { NotifyField } from "./NotifyField";
import type { NotifyChoice } from "./page-data";
import type { LocalPhoto } from "./PhotoField";
import type { StoryForm } from "./useStoryForm";
import { OTHER_THEME, type FormMode, type FormValues } from "./values";

/** The theme as the parent will recognise it: the card's title, or their own words. */
export function themeName(values: FormValues, mode: FormMode, templateTitle: string | null): string | null {
  if (mode === "custom") return values.themeOther.trim() || null;
  if (values.themeChoice === OTHER_THEME) return values.themeOther.trim() || null;
  return templateTitle;
}

/** The last step: what the book will be, what it costs, and the server's message when it has one. */
export function ReviewSection({
  form,
  mode,
  price,
  bookPrice,
  balance,
  lead,
  notify,
  step,
  savedPhoto,
}: {
  form: StoryForm;
  mode: FormMode;
  price: number;
  bookPrice: string | null;
  balance: number | null;
  lead: CreditsLead;
  notify: NotifyChoice;
  step: number;
  /** a saved child's photo is used */
  savedPhoto?: boolean;
}) {
  const { values, template, photo, notice, errors, noticeRef } = form;
  return (
    <Section id="review" step={step} title="Review and create">
      <Review values={values} mode={mode} templateTitle={template?.title ?? null} photo={photo} savedPhoto={savedPhoto} />
      <Price price={price} bookPrice={bookPrice} balance={balance} lead={lead} />
      <NotifyField form={form} notify={notify} />
      {notice || errors.form ? (
        <div
          ref={noticeRef}
          id="story-form-alert"
          tabIndex={-1}
          role="alert"
          data-testid="form-notice"
          className="flex gap-3 rounded-2xl border-2 border-coral-dark/30 bg-coral/10 p-4 text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-plum"
        >
          <span aria-hidden="true" className="text-xl">
            {notice?.kind === "credits" ? "🪙" : "🌧️"}
          </span>
          <div className="leading-relaxed">
            <p className="font-semibold">{notice?.message ?? errors.form}</p>
            {notice?.kind === "credits" && notice.link.url === SIGNUP_FOR_CREDITS_URL ? (
              <SignUpKeepingForm className="mt-2 inline-flex min-h-11 items-center">{notice.link.label}</SignUpKeepingForm>
            ) : notice?.kind === "credits" ? (
              <Link
                to={notice.link.url}
                className="mt-2 inline-flex min-h-11 items-center font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum"
              >
                {notice.link.label}
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </Section>
  );
}

function Review({
  values,
  mode,
  templateTitle,
  photo,
  savedPhoto,
}: {
  values: FormValues;
  mode: FormMode;
  templateTitle: string | null;
  photo: LocalPhoto | null;
  savedPhoto?: boolean;
}) {
  const style = findArtStyle(values.artStyle);
  const name = values.childName.trim();
  const rows: [string, ReactNode][] = [
    ["Starring", name ? `${name}${values.age ? `, age ${values.age}` : ""}` : <Missing>Add a name in step 1</Missing>],
    [
      mode === "theme" ? "Theme" : "Story",
      mode === "theme" ? (
        (themeName(values, mode, templateTitle) ?? <Missing>Choose a theme</Missing>)
      ) : values.plotOutline.trim() ? (
        `${values.plotOutline.trim().slice(0, 80)}${values.plotOutline.trim().length > 80 ? "…" : ""}`
      ) : (
        <Missing>Write what happens</Missing>
      ),
    ],
  ];
  if (mode === "custom") rows.push(["Length", LENGTH_CHOICES.find((c) => c.value === values.length)?.title ?? "Medium"]);
  if (mode === "theme" && values.moralLesson.trim()) rows.push(["Lesson", values.moralLesson.trim()]);
  rows.push([
    "Photo",
    photo ? (photo.crop ? "Added, with a square crop" : "Added") : values.childImage || savedPhoto ? "Added" : "None: we'll draw your child from your details",
  ]);
  rows.push(["Art style", style?.label ?? <Missing>Pick an art style</Missing>]);
  if (values.authorName.trim()) rows.push(["Written by", values.authorName.trim()]);
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-3xl bg-cream p-4 sm:grid-cols-[8rem_1fr] sm:p-5" data-testid="review">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-bold uppercase tracking-wide text-ink-soft sm:pt-0.5">{label}</dt>
          <dd className="-mt-2 break-words font-semibold text-ink sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Missing({ children }: { children: ReactNode }) {
  return <span className="font-semibold text-ink-soft italic">{children}</span>;
}

function Price({ price, bookPrice, balance, lead }: { price: number; bookPrice: string | null; balance: number | null; lead: CreditsLead }) {
  const short = balance !== null && balance < price;
  return (
    <div id="story-price" className="flex items-start gap-3 rounded-3xl bg-sun-soft p-4 sm:p-5" data-testid="price">
      <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-sun text-xl">
        🪙
      </span>
      <div className="min-w-0 leading-snug">
        <p className="font-bold text-ink">
          This book uses {price} credit{price === 1 ? "" : "s"}.
        </p>
        <p className="mt-1 text-[0.95rem] text-ink-soft">
          {balance === null
            ? "Nothing is charged until your book is finished. If anything goes wrong, it costs nothing."
            : short
              ? `You have ${balance} credit${balance === 1 ? "" : "s"}: you'll need ${price - balance} more. ${lead.kind === "signup" ? `${lead.sentence} ` : ""}`
              : `You have ${balance} credit${balance === 1 ? "" : "s"}. Nothing is charged until your book is finished.`}
          {short && lead.kind === "signup" ? <SignUpKeepingForm>{lead.label}</SignUpKeepingForm> : null}
          {short && lead.kind !== "signup" ? (
            <Link to={lead.url} className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
              Get credits
            </Link>
          ) : null}
        </p>
        <BookPriceLine price={bookPrice} className="mt-1 text-[0.95rem]" />
      </div>
    </div>
  );
}

/**
 * "Create a free account" inside the form: it sends the form to be kept for this browser (photo
 * included) and leads to sign-up, which comes back to the form with everything in it.
 */
function SignUpKeepingForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value="signup"
      formNoValidate
      data-testid="sign-up-keeping-form"
      className={`font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum ${className ?? ""}`}
    >
      {children}
    </button>
  );
}
