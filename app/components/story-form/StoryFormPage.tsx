import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ART_STYLE_OPTIONS, artStylePreviewUrl, findArtStyle } from "~/domain/story/art-styles-ui";
import { FORM_LIMITS } from "~/domain/story/form";
import { NinoFormHelp } from "~/components/nino/NinoFormHelp";
import { ArtStylePicker } from "./ArtStylePicker";
import { ChoiceChips, Counter, ErrorText, Field, Section, inputClass, inputState } from "./fields";
import type { StoryFormActionData, StoryFormLoaderData } from "./page-data";
import { PhotoField, cropToFile, photoColours, type LocalPhoto } from "./PhotoField";
import { editedFields, isEdited, PREFILL_FIELDS, refill, templateForChoice, type PrefillField } from "./prefill";
import { ThemePicker } from "./ThemePicker";
import {
  firstErrorKey,
  OTHER_THEME,
  readFormValues,
  recheckField,
  validateForm,
  type ErrorKey,
  type FormErrors,
  type FormField,
  type FormValues,
} from "./values";

const AGES = Array.from({ length: FORM_LIMITS.ageMax - FORM_LIMITS.ageMin + 1 }, (_, i) => String(FORM_LIMITS.ageMin + i));
const GENDER_CHOICES = [
  { value: "girl", label: "Girl" },
  { value: "boy", label: "Boy" },
  { value: "child", label: "Child" },
] as const;

export const LENGTH_CHOICES = [
  { value: "short", title: "Short", text: "A sentence or two on each page. About 5 minutes to read aloud: just right for little ones and sleepy evenings." },
  { value: "medium", title: "Medium", text: "A few sentences on each page. About 10 minutes: a proper bedtime story." },
  { value: "long", title: "Long", text: "A fuller paragraph on each page, with more adventure. About 15 minutes, for confident listeners." },
] as const;

/** A few lessons a parent can pick with one tap (they fill the lesson field; it stays editable). */
const LESSON_IDEAS = [
  { label: "Kindness", text: "Being kind makes everyone's day brighter, including our own." },
  { label: "Bravery", text: "Being brave means trying, even when we feel a little scared." },
  { label: "Sharing", text: "Sharing turns one person's fun into everyone's fun." },
  { label: "Trying again", text: "Mistakes help us learn, so we can always try again." },
  { label: "Saying sorry", text: "Saying sorry and listening can mend a friendship." },
] as const;

/** The DOM id a form error is shown beside, for focus and the error summary's links. */
function controlId(key: ErrorKey, values: FormValues): string {
  if (key === "age") return `story-age-${values.age || "1"}`;
  if (key === "gender") return `story-gender-${values.gender || "child"}`;
  if (key === "form") return "story-form-alert";
  return `story-${key}`;
}

function focusError(key: ErrorKey, form: HTMLFormElement | null) {
  if (!form) return;
  const el = form.querySelector<HTMLElement>(`[name="${key}"]:checked`) ?? form.querySelector<HTMLElement>(`[name="${key}"]:not([type=hidden])`) ?? document.getElementById(`story-${key}`);
  if (el) {
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "center", behavior: "smooth" });
  }
}

