import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NinoShape } from "~/components/layout/nino-art";

/** public/nino.svg: the Nino button's picture as a file, so the button's code does not carry the drawing. */
const ninoButtonSvg = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">${renderToStaticMarkup(createElement(NinoShape, { mood: "curious" }))}</svg>\n`;

describe("the Nino button's picture", () => {
  it("is Nino drawn curious, the same drawing the rest of the site draws", () => {
    const file = readFileSync(new URL("../../public/nino.svg", import.meta.url), "utf8");
    expect(file).toBe(ninoButtonSvg());
  });
});
