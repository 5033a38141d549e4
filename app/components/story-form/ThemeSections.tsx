import type { ThemeTemplate } from "~/domain/story/themes";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { FORM_LIMITS } from "~/domain/story/form-limits";
import { LESSON_IDEAS } from "./choices";
import { Counter, Section, inputClass } from "./fields";
import { ThemePicker } from "./ThemePicker";
import type { StoryForm } from "./useStoryForm";
import { OTHER_THEME } from "./values";

/** /createstory's steps 2 and 3: the theme, and the story's details it starts (all editable). */
export function ThemeSections({ form, themes, step }: { form: StoryForm; themes: ThemeTemplate[]; step: (id: string) => number }) {
  const { values, errors, setField, hydrated, template } = form;
  return (
    <>
      <Section
        id="theme"
        step={step("theme")}
        title="Choose a theme"
        intro="Each theme comes with a story idea, a gentle lesson and an art style. You can change all of them below."
      >
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
        intro={
          template
            ? `We've started these from “${template.title}”. Make them your own, or leave them as they are.`
            : "All optional: a few words here make the story feel like theirs."
        }
      >
        <Field
          idPrefix="story"
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
              className={cn(inputClass, "min-h-32 py-3 leading-relaxed", a.className)}
            />
          )}
        </Field>
        <Field
          idPrefix="story"
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
                className={cn(inputClass, "min-h-20 py-3 leading-relaxed", a.className)}
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
          idPrefix="story"
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
              className={cn(inputClass, "min-h-20 py-3 leading-relaxed", a.className)}
            />
          )}
        </Field>
      </Section>
    </>
  );
}