export function StoryFormPage({ loaderData, actionData }: { loaderData: StoryFormLoaderData; actionData: StoryFormActionData | undefined }) {
  const { mode, themes, price, balance } = loaderData;
  // One key for the life of this form: pressing Create again after an answer was lost finds the
  // book the first press started instead of making a second one (a reload of the page's data after
  // a submission brings a new key, which is not taken).
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [values, setValues] = useState<FormValues>(() => actionData?.values ?? loaderData.values);
  const [edited, setEdited] = useState<ReadonlySet<PrefillField>>(() => {
    const v = actionData?.values ?? loaderData.values;
    return editedFields(v, templateForChoice(themes, v.themeChoice));
  });
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const [photo, setPhoto] = useState<LocalPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  const [preparing, setPreparing] = useState(false);
  const [noticeFocus, setNoticeFocus] = useState(0);

  useEffect(() => setHydrated(true), []);

  const template = templateForChoice(themes, values.themeChoice);
  const errors: FormErrors = useMemo(() => {
    const base = { ...(clientErrors ?? actionData?.errors ?? {}) };
    if (photoError) base.photo = photoError;
    return base;
  }, [clientErrors, actionData, photoError]);
  const notice = clientErrors ? null : (actionData?.notice ?? null);
  const busy = preparing || (navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post");

  // After the server answers: keep what it kept (the photo's upload ids), show its errors, and move
  // focus to the first field at fault, or to the message by the Create button.
  useEffect(() => {
    if (!actionData) return;
    setValues((v) => ({ ...v, childImage: actionData.values.childImage, childImageCropped: actionData.values.childImageCropped, photoName: actionData.values.photoName }));
    setClientErrors(null);
    const key = firstErrorKey(actionData.errors);
    if (key && key !== "form") focusError(key, formRef.current);
    // the message is drawn with this update: focus it once it is on the page
    else if (actionData.notice || key === "form") setNoticeFocus((n) => n + 1);
  }, [actionData]);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);

  function setField(field: FormField, value: string) {
    let next: FormValues = { ...values, [field]: value };
    let nextEdited = edited;
    if ((PREFILL_FIELDS as readonly string[]).includes(field)) {
      const f = field as PrefillField;
      const mine = new Set(edited);
      if (isEdited(f, value, template, values.childName)) mine.add(f);
      else mine.delete(f);
      nextEdited = mine;
    }
    // The name fills the template's placeholders; a new theme brings its own details.
    if (field === "childName") next = refill(next, nextEdited, template);
    if (field === "themeChoice") next = refill(next, nextEdited, templateForChoice(themes, value));
    setValues(next);
    setEdited(nextEdited);
    if (Object.keys(errors).length > 0) setClientErrors(recheckField(errors, field, next, mode));
  }

  function onPhoto(next: LocalPhoto | null) {
    setPhoto(next);
    // A new photo replaces the one the server kept.
    if (next) setValues((v) => ({ ...v, childImage: "", childImageCropped: "", photoName: "" }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = validateForm(readFormValues(data), mode);
    const found: FormErrors = result.ok ? {} : { ...result.errors };
    if (photoError) found.photo = photoError;
    const first = firstErrorKey(found);
    if (first) {
      setClientErrors(found);
      if (first === "form") noticeRef.current?.focus();
      else focusError(first, form);
      return;
    }
    setClientErrors({});
    if (photo) {
      try {
        const colours = await photoColours(photo);
        if (colours.hair) data.set("photoHair", colours.hair);
        if (colours.skin) data.set("photoSkin", colours.skin);
        if (colours.eyes) data.set("photoEyes", colours.eyes);
      } catch {
        // Colours are a nicety: without them the pictures' child gets colours of its own.
      }
    }
    if (photo?.crop) {
      setPreparing(true);
      try {
        const square = await cropToFile(photo);
        if (square) data.set("photoCropped", square);
      } catch {
        // The square is a nicety: the book is made from the whole photo without it.
      } finally {
        setPreparing(false);
      }
    }
    submit(data, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  const name = values.childName.trim();
  const sectionIds = mode === "theme" ? ["who", "theme", "details", "photo", "style", "review"] : ["who", "story", "photo", "style", "review"];
  const step = (id: string) => sectionIds.indexOf(id) + 1;
  const errorList = (Object.entries(errors) as [ErrorKey, string][]).filter(([k, m]) => m && k !== "form");

  return (
    <div className="relative overflow-x-clip">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -left-24 -top-20 size-72 rounded-full bg-peach blur-3xl" />
        <div className="absolute -right-24 top-64 size-80 rounded-full bg-lavender-soft blur-3xl" />
      </div>
      <div className="relative mx-auto max-w-6xl px-4 pb-10 pt-8 sm:px-6 sm:pt-12">
        <header className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-paper px-4 py-1.5 text-sm font-bold text-plum shadow-card">
            <span aria-hidden="true">{mode === "theme" ? "📖" : "✍️"}</span>
            {mode === "theme" ? "A picture book made for one child" : "Your idea, our words and pictures"}
          </p>
          <h1 className="mt-4 text-[2.2rem] font-semibold leading-[1.08] tracking-tight text-ink sm:text-5xl">
            {mode === "theme" ? (name ? `Let's make ${name}'s storybook` : "Let's make your child's storybook") : name ? `Write ${name}'s own story` : "Write your own story"}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft">
            {mode === "theme"
              ? "A few questions, about five minutes. Only the name, age, theme and art style are needed: everything else just makes the story more theirs. You can change anything before you press Create."
              : "Tell us the story you have in mind, in your own words, and we'll write it out page by page and illustrate it, with your child as the hero."}
          </p>
          {mode === "theme" ? (
            <p className="mt-3 text-[0.95rem] text-ink-soft">
              Have a story in mind already?{" "}
              <Link to="/customstory" className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
                Write your own plot
              </Link>
            </p>
          ) : (
            <p className="mt-3 text-[0.95rem] text-ink-soft">
              Prefer a ready-made adventure?{" "}
              <Link to="/createstory" className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
                Choose a theme instead
              </Link>
            </p>
          )}
          {mode === "theme" ? <NinoFormHelp fromNino={loaderData.fromNino} /> : null}
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <Form
            ref={formRef}
            id="story-form"
            method="post"
            encType="multipart/form-data"
            noValidate
            onSubmit={onSubmit}
            data-hydrated={hydrated ? "true" : undefined}
            aria-label={mode === "theme" ? "Create a storybook" : "Write your own story"}
            className="grid min-w-0 gap-6"
          >
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <input type="hidden" name="childImage" value={values.childImage} />
            <input type="hidden" name="childImageCropped" value={values.childImageCropped} />
            <input type="hidden" name="photoName" value={values.photoName} />

            {errorList.length > 0 ? (
              <div role="alert" className="rounded-3xl border-2 border-coral-dark/30 bg-coral/10 p-5" data-testid="form-errors">
                <p className="flex items-center gap-2 font-bold text-ink">
                  <span aria-hidden="true">✏️</span> A few things need a second look:
                </p>
                <ul className="mt-2 grid gap-1 pl-7">
                  {errorList.map(([key, message]) => (
                    <li key={key} className="list-disc text-ink marker:text-coral-dark">
                      <a
                        href={`#${controlId(key, values)}`}
                        onClick={(e) => {
                          e.preventDefault();
                          focusError(key, formRef.current);
                        }}
                        className="font-semibold text-coral-dark underline decoration-2 underline-offset-2 hover:text-plum"
                      >
                        {message}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <Section id="who" step={step("who")} title="Who is the story for?" intro="The hero of the book: we'll use their name on every page.">
              <Field name="childName" label="Child's first name" hint="Just the first name, as you'd say it at bedtime." error={errors.childName}>
                {(a) => (
                  <input
                    {...a}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="words"
                    spellCheck={false}
                    maxLength={FORM_LIMITS.childName + 10}
                    value={values.childName}
                    onChange={(e) => setField("childName", e.target.value)}
                    placeholder="For example, Mia"
                    aria-required="true"
                    className={cn(inputClass, "min-h-13 text-lg font-semibold", inputState(errors.childName))}
                  />
                )}
              </Field>
              <AgeChips value={values.age} onChange={(v) => setField("age", v)} error={errors.age} />
              <GenderChips value={values.gender} onChange={(v) => setField("gender", v)} error={errors.gender} />
              <Field
                name="authorName"
                label="Written by"
                optional
                hint="Printed on the cover: for example “Mummy and Daddy” or “Grandma Rose”."
                error={errors.authorName}
                extra={<Counter value={values.authorName} max={FORM_LIMITS.authorName} show={hydrated} />}
              >
                {(a) => (
                  <input
                    {...a}
                    type="text"
                    autoComplete="name"
                    maxLength={FORM_LIMITS.authorName + 20}
                    value={values.authorName}
                    onChange={(e) => setField("authorName", e.target.value)}
                    className={cn(inputClass, "min-h-13", inputState(errors.authorName))}
                  />
                )}
              </Field>
            </Section>

            {mode === "theme" ? (
              <>
                <Section id="theme" step={step("theme")} title="Choose a theme" intro="Each theme comes with a story idea, a gentle lesson and an art style. You can change all of them below.">
                  <ThemePicker
                    themes={themes}
                    value={values.themeChoice}
                    other={values.themeOther}
                    onChange={(v) => setField("themeChoice", v)}
                    onOtherChange={(v) => setField("themeOther", v)}
                    error={errors.themeChoice}
                    otherError={errors.themeOther}
                    showOther={!hydrated || values.themeChoice === OTHER_THEME}
                  />
                </Section>

                <Section
                  id="details"
                  step={step("details")}
                  title="Story details"
                  intro={template ? `We've started these from “${template.title}”. Make them your own, or leave them as they are.` : "All optional: a few words here make the story feel like theirs."}
                >
                  <Field
                    name="storyDescription"
                    label="What happens in the story?"
                    optional
                    hint="A sentence or two about the adventure."
                    error={errors.storyDescription}
                    extra={<Counter value={values.storyDescription} max={FORM_LIMITS.storyDescription} show={hydrated} />}
                  >
                    {(a) => (
                      <textarea
                        {...a}
                        rows={4}
                        maxLength={FORM_LIMITS.storyDescription + 50}
                        value={values.storyDescription}
                        onChange={(e) => setField("storyDescription", e.target.value)}
                        placeholder="For example: Mia finds a dragon egg in the garden and looks after it until it hatches."
                        className={cn(inputClass, "min-h-32 py-3 leading-relaxed", inputState(errors.storyDescription))}
                      />
                    )}
                  </Field>
                  <Field
                    name="moralLesson"
                    label="A lesson to weave in"
                    optional
                    hint="Told gently through the story, never as a lecture."
                    error={errors.moralLesson}
                    extra={<Counter value={values.moralLesson} max={FORM_LIMITS.moralLesson} show={hydrated} />}
                  >
                    {(a) => (
                      <div>
                        <textarea
                          {...a}
                          rows={2}
                          maxLength={FORM_LIMITS.moralLesson + 50}
                          value={values.moralLesson}
                          onChange={(e) => setField("moralLesson", e.target.value)}
                          className={cn(inputClass, "min-h-20 py-3 leading-relaxed", inputState(errors.moralLesson))}
                        />
                        {hydrated ? (
                          <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Lesson ideas">
                            {LESSON_IDEAS.map((idea) => (
                              <button
                                key={idea.label}
                                type="button"
                                onClick={() => setField("moralLesson", idea.text)}
                                aria-pressed={values.moralLesson === idea.text}
                                className="min-h-11 rounded-full border-2 border-ink/10 bg-sun-soft px-4 text-[0.95rem] font-bold text-ink transition-colors hover:border-sun aria-pressed:border-plum aria-pressed:bg-lavender-soft"
                              >
                                {idea.label}
                              </button>
                            ))}
                          </div>
                        ) : null}
                      </div>
                    )}
                  </Field>
                  <Field
                    name="specialElements"
                    label="Favourite things to include"
                    optional
                    hint="Toys, pets, friends or places, separated by commas: a teddy called Bruno, our dog Pepper, Grandma's garden."
                    error={errors.specialElements}
                    extra={<Counter value={values.specialElements} max={FORM_LIMITS.specialElements} show={hydrated} />}
                  >
                    {(a) => (
                      <textarea
                        {...a}
                        rows={2}
                        autoComplete="off"
                        maxLength={FORM_LIMITS.specialElements + 50}
                        value={values.specialElements}
                        onChange={(e) => setField("specialElements", e.target.value)}
                        className={cn(inputClass, "min-h-20 py-3 leading-relaxed", inputState(errors.specialElements))}
                      />
                    )}
                  </Field>
                </Section>
              </>
            ) : (
              <Section id="story" step={step("story")} title="Your story" intro="Write it the way you'd tell it. We'll turn it into 22 illustrated pages, with your child as the hero.">
                <Field
                  name="plotOutline"
                  label="What happens?"
                  hint={`The beginning, the middle and how it ends. A few sentences are plenty (at least ${FORM_LIMITS.plotOutlineMin} characters).`}
                  error={errors.plotOutline}
                  extra={<Counter value={values.plotOutline} max={FORM_LIMITS.plotOutline} show={hydrated} />}
                >
                  {(a) => (
                    <textarea
                      {...a}
                      rows={8}
                      maxLength={FORM_LIMITS.plotOutline + 100}
                      value={values.plotOutline}
                      onChange={(e) => setField("plotOutline", e.target.value)}
                      aria-required="true"
                      placeholder="For example: Leo is nervous about his first day at school. His toy dinosaur, Rex, comes to life in his backpack and helps him make a friend at lunch. At home time, Leo tells Rex he can stay home tomorrow: Leo is brave enough now."
                      className={cn(inputClass, "min-h-48 py-3 leading-relaxed", inputState(errors.plotOutline))}
                    />
                  )}
                </Field>
                <Field
                  name="themeOther"
                  label="The theme in a few words"
                  optional
                  hint="It helps us choose the scenery: dinosaurs, school, the seaside, a new baby…"
                  error={errors.themeOther}
                  extra={<Counter value={values.themeOther} max={FORM_LIMITS.theme} show={hydrated} />}
                >
                  {(a) => (
                    <input
                      {...a}
                      type="text"
                      autoComplete="off"
                      maxLength={FORM_LIMITS.theme + 20}
                      value={values.themeOther}
                      onChange={(e) => setField("themeOther", e.target.value)}
                      className={cn(inputClass, "min-h-13", inputState(errors.themeOther))}
                    />
                  )}
                </Field>
                <LengthChoice value={values.length} onChange={(v) => setField("length", v)} error={errors.length} />
              </Section>
            )}

            <Section id="photo" step={step("photo")} title="Add a photo" intro="Optional. With a photo, the pictures take your child's hair, skin and eye colours.">
              <PhotoField
                hydrated={hydrated}
                photo={photo}
                onPhoto={onPhoto}
                saved={values.childImage ? values.photoName || "photo" : null}
                onRemoveSaved={() => setValues((v) => ({ ...v, childImage: "", childImageCropped: "", photoName: "" }))}
                error={errors.photo}
                onError={setPhotoError}
              />
            </Section>

            <Section id="style" step={step("style")} title="Pick an art style" intro="Every page of the book is drawn in this style. Here is one little scene in each.">
              <ArtStylePicker value={values.artStyle} onChange={(v) => setField("artStyle", v)} error={errors.artStyle} />
            </Section>

            <Section id="review" step={step("review")} title="Review and create">
              <Review values={values} mode={mode} templateTitle={template?.title ?? null} photo={photo} />
              <Price price={price} balance={balance} />
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
                    {notice?.kind === "credits" ? (
                      <Link to={notice.pricingUrl} className="mt-2 inline-flex min-h-11 items-center font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
                        See credit packs and prices
                      </Link>
                    ) : null}
                  </div>
                </div>
              ) : null}
            </Section>
            {/* On phones the button stays in reach at the bottom of the screen while the form scrolls. */}
            <div className="sticky bottom-0 z-30 -mx-4 border-t border-ink/10 bg-paper/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-8px_24px_-16px_rgb(43_37_66/0.35)] backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
              <button type="submit" disabled={busy} aria-describedby="story-price" className={buttonClass("primary", "lg", "w-full")} data-testid="create-book">
                {busy ? (
                  <>
                    <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                    Starting your book…
                  </>
                ) : (
                  <>
                    <span aria-hidden="true">✨</span>
                    {name ? `Create ${name}'s book` : "Create the book"}
                  </>
                )}
              </button>
              <p className="mt-2 text-center text-sm text-ink-soft lg:hidden" aria-hidden="true">
                Uses {price} credit · ready in a few minutes
              </p>
            </div>
          </Form>

          <Sidebar values={values} mode={mode} templateTitle={template?.title ?? null} errors={errors} sectionIds={sectionIds} hasPhoto={Boolean(photo || values.childImage)} />
        </div>
      </div>
    </div>
  );
}

function AgeChips({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <ChoiceChips
      name="age"
      legend="Age"
      hint="So the words and the story fit them."
      choices={AGES.map((a) => ({ value: a, label: a }))}
      value={value}
      onChange={onChange}
      error={error}
      columns="grid-cols-6 sm:grid-cols-12"
      idPrefix="story-age"
    />
  );
}

function GenderChips({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <ChoiceChips
      name="gender"
      legend="The hero is a…"
      hint="Choose “Child” to keep the story free of “he” and “she”."
      choices={GENDER_CHOICES}
      value={value}
      onChange={onChange}
      error={error}
      columns="grid-cols-3"
      idPrefix="story-gender"
    />
  );
}

function LengthChoice({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "story-length-error" : "story-length-hint"}>
      <legend className="text-[1.0625rem] font-bold text-ink">How long should it be?</legend>
      <p id="story-length-hint" className="mt-0.5 text-[0.95rem] text-ink-soft">
        Every book has 22 illustrated story pages; the length is how much is written on each.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {LENGTH_CHOICES.map((c) => (
          <label key={c.value} className="relative block">
            <input type="radio" name="length" value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} className="peer sr-only" />
            <span className="flex h-full cursor-pointer flex-col rounded-3xl border-2 border-ink/10 bg-paper p-4 transition hover:shadow-card peer-checked:border-plum peer-checked:bg-lavender-soft peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum">
              <span className="font-display text-lg font-semibold text-ink">{c.title}</span>
              <span className="mt-1 text-[0.95rem] leading-snug text-ink-soft">{c.text}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <ErrorText id="story-length-error" field="length">
          {error}
        </ErrorText>
      ) : null}
    </fieldset>
  );
}

function themeName(values: FormValues, mode: "theme" | "custom", templateTitle: string | null): string | null {
  if (mode === "custom") return values.themeOther.trim() || null;
  if (values.themeChoice === OTHER_THEME) return values.themeOther.trim() || null;
  return templateTitle;
}

function Review({ values, mode, templateTitle, photo }: { values: FormValues; mode: "theme" | "custom"; templateTitle: string | null; photo: LocalPhoto | null }) {
  const style = findArtStyle(values.artStyle);
  const name = values.childName.trim();
  const rows: [string, ReactNode][] = [
    ["Starring", name ? `${name}${values.age ? `, age ${values.age}` : ""}` : <Missing>Add a name in step 1</Missing>],
    [mode === "theme" ? "Theme" : "Story", mode === "theme" ? (themeName(values, mode, templateTitle) ?? <Missing>Choose a theme</Missing>) : values.plotOutline.trim() ? `${values.plotOutline.trim().slice(0, 80)}${values.plotOutline.trim().length > 80 ? "…" : ""}` : <Missing>Write what happens</Missing>],
  ];
  if (mode === "custom") rows.push(["Length", LENGTH_CHOICES.find((c) => c.value === values.length)?.title ?? "Medium"]);
  if (mode === "theme" && values.moralLesson.trim()) rows.push(["Lesson", values.moralLesson.trim()]);
  rows.push(["Photo", photo ? (photo.crop ? "Added, with a square crop" : "Added") : values.childImage ? "Added" : "None: we'll draw your child from your details"]);
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

function Price({ price, balance }: { price: number; balance: number | null }) {
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
              ? `You have ${balance} credit${balance === 1 ? "" : "s"}: you'll need ${price - balance} more. `
              : `You have ${balance} credit${balance === 1 ? "" : "s"}. Nothing is charged until your book is finished.`}
          {short ? (
            <Link to="/pricing" className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
              Get credits
            </Link>
          ) : null}
        </p>
      </div>
    </div>
  );
}

const STEP_LABELS: Record<string, string> = {
  who: "Who it's for",
  theme: "Theme",
  details: "Story details",
  story: "Your story",
  photo: "Photo",
  style: "Art style",
  review: "Review and create",
};

function Sidebar({
  values,
  mode,
  templateTitle,
  errors,
  sectionIds,
  hasPhoto,
}: {
  values: FormValues;
  mode: "theme" | "custom";
  templateTitle: string | null;
  errors: FormErrors;
  sectionIds: string[];
  hasPhoto: boolean;
}) {
  const name = values.childName.trim();
  const style = findArtStyle(values.artStyle) ?? ART_STYLE_OPTIONS[2];
  const theme = themeName(values, mode, templateTitle);
  const done: Record<string, boolean> = {
    who: Boolean(name && values.age) && !errors.childName && !errors.age,
    theme: Boolean(theme) && !errors.themeChoice && !errors.themeOther,
    details: Boolean(values.storyDescription.trim() || values.moralLesson.trim() || values.specialElements.trim()),
    story: values.plotOutline.trim().length >= FORM_LIMITS.plotOutlineMin && !errors.plotOutline,
    photo: hasPhoto,
    style: Boolean(findArtStyle(values.artStyle)),
    review: false,
  };
  return (
    <aside className="hidden lg:block" aria-label="Your book so far">
      <div className="sticky top-24 grid gap-5">
        <div className="overflow-hidden rounded-[1.75rem] bg-paper shadow-lift ring-1 ring-ink/5">
          <div className="relative">
            <img src={artStylePreviewUrl(style.id)} alt="" width={400} height={400} className="aspect-square w-full object-cover" />
            <div className="absolute inset-x-3 bottom-3 rounded-2xl bg-paper/92 px-4 py-3 text-center shadow-card backdrop-blur">
              <p className="font-display text-xl font-semibold leading-tight text-ink">{name ? `${name}'s storybook` : "Your child's storybook"}</p>
              <p className="mt-0.5 truncate text-sm font-semibold text-ink-soft">{[theme, style.label].filter(Boolean).join(" · ")}</p>
            </div>
          </div>
        </div>
        <nav aria-label="Steps" className="rounded-[1.75rem] bg-paper/80 p-4 ring-1 ring-ink/5">
          <ol className="grid gap-1">
            {sectionIds.map((id, i) => (
              <li key={id}>
                <a href={`#${id}`} className="flex min-h-11 items-center gap-3 rounded-2xl px-2 font-semibold text-ink hover:bg-cream">
                  <span
                    aria-hidden="true"
                    className={cn("grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold", done[id] ? "bg-mint text-ink" : "bg-ink/10 text-ink-soft")}
                  >
                    {done[id] ? "✓" : i + 1}
                  </span>
                  {STEP_LABELS[id]}
                  {done[id] ? <span className="sr-only"> (done)</span> : null}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </aside>
  );
}
