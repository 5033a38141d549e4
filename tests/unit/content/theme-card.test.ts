import { describe, expect, it } from "vitest";
import { safeThemeColor } from "~/components/layout/ThemeCard";

describe("safeThemeColor", () => {
  it("keeps plain hex colours from the database", () => {
    expect(safeThemeColor("#F59E0B")).toBe("#F59E0B");
    expect(safeThemeColor(" #0ea ")).toBe("#0ea");
  });
  it("replaces anything else with the brand colour", () => {
    expect(safeThemeColor("red")).toBe("#f0775a");
    expect(safeThemeColor("#123456; background: url(https://evil.example)")).toBe("#f0775a");
    expect(safeThemeColor("")).toBe("#f0775a");
  });
});
