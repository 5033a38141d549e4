import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import type { DashboardRange } from "~/domain/analytics/dashboard";

const input = "mt-1 block w-full rounded-xl border-2 border-ink/30 bg-paper px-3 py-2 text-base text-ink focus:border-plum";

/** The date range: a plain GET form (works before and without JavaScript), and what was changed in the asked range. */
export function RangeForm({ range }: { range: DashboardRange }) {
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <label className="text-sm font-semibold">
          From
          <input type="date" name="from" defaultValue={range.from} className={input} required />
        </label>
        <label className="text-sm font-semibold">
          To
          <input type="date" name="to" defaultValue={range.to} className={input} required />
        </label>
        <button type="submit" className={buttonClass("primary", "md")}>
          Show
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-soft">Whole days in UTC, both included; at most 400 days.</p>
      {range.notes.length > 0 && (
        <ul role="status" className="mt-3 list-disc rounded-xl bg-sun-soft px-8 py-3 text-sm">
          {range.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
