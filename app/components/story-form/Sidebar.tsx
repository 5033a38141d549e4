import { cn } from "~/components/ui/cn";
import { ART_STYLE_OPTIONS, artStylePreviewUrl, findArtStyle } from "~/domain/story/art-styles-ui";
import { FORM_LIMITS } from "~/domain/story/form-limits";
import { themeName } from "./ReviewSection";
import type { FormErrors, FormMode, FormValues } from "./values";

const STEP_LABELS: Record<string, string> = {
  who: "Who it's for",
  theme: "Theme",
  details: "Story details",
  story: "Your story",
  photo: "Photo",
  style: "Art style",
  review: "Review and create",
};

/** Beside the form on wide screens: the book's cover so far, and the steps, ticked as they are done. */
export function Sidebar({
  values,
  mode,
  templateTitle,
  errors,
  sectionIds,
  hasPhoto,
}: {
  values: FormValues;
  mode: FormMode;
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
            <img src={artStylePreviewUrl(style.id)} alt="" width={400} height={400} loading="lazy" className="aspect-square w-full object-cover" />
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
                    className={cn(
                      "grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold",
                      done[id] ? "bg-mint text-ink" : "bg-ink/10 text-ink-soft",
                    )}
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
