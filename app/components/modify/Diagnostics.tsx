import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/Button";

/** The frame of the /test diagnostic pages: a "development only" badge, a title, a book picker. */
export function DiagnosticPage({ title, intro, bookId, children }: { title: string; intro: ReactNode; bookId: string | null; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <p className="inline-flex items-center gap-2 rounded-full bg-lavender/30 px-3 py-1 text-sm font-semibold text-plum">
        <span aria-hidden="true">🛠️</span> Development only
      </p>
      <h1 className="mt-3 text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
      <div className="mt-2 max-w-3xl text-ink-soft">{intro}</div>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="diag-book" className="text-sm font-semibold text-ink">
            Book id
          </label>
          <input
            id="diag-book"
            name="bookId"
            defaultValue={bookId ?? ""}
            placeholder="your latest book"
            pattern="[A-Za-z0-9]{1,64}"
            className="min-h-11 w-72 max-w-full rounded-xl border-2 border-ink/15 bg-white px-3 font-mono text-sm text-ink focus:border-plum focus:outline-none"
          />
        </div>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Show
        </button>
      </Form>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** No book to show: the visitor has not made one yet. */
export function NoBookYet() {
  return (
    <div className="rounded-3xl bg-paper p-8 text-center shadow-sm ring-1 ring-ink/5">
      <p aria-hidden="true" className="text-4xl">
        📚
      </p>
      <p className="mt-3 text-lg font-semibold text-ink">You haven’t made a book yet</p>
      <p className="mt-1 text-ink-soft">
        <Link to="/createstory" className="font-semibold text-plum underline underline-offset-2">
          Make a book
        </Link>{" "}
        and its details will appear here.
      </p>
    </div>
  );
}

/** A two-column table of names and values, readable on a phone (it scrolls sideways if it must). */
export function FieldTable({ caption, rows }: { caption: string; rows: Array<[string, ReactNode]> }) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-paper shadow-sm ring-1 ring-ink/5">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-display text-lg font-semibold text-ink">{caption}</caption>
        <thead>
          <tr className="border-b border-ink/10 text-ink-soft">
            <th scope="col" className="w-1/3 px-4 py-2 font-semibold sm:w-56">
              Field
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-b border-ink/5 last:border-0 align-top">
              <th scope="row" className="whitespace-nowrap px-4 py-2 font-mono text-xs font-semibold text-plum">
                {name}
              </th>
              <td className="break-words px-4 py-2 text-ink">
                {value === "" || value === null || value === undefined ? <span className="text-ink-soft">(empty)</span> : value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never disagrees. */
export function utcTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${timeFormat.format(d)}.${String(d.getUTCMilliseconds()).padStart(3, "0")} UTC`;
}

/** 1234 → "1.23 s", 87 → "87 ms". */
export function duration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
