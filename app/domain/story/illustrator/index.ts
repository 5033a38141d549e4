/**
 * The offline illustrator: pure functions that draw a book's pictures as SVG. No bindings and no
 * network, so it runs in the browser (style previews) and in the Worker (pages, rendered to PNG).
 */
export { composePage, drawPage, drawStylePreview, type DrawPageInput, type Box } from "./draw";
export { ART_STYLES, ART_STYLE_IDS, resolveArtStyle } from "./styles";
export { findThings, THINGS } from "./things";
export { paletteFromPixels } from "./palette";
