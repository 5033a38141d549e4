import { cn } from "~/components/ui/cn";
import { ErrorText, Field } from "~/components/ui/Field";
import { FORM_LIMITS } from "~/domain/story/form-limits";
import { LENGTH_CHOICES } from "./choices";
import { Counter, Section, inputClass } from "./fields";
import type { StoryForm } from "./useStoryForm";

/** /customstory's step 2: the parent's own plot, its theme in a few words, and how long it is. */
export function StorySection({ form, step }: { form: StoryForm; step: number }) {
  const { values, errors, setField, hydrated } = form;
  return (
    <Section
      id="story"
      step={step}
      title="Your story"
      intro="Write it the way you'd tell it. We'll turn it into 22 illustrated pages, with your child as the hero."
    >
      <Field
        idPrefix="story"
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
            className={cn(inputClass, "min-h-48 py-3 leading-relaxed", a.className)}
          />
        )}
      </Field>
      <Field
        idPrefix="story"
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
            className={cn(inputClass, "min-h-13", a.className)}
          />
        )}
      </Field>
      <LengthChoice value={values.length} onChange={(v) => setField("length", v)} error={errors.length} />
    </Section>
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
