import type { ReactNode } from "react";

/** A small table of numbers: the first column names the row, the others are right-aligned numbers. */
export function DataTable({
  caption,
  columns,
  rows,
  empty = "Nothing in this range.",
}: {
  caption: ReactNode;
  columns: string[];
  rows: (string | number)[][];
  empty?: string;
}) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-display text-base font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-ink/20">
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`py-1.5 font-semibold ${i > 0 ? "text-right" : ""}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-2 text-ink-soft">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(([name, ...values]) => (
              <tr key={String(name)} className="border-b border-ink/10">
                <th scope="row" className="max-w-[16rem] truncate py-1.5 pr-2 font-normal">
                  {name}
                </th>
                {values.map((v, i) => (
                  <td key={i} className="py-1.5 text-right tabular-nums">
                    {typeof v === "number" ? v.toLocaleString("en-US") : v}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
