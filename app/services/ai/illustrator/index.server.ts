/**
 * The offline illustrator as a service: draws a page (pure, app/domain/story/illustrator) and
 * renders it to PNG in the Worker.
 */
import { drawPage, type DrawPageInput } from "~/domain/story/illustrator";
import { renderPng } from "./render.server";

export { renderPng } from "./render.server";

/** Pictures are 1024×1024 unless a request asks otherwise. */
export const PAGE_WIDTH = 1024;

/** One page's picture as a PNG. */
export async function illustratePage(input: DrawPageInput, width = PAGE_WIDTH): Promise<Uint8Array<ArrayBuffer>> {
  return renderPng(drawPage(input), { width });
}
