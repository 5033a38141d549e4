import { cn } from "~/components/ui/cn";
import { ART_STYLE_OPTIONS, artStylePreviewUrl } from "~/domain/story/art-styles-ui";
import { ErrorText, fieldIds } from "~/components/ui/Field";
import { CheckIcon } from "~/components/ui/icons";

/**
 * The art styles, each with the illustrator's own preview of one little scene drawn in it. A radio
 * group: one tab stop, arrow keys move the choice, Space picks; it posts without JavaScript.
 */
export function ArtStylePicker({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { errorId, describedBy } = fieldIds("story", "artStyle", false, error);
  return (
    <div>
      <fieldset aria-describedby={describedBy}>
        <legend className="sr-only">Art style</legend>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {ART_STYLE_OPTIONS.map((style) => (
            <label key={style.id} className="relative block" data-art-style={style.id}>
              <input
                type="radio"
                name="artStyle"
                value={style.id}
                checked={value === style.id}
                onChange={() => onChange(style.id)}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
                className="peer sr-only"
              />
              <span
                className={cn(
                  "flex h-full cursor-pointer select-none flex-col overflow-hidden rounded-3xl border-[3px] bg-paper transition",
                  "hover:-translate-y-0.5 hover:shadow-card peer-checked:border-coral peer-checked:shadow-lift",
                  "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum",
                  error ? "border-coral-dark" : "border-transparent ring-1 ring-ink/10",
                )}
              >
                <img
                  src={artStylePreviewUrl(style.id)}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full bg-cream object-cover"
                />
                <span className="flex flex-1 flex-col p-3 sm:p-4">
                  <span className="font-display text-[1.1rem] font-semibold leading-tight text-ink">{style.label}</span>
                  <span className="mt-1 text-sm leading-snug text-ink-soft">{style.description}</span>
                </span>
              </span>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute right-2.5 top-2.5 grid size-8 scale-50 place-items-center rounded-full bg-coral text-white opacity-0 shadow-card transition peer-checked:scale-100 peer-checked:opacity-100"
              >
                <CheckIcon className="size-4.5" strokeWidth={3.1} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <ErrorText id={errorId} field="artStyle">
          {error}
        </ErrorText>
      ) : null}
    </div>
  );
}
