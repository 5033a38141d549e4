/**
 * The offline illustrator: pure functions that draw a book's pictures as SVG. No bindings and no
 * network, so it runs in the browser (style previews) and in the Worker (pages, rendered to PNG).
 */
export { composePage, drawPage, drawStylePreview, safeSheet, wrapTitle, type DrawPageInput, type Layout, type Box } from "./draw";
export { ART_STYLES, ART_STYLE_IDS, resolveArtStyle, type ArtStyleId, type ArtStyleInfo } from "./styles";
export { planPage, themeSetting, type PagePlan, type Camera, type Side } from "./plan";
export { findThings, THINGS, THING_SPECS, type Thing } from "./things";
export { paletteFromPixels, type PhotoPalette } from "./palette";
