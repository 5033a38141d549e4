import { Form, Link } from "@remix-run/react";
import { lazy, memo, Suspense, type ComponentType } from "react";
import { NinoFormHelp } from "~/components/nino/NinoFormHelp";
import { buttonClass } from "~/components/ui/Button";
import { ArtStylePicker } from "./ArtStylePicker";
import { Section } from "./fields";
import type { StoryFormActionData, StoryFormLoaderData } from "./page-data";
import { PhotoField } from "./PhotoField";
import { SavedChildPart as ServerChildPart, SavedChildPhoto as ServerChildPhoto } from "./SavedChildPart";
import { ReviewSection } from "./ReviewSection";
import { Sidebar } from "./Sidebar";
import { StorySection } from "./StorySection";
import { ThemeSections } from "./ThemeSections";
import { focusError, useStoryForm, controlId, type StoryForm } from "./useStoryForm";
import type { ErrorKey, FormMode } from "./values";
import { WhoSection } from "./WhoSection";

// A saved child's part (decision 054) is drawn by the server and kept as drawn until its code, which
// only parents with saved children need, has come after the page's; memo keeps the page's own
// re-renders from asking for it sooner.
type ChildPartProps = Parameters<typeof ServerChildPart>[0];
// its code could not be fetched (offline): the form still names the child chosen and who comes along
const ChildPartUnavailable = ({ saved: { chosen } }: ChildPartProps) =>
  chosen ? (
    <>
      <input type="hidden" name="savedChild" value={chosen.id} />
      {chosen.ticked.map((id) => (
        <input key={id} type="hidden" name="companion" value={id} />
      ))}
    </>
  ) : null;
const LazyChildPart = lazy(() =>
  import("./SavedChildPart").then(
    (m) => ({ default: m.SavedChildPart }),
    () => ({ default: ChildPartUnavailable }),
  ),
);
const LazyChildPhoto = lazy<ComponentType<Parameters<typeof ServerChildPhoto>[0]>>(() =>
  import("./SavedChildPart").then(
    (m) => ({ default: m.SavedChildPhoto }),
    () => ({ default: () => null }),
  ),
);
const ChildPart = memo(function ChildPart(props: ChildPartProps) {
  return <Suspense fallback={null}>{import.meta.env.SSR ? <ServerChildPart {...props} /> : <LazyChildPart {...props} />}</Suspense>;
});
const ChildPhoto = memo(function ChildPhoto({ chosen }: Parameters<typeof ServerChildPhoto>[0]) {
  return <Suspense fallback={null}>{import.meta.env.SSR ? <ServerChildPhoto chosen={chosen} /> : <LazyChildPhoto chosen={chosen} />}</Suspense>;
});

/**
 * /createstory (a theme) and /customstory (the parent's own plot): the form in numbered steps, a
 * summary of what needs a second look, the Create button, and the book so far beside it.
 */
