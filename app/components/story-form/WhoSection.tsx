import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { FORM_LIMITS } from "~/domain/story/form-limits";
import { readingBandFor } from "~/domain/story/reading-level";
import { AGES, GENDER_CHOICES } from "./choices";
import { ChoiceChips, Counter, Section, inputClass } from "./fields";
import type { StoryForm } from "./useStoryForm";

/** Step 1: the child (name, age, who the hero is) and who the book is written by. */
export function WhoSection({ form, step }: { form: StoryForm; step: number }) {
  const { values, errors, setField, hydrated } = form;
  return (
    <Section id="who" step={step} title="Who is the story for?" intro="The hero of the book: we'll use their name on every page.">
      <Field idPrefix="story" name="childName" label="Child's first name" hint="Just the first name, as you'd say it at bedtime." error={errors.childName}>
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
            className={cn(inputClass, "min-h-13 text-lg font-semibold", a.className)}
          />
        )}
      </Field>
      <ChoiceChips
        name="age"
        legend="Age"
        hint={readingHint(values.age)}
        choices={AGES.map((a) => ({ value: a, label: a }))}
        value={values.age}
        onChange={(v) => setField("age", v)}
        error={errors.age}
        columns="grid-cols-6 sm:grid-cols-12"
        idPrefix="story-age"
      />
      <ChoiceChips
        name="gender"
        legend="The hero is a…"
        hint="Choose “Child” to keep the story free of “he” and “she”."
        choices={GENDER_CHOICES}
        value={values.gender}
        onChange={(v) => setField("gender", v)}
        error={errors.gender}
        columns="grid-cols-3"
        idPrefix="story-gender"
      />
      <Field
        idPrefix="story"
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
            className={cn(inputClass, "min-h-13", a.className)}
          />
        )}
      </Field>
    </Section>
  );
}

/** The reading level the chosen age gets, so the parent knows how the book will read. */
function readingHint(age: string): string {
  const n = Number(age);
  if (!Number.isInteger(n) || n < FORM_LIMITS.ageMin || n > FORM_LIMITS.ageMax) return "So the words and the story fit them.";
  const band = readingBandFor(n);
  return `Written for ${band.label.replace(/^Ages/, "ages")}. ${band.style} Up to ${band.wordsPerPage.max} words a page.`;
}
