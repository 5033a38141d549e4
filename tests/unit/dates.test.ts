import { describe, expect, it } from "vitest";
import { dayLongMonth, dayLongMonthYear, dayMonthYear, dayMonthYearTime, groupedCount } from "~/domain/dates";

// The reference: the platform's own British-English formatters (what the pages used before).
const intlShort = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const intlLong = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
const intlLongYear = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const intlTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
const intlCount = new Intl.NumberFormat("en-GB");

/** Every month, single- and two-digit days, midnight, one-digit and late hours, and a date near the end of a UTC day. */
const instants = [2024, 2026].flatMap((year) =>
  Array.from({ length: 12 }, (_, month) => [
    new Date(Date.UTC(year, month, 1, 0, 0)),
    new Date(Date.UTC(year, month, 9, 4, 7, 59)),
    new Date(Date.UTC(year, month, 28, 23, 59, 30)),
  ]).flat(),
);

describe("British dates written out", () => {
  it("read as Intl's en-GB text in UTC, for every month", () => {
    for (const d of instants) {
      const iso = d.toISOString();
      expect(dayMonthYear(iso)).toBe(intlShort.format(d));
      expect(dayLongMonth(iso)).toBe(intlLong.format(d));
      expect(dayLongMonthYear(iso)).toBe(intlLongYear.format(d));
      expect(dayMonthYearTime(iso)).toBe(intlTime.format(d));
    }
  });

  it("follow UTC, not the clock of the machine, for a time with an offset", () => {
    expect(dayMonthYear("2026-09-30T23:30:00-02:00")).toBe("1 Oct 2026");
    expect(dayMonthYearTime("2026-09-30T23:30:00-02:00")).toBe("1 Oct 2026, 01:30");
  });

  it("give nothing for a string that is not a date", () => {
    expect(dayMonthYear("not a date")).toBe("");
    expect(dayLongMonth("")).toBe("");
    expect(dayLongMonthYear("not-a-day T12:00:00Z")).toBe("");
    expect(dayMonthYearTime("2026-13-45")).toBe("");
  });

  it("group a count's thousands as Intl does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -4_321]) expect(groupedCount(n)).toBe(intlCount.format(n));
  });
});
