import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/domain/auth/forms";

// Where a browser lands after sign-in or the market picker: only a path of this site.
describe("safeRedirect", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeRedirect("/createstory")).toBe("/createstory");
    expect(safeRedirect("/library?q=dragons#top")).toBe("/library?q=dragons#top");
    expect(safeRedirect("/story/bella-and-the-moon", "/")).toBe("/story/bella-and-the-moon");
  });

  it("refuses every control character anywhere in the value", () => {
    for (let code = 0; code <= 0x1f; code += 1) {
      const c = String.fromCharCode(code);
      expect(safeRedirect(`/${c}/evil.example/`), `U+${code.toString(16)}`).toBe("/library");
      expect(safeRedirect(`/library${c}`), `U+${code.toString(16)} at the end`).toBe("/library");
      expect(safeRedirect(`${c}/evil.example`, "/"), `U+${code.toString(16)} first`).toBe("/");
    }
    expect(safeRedirect("/\u007f/evil.example")).toBe("/library");
    expect(safeRedirect("/\u0085/evil.example")).toBe("/library");
  });

  it("refuses whitespace of any kind", () => {
    for (const ws of [" ", "\u00a0", "\u2028", "\u3000", "\ufeff"]) expect(safeRedirect(`/${ws}/evil.example`)).toBe("/library");
  });

  it("refuses the known ways to another host", () => {
    const bypasses = [
      "/\t/evil.example/",
      "/%09/evil.example/",
      "\\/\\/evil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x=1",
      "/%00x",
      "/%E0%A4%A",
      "",
      "library",
    ];
    for (const to of bypasses) expect(safeRedirect(to, "/"), JSON.stringify(to)).toBe("/");
  });

  it("never sends a sign-in back into the account pages", () => {
    expect(safeRedirect("/auth/login")).toBe("/library");
    expect(safeRedirect("/./auth/login")).toBe("/library");
  });

  it("answers the parser's own form of what it checked", () => {
    expect(safeRedirect("/library/../pricing")).toBe("/pricing");
    expect(safeRedirect("/pricing?country=GB")).toBe("/pricing?country=GB");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(undefined)).toBe("/library");
    expect(safeRedirect(["/"])).toBe("/library");
  });
});
