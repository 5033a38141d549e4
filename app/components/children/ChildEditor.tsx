import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormAlert, Notice, inputClass, useFocusFirstError } from "~/components/account/AccountUi";
import { ChoiceChips } from "~/components/story-form/fields";
import { GENDER_CHOICES } from "~/components/story-form/choices";
import { cropToFile, photoColours, PhotoField, type LocalPhoto } from "~/components/story-form/PhotoField";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { CHILD_LIMITS } from "~/domain/children/child";
import { PHOTO_CONSENT_FIELD, PHOTO_CONSENT_VALUE, PHOTO_ERRORS } from "~/domain/story/photo";
import { CompanionRows } from "./CompanionRows";
import type { ChildActionData, ChildEditorData } from "./page-data";

/**
 * With a photo chosen in the browser, the submit carries the colours read from it and its square,
 * as the story form's does; otherwise the form posts as it is (with or without JavaScript).
 */
function useChildSubmit(answer: ChildActionData | undefined) {
  const submit = useSubmit();
  const [photo, setPhoto] = useState<LocalPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  const [preparing, setPreparing] = useState(false);
  // a new answer from the server shows its own message about the photo
  useEffect(() => setPhotoError(undefined), [answer]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!photo) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (data.get(PHOTO_CONSENT_FIELD) !== PHOTO_CONSENT_VALUE) return setPhotoError(PHOTO_ERRORS.consent);
    // the chosen photo goes with every try (an answer that needs fixing draws the form afresh)
    data.set("photo", photo.file);
    setPreparing(true);
    try {
      const colours = await photoColours(photo).catch(() => ({}) as Awaited<ReturnType<typeof photoColours>>);
      for (const [key, value] of [
        ["photoHair", colours.hair],
        ["photoSkin", colours.skin],
        ["photoEyes", colours.eyes],
      ] as const)
        if (value) data.set(key, value);
      const square = photo.crop ? await cropToFile(photo).catch(() => null) : null;
      if (square) data.set("photoCropped", square);
    } finally {
      setPreparing(false);
    }
    submit(data, { method: "post", encType: "multipart/form-data" });
  }
  return { photo, setPhoto, photoError, setPhotoError, preparing, onSubmit };
}

/** The colours the pictures take from the photo, as three swatches. */
function LookSwatches({ look }: { look: ChildEditorData["look"] }) {
  const parts = (
    [
      ["Hair", look.hair],
      ["Skin", look.skin],
      ["Eyes", look.eyes],
    ] as const
  ).filter(([, hex]) => hex);
  if (parts.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-ink-soft" data-testid="child-look">
      <span>Colours the pictures take from the photo:</span>
      {parts.map(([label, hex]) => (
        <span key={label} className="inline-flex items-center gap-1.5 font-semibold text-ink">
          <span aria-hidden="true" className="size-5 rounded-full ring-1 ring-ink/20" style={{ backgroundColor: hex }} />
          {label}
        </span>
      ))}
    </div>
  );
}

/** The child's kept photo, with the way to stop using it. */
function KeptPhoto({ src, name }: { src: string; name: string }) {
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-2xl bg-mint-soft p-3" data-testid="child-photo">
      <img src={src} alt={`The photo of ${name || "your child"}`} width={80} height={80} className="size-20 rounded-2xl object-cover" />
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-ink">
        <input type="checkbox" name="removePhoto" value="1" className="size-5 accent-coral" />
        Remove this photo
      </label>
    </div>
  );
}

/**
 * A saved child's details: name, birthday, who the hero is, the photo and the look it gives the
 * pictures, likes, and the family, friends and pets who may appear. A real form and a server
 * action: it works before the page's script runs.
 */
export function ChildEditor({ data, answer }: { data: ChildEditorData; answer: ChildActionData | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useFocusFirstError(answer?.intent === "save" ? answer : undefined, formRef, alertRef);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const form = useChildSubmit(answer);
  const mine = answer?.intent === "save" || answer?.intent === "form" ? answer : undefined;
  const values = mine?.values ?? data.values;
  const errors: Partial<Record<string, string>> = { ...mine?.fieldErrors, ...(form.photoError ? { photo: form.photoError } : {}) };
  const [gender, setGender] = useState(values.gender);
  useEffect(() => setGender(values.gender), [values.gender]);
  const name = values.name.trim();

  return (
    <div className="rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8">
      {data.saved && !mine ? <Notice testId="child-saved">{`${name} is saved. Every new book can start from ${name}.`}</Notice> : null}
      {mine?.formError ? (
        <FormAlert ref={alertRef} testId="child-alert">
          {mine.formError}
        </FormAlert>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-6"
        aria-label={data.childId ? `${data.values.name}'s details` : "A new child"}
        key={JSON.stringify(values)}
        data-hydrated={hydrated ? "true" : undefined}
      >
        <input type="hidden" name="intent" value="save" />
        <Field idPrefix="child" size="md" required name="name" label="First name" hint="As you'd say it at bedtime." error={errors.name}>
          {(a) => (
            <input
              {...a}
              type="text"
              autoComplete="off"
              autoCapitalize="words"
              spellCheck={false}
              maxLength={CHILD_LIMITS.name + 10}
              defaultValue={values.name}
              className={cn(inputClass, a.className)}
            />
          )}
        </Field>
        <Field
          idPrefix="child"
          size="md"
          required
          name="birthday"
          label="Birthday"
          hint="Each book uses the age on the day it is made, so the stories grow up with them."
          error={errors.birthday}
        >
          {(a) => <input {...a} type="date" min={data.earliest} max={data.today} defaultValue={values.birthday} className={cn(inputClass, a.className)} />}
        </Field>
        <ChoiceChips
          name="gender"
          legend="The hero is a…"
          hint="Choose “Child” to keep the stories free of “he” and “she”."
          choices={GENDER_CHOICES}
          value={gender}
          onChange={setGender}
          error={errors.gender}
          columns="grid-cols-3"
          idPrefix="child-gender"
        />
        <div>
          {data.photo ? <KeptPhoto src={data.photo} name={name} /> : null}
          <LookSwatches look={data.look} />
          <div className={data.photo ? "mt-4" : undefined}>
            <PhotoField
              hydrated={hydrated}
              photo={form.photo}
              onPhoto={form.setPhoto}
              saved={null}
              onRemoveSaved={() => undefined}
              error={errors.photo}
              onError={form.setPhotoError}
              use="every book made for them"
            />
          </div>
        </div>
        <Field
          idPrefix="child"
          size="md"
          optional
          name="likes"
          label="Things they love"
          hint="For example: dinosaurs, football, baking with Grandma. The stories can bring them in."
          error={errors.likes}
        >
          {(a) => (
            <input
              {...a}
              type="text"
              autoComplete="off"
              maxLength={CHILD_LIMITS.likes + 20}
              defaultValue={values.likes}
              className={cn(inputClass, a.className)}
            />
          )}
        </Field>
        <CompanionRows initial={values.companions} errors={errors} hydrated={hydrated} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button type="submit" disabled={busy || form.preparing} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
            {busy || form.preparing ? "Saving…" : data.childId ? "Save changes" : "Save this child"}
          </button>
          <Link to="/myaccount/children" className={buttonClass("ghost", "md", "w-full sm:w-auto")}>
            Back to your children
          </Link>
        </div>
      </Form>
    </div>
  );
}
