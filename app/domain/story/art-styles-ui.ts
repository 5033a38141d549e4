import { ART_STYLES, resolveArtStyle, type ArtStyleId, type ArtStyleInfo } from "./illustrator/styles";

/**
 * The art styles the creation form offers, with the words a parent reads and a preview picture.
 *
 * They are the offline illustrator's own styles (`ART_STYLES`): every style offered is one it draws.
 * The previews in public/art-styles/ are its `drawStylePreview(style)` pictures rendered once to
 * small WebP files (`npx tsx scripts/art-style-previews.mts` makes them again after the illustrator
 * changes), so the page loads six ~16 KB images instead of ~200 KB of SVG filters that a phone
 * would have to paint.
 */
export const ART_STYLE_OPTIONS: readonly ArtStyleInfo[] = ART_STYLES;

export type ArtStyleOptionId = ArtStyleId;
export type ArtStyleOption = ArtStyleInfo;

/** The style chosen when nothing (or nothing we know) is asked for. */
export const DEFAULT_ART_STYLE: ArtStyleOptionId = "storybook";

/** The preview picture of a style: public/art-styles/{id with dashes}.webp. */
export function artStylePreviewUrl(id: ArtStyleOptionId): string {
  return `/art-styles/${id.replace(/\s+/g, "-")}.webp`;
}

/**
 * The style a stored value (a theme template's art_style, a submitted form) stands for: its id or its
 * label, in any case and spacing ("Fairy Tale", "fairy-tale", "Watercolour"). Null when unknown.
 */
export function findArtStyle(value: string | null | undefined): ArtStyleOption | null {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[-_\s]+/g, " ");
  const v = norm(value ?? "");
  if (!v) return null;
  return ART_STYLE_OPTIONS.find((s) => norm(s.id) === v || norm(s.label) === v || (s.id === "watercolor" && v === "watercolour")) ?? null;
}

/** The picker's value for a stored style: the known style, the illustrator's reading of it ("anime" is cartoon), or the default. */
export function artStyleIdFor(value: string | null | undefined): ArtStyleOptionId {
  return findArtStyle(value)?.id ?? (value?.trim() ? resolveArtStyle(value) : DEFAULT_ART_STYLE);
}
