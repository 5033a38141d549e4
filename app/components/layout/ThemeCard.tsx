import { Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import { ArrowRightIcon, StarIcon } from "~/components/ui/icons";
import { fillPlaceholders, themeSlug, type ThemeTemplate } from "~/domain/story/themes";

/** The name the theme descriptions are shown with on the home page, until a parent types their own. */
export const STAND_IN_NAME = "Mia";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A theme's colour comes from the database: only a plain hex colour is used, anything else falls back. */
export function safeThemeColor(color: string): string {
  return HEX.test(color.trim()) ? color.trim() : "#f0775a";
}

/** What a theme card shows (the home page sends no more than this). */
export type ThemeCardData = Pick<ThemeTemplate, "themeId" | "theme" | "title" | "description" | "emoji" | "color" | "ageRange" | "popular">;

export function ThemeCard({ theme }: { theme: ThemeCardData }) {
  const style = { "--theme": safeThemeColor(theme.color) } as CSSProperties;
  const ages = theme.ageRange.replace(/\s*-\s*/, "–");
  return (
    <li
      style={style}
      className="group relative flex flex-col overflow-hidden rounded-[1.75rem] bg-paper shadow-card ring-1 ring-ink/5 transition duration-200 hover:-translate-y-1 hover:shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-plum"
    >
      <div className="h-2 bg-[var(--theme)]" aria-hidden="true" />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <span className="grid size-16 place-items-center rounded-2xl bg-[color-mix(in_srgb,var(--theme)_18%,white)] text-4xl" aria-hidden="true">
            {theme.emoji}
          </span>
          {theme.popular && (
            <span className="inline-flex items-center gap-1 rounded-full bg-sun px-3 py-1 text-sm font-bold text-ink">
              <StarIcon className="size-4" />
              Popular
            </span>
          )}
        </div>
        <h3 className="mt-4 text-2xl font-semibold">
          <Link
            to={`/createstory?theme=${encodeURIComponent(themeSlug(theme))}`}
            className="rounded-md outline-none after:absolute after:inset-0 after:content-['']"
          >
            {theme.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-base leading-relaxed text-ink-soft">{fillPlaceholders(theme.description, STAND_IN_NAME)}</p>
        <div className="mt-5 flex items-center justify-between gap-3">
          <span className="rounded-full bg-cream px-3 py-1 text-sm font-bold text-ink-soft ring-1 ring-ink/10">Ages {ages}</span>
          <span className="inline-flex items-center gap-1 font-bold text-coral-dark transition-transform group-hover:translate-x-0.5" aria-hidden="true">
            Start this story
            <ArrowRightIcon className="size-5" />
          </span>
        </div>
      </div>
    </li>
  );
}
