/**
 * The art styles the creation form offers, with the words a parent reads and a preview picture.
 *
 * The ids and words are the offline illustrator's (`ART_STYLES` in app/domain/story/illustrator/
 * styles.ts): every style here is one the illustrator draws. The previews in public/art-styles/ are
 * that illustrator's own `drawStylePreview(style)` pictures, rendered once to small WebP files
 * (scripts/art-style-previews.mts makes them again), so the page loads six ~16 KB images instead of
 * ~200 KB of SVG filters that a phone would have to paint.
 */
export const ART_STYLE_OPTIONS = [
  { id: "watercolor", label: "Watercolour", description: "Soft washes of colour on textured paper: gentle and dreamy." },
  { id: "cartoon", label: "Cartoon", description: "Bold outlines and bright, cheerful colours, full of bounce." },
  { id: "storybook", label: "Classic storybook", description: "Warm, cosy colours and fine ink lines, like a treasured bedtime book." },
  { id: "fairy tale", label: "Fairy tale", description: "Pastel pinks and golds, sparkles and a golden frame." },
  { id: "paper cut-out", label: "Paper cut-out", description: "Layers of coloured paper with soft shadows, like a handmade collage." },
  { id: "crayon", label: "Crayon & pastel", description: "Waxy crayon lines and chalky pastel colours, like a drawing from the fridge door." },
] as const;

export type ArtStyleOptionId = (typeof ART_STYLE_OPTIONS)[number]["id"];
export type ArtStyleOption = (typeof ART_STYLE_OPTIONS)[number];

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
  const v = (value ?? "").trim().toLowerCase().replace(/[-_\s]+/g, " ");
  if (!v) return null;
  return ART_STYLE_OPTIONS.find((s) => s.id === v || s.label.toLowerCase() === v || (s.id === "watercolor" && v === "watercolour")) ?? null;
}

/** The picker's value for a stored style: the known style, or the default. */
export function artStyleIdFor(value: string | null | undefined): ArtStyleOptionId {
  return findArtStyle(value)?.id ?? DEFAULT_ART_STYLE;
}