export function StoryFormPage({ loaderData, actionData }: { loaderData: StoryFormLoaderData; actionData: StoryFormActionData | undefined }) {
  const { mode, themes, price, bookPrice, balance, lead, notify, savedChildren } = loaderData;
  const chosen = savedChildren?.chosen ?? null;
  const form = useStoryForm({ loaderData, actionData });
  const { values, errors, hydrated, photo } = form;
  const name = values.childName.trim();
  const sectionIds = mode === "theme" ? ["who", "theme", "details", "photo", "style", "review"] : ["who", "story", "photo", "style", "review"];
  const step = (id: string) => sectionIds.indexOf(id) + 1;

  return (
    <div className="relative overflow-x-clip">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -left-24 -top-20 size-72 rounded-full bg-peach blur-3xl" />
        <div className="absolute -right-24 top-64 size-80 rounded-full bg-lavender-soft blur-3xl" />
      </div>
      <div className="relative mx-auto max-w-6xl px-4 pb-10 pt-8 sm:px-6 sm:pt-12">
        <Intro mode={mode} name={name} fromNino={loaderData.fromNino} />

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <Form
            ref={form.formRef}
            id="story-form"
            method="post"
            encType="multipart/form-data"
            noValidate
            onSubmit={form.onSubmit}
            onFocus={form.prepare}
            onPointerDown={form.prepare}
            data-hydrated={hydrated ? "true" : undefined}
            aria-label={mode === "theme" ? "Create a storybook" : "Write your own story"}
            className="grid min-w-0 gap-6"
          >
            <input type="hidden" name="idempotencyKey" value={form.idempotencyKey} />
            <input type="hidden" name="childImage" value={values.childImage} />
            <input type="hidden" name="childImageCropped" value={values.childImageCropped} />
            <input type="hidden" name="photoName" value={values.photoName} />
            {form.discarded.map((id) => (
              <input key={id} type="hidden" name="discardPhoto" value={id} />
            ))}

            <ErrorSummary form={form} />

            {savedChildren ? <ChildPart saved={savedChildren} ticked={actionData?.companions} /> : null}

            <WhoSection form={form} step={step("who")} />

            {mode === "theme" ? <ThemeSections form={form} themes={themes} step={step} /> : <StorySection form={form} step={step("story")} />}

            <Section
              id="photo"
              step={step("photo")}
              title="Add a photo"
              intro="Optional. With a photo, the pictures take your child's hair, skin and eye colours."
            >
              {chosen ? (
                <ChildPhoto chosen={chosen} />
              ) : (
                <PhotoField
                  hydrated={hydrated}
                  photo={photo}
                  onPhoto={form.onPhoto}
                  saved={values.childImage ? values.photoName || "photo" : null}
                  onRemoveSaved={form.removeSavedPhoto}
                  error={errors.photo}
                  onError={form.setPhotoError}
                />
              )}
            </Section>

            <Section
              id="style"
              step={step("style")}
              title="Pick an art style"
              intro="Every page of the book is drawn in this style. Here is one little scene in each."
            >
              <ArtStylePicker value={values.artStyle} onChange={(v) => form.setField("artStyle", v)} error={errors.artStyle} />
            </Section>

            <ReviewSection
              form={form}
              mode={mode}
              price={price}
              bookPrice={bookPrice}
              balance={balance}
              lead={lead}
              notify={notify}
              step={step("review")}
              savedPhoto={chosen?.photo}
            />
            <CreateBar busy={form.busy} name={name} price={price} />
          </Form>

          <Sidebar
            values={values}
            mode={mode}
            templateTitle={form.template?.title ?? null}
            errors={errors}
            sectionIds={sectionIds}
            hasPhoto={Boolean(photo || values.childImage || chosen?.photo)}
          />
        </div>
      </div>
    </div>
  );
}

function Intro({ mode, name, fromNino }: { mode: FormMode; name: string; fromNino: boolean }) {
  return (
    <header className="max-w-3xl">
      <p className="inline-flex items-center gap-2 rounded-full bg-paper px-4 py-1.5 text-sm font-bold text-plum shadow-card">
        <span aria-hidden="true">{mode === "theme" ? "📖" : "✍️"}</span>
        {mode === "theme" ? "A picture book made for one child" : "Your idea, our words and pictures"}
      </p>
      <h1 className="mt-4 text-[2.2rem] font-semibold leading-[1.08] tracking-tight text-ink sm:text-5xl">
        {mode === "theme"
          ? name
            ? `Let's make ${name}'s storybook`
            : "Let's make your child's storybook"
          : name
            ? `Write ${name}'s own story`
            : "Write your own story"}
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
      {mode === "theme" ? <NinoFormHelp fromNino={fromNino} /> : null}
    </header>
  );
}

/** The errors in one list at the top of the form, each a link to its field. */
function ErrorSummary({ form }: { form: StoryForm }) {
  const errorList = (Object.entries(form.errors) as [ErrorKey, string][]).filter(([k, m]) => m && k !== "form");
  if (errorList.length === 0) return null;
  return (
    <div role="alert" className="rounded-3xl border-2 border-coral-dark/30 bg-coral/10 p-5" data-testid="form-errors">
      <p className="flex items-center gap-2 font-bold text-ink">
        <span aria-hidden="true">✏️</span> A few things need a second look:
      </p>
      <ul className="mt-2 grid gap-1 pl-7">
        {errorList.map(([key, message]) => (
          <li key={key} className="list-disc text-ink marker:text-coral-dark">
            <a
              href={`#${controlId(key, form.values)}`}
              onClick={(e) => {
                e.preventDefault();
                focusError(key, form.formRef.current);
              }}
              className="font-semibold text-coral-dark underline decoration-2 underline-offset-2 hover:text-plum"
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Create button; on phones it stays in reach at the bottom of the screen while the form scrolls. */
function CreateBar({ busy, name, price }: { busy: boolean; name: string; price: number }) {
  return (
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
  );
}
