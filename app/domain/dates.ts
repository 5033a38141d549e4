/**
 * Dates and counts shown on the library's cards, the shared books, the comments, the prices' exchange
 * date and the story form's counters, in British English and UTC ("5 Sept 2026", "5 September",
 * "5 September 2026", "5 Sept 2026, 04:07", "1,234"): the same text on
 * the server and in the browser, so hydration never disagrees.
 *
 * Written out instead of `Intl.DateTimeFormat` on purpose: the first date formatter a page makes
 * loads the browser's locale data, about 13 ms of one task on a fast desktop and four times that on
 * a phone, and these pages made theirs while their scripts were being read (a long task that
 * blocked the page). The texts are those of `Intl` for "en-GB" (tests/unit/dates.test.ts compares
 * them for every month, day and minute class).
 */

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;
const MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

const two = (n: number) => String(n).padStart(2, "0");

/** The instant `iso` names, or null when it names none. */
function parse(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "5 Sept 2026" (UTC); "" for a string that is not a date. */
export function dayMonthYear(iso: string): string {
  const d = parse(iso);
  return d ? `${d.getUTCDate()} ${MONTHS_SHORT[d.getUTCMonth()]} ${d.getUTCFullYear()}` : "";
}

/** "5 September" (UTC); "" for a string that is not a date. */
export function dayLongMonth(iso: string): string {
  const d = parse(iso);
  return d ? `${d.getUTCDate()} ${MONTHS_LONG[d.getUTCMonth()]}` : "";
}

/** "5 September 2026" (UTC); "" for a string that is not a date. */
export function dayLongMonthYear(iso: string): string {
  const d = parse(iso);
  return d ? `${dayLongMonth(iso)} ${d.getUTCFullYear()}` : "";
}

/** "5 Sept 2026, 04:07" (UTC, 24-hour clock); "" for a string that is not a date. */
export function dayMonthYearTime(iso: string): string {
  const d = parse(iso);
  return d ? `${dayMonthYear(iso)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : "";
}

/** A whole number with thousands separated by commas ("1,234,567"). */
export function groupedCount(n: number): string {
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}
