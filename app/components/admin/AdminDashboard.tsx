import type { ReactNode } from "react";
import type { Counted, Dashboard } from "~/domain/analytics/dashboard";
import { Chart } from "./Chart";
import { CHART_COLORS, type ChartSpec } from "./chart-spec";
import { DataTable } from "./DataTable";
import { RangeForm } from "./RangeForm";
import { Summary } from "./Summary";

function Panel({ title, id, children, wide = false }: { title: string; id: string; children: ReactNode; wide?: boolean }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-3xl bg-paper p-4 shadow-sm sm:p-5 ${wide ? "lg:col-span-2" : ""}`}>
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

function bars(items: Counted[], label: string, color: string): ChartSpec {
  return { type: "bar", horizontal: true, labels: items.map((i) => i.name), series: [{ label, data: items.map((i) => i.count), color }] };
}

/** /admin: the numbers of a date range, each chart with its table. */
export function AdminDashboard({ board }: { board: Dashboard }) {
  const { range } = board;
  const daily: ChartSpec = {
    type: "line",
    labels: board.days.map((d) => d.day.slice(5)),
    series: [
      { label: "Page views", data: board.days.map((d) => d.pageViews), color: CHART_COLORS.plum },
      { label: "Visitors", data: board.days.map((d) => d.visitors), color: CHART_COLORS.coral },
    ],
  };
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <p className="font-display text-lg font-semibold text-coral">For the team</p>
      <h1 className="mt-1 text-4xl font-semibold">Dashboard</h1>
      <p className="mt-2 text-ink-soft">
        {range.from} to {range.to}: every family&rsquo;s books, purchases and Nino conversations, and the visits of browsers that accepted analytics.
      </p>
      <div className="mt-6">
        <RangeForm range={range} />
      </div>
      <h2 className="sr-only">Summary</h2>
      <div className="mt-6">
        <Summary board={board} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Visitors and page views per day" id="admin-days" wide>
          <Chart spec={daily} label={`Line chart of visitors and page views per day, ${range.from} to ${range.to}; the numbers are in the table below.`} />
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-plum">The numbers per day</summary>
            <div className="mt-2">
              <DataTable
                caption="Visitors and page views per day"
                columns={["Day", "Visitors", "Page views"]}
                rows={board.days.map((d) => [d.day, d.visitors, d.pageViews])}
              />
            </div>
          </details>
        </Panel>
        <Panel title="From the form to a purchase, for browsers that accepted analytics" id="admin-funnel">
          <Chart spec={bars(board.funnel, "Count", CHART_COLORS.sky)} label="Bar chart of the funnel; the numbers are in the table below." height="h-48" />
          <DataTable
            caption="Form opened, books started and finished, purchases"
            columns={["Step", "Count", "Of form opened"]}
            rows={board.funnel.map((s) => [s.name, s.count, s.percent === null ? "–" : `${s.percent}%`])}
          />
        </Panel>
        <Panel title="Books by theme and art style" id="admin-books">
          <Chart spec={bars(board.themes, "Books", CHART_COLORS.mint)} label="Bar chart of books by theme; the numbers are in the table below." height="h-48" />
          <DataTable
            caption="Books created, by where they are now"
            columns={["Books", "Count"]}
            rows={[
              ["Finished", board.books.finished],
              ["Failed", board.books.failed],
              ["In the making", board.books.making],
            ]}
          />
          <DataTable caption="Books created, by theme" columns={["Theme", "Books"]} rows={board.themes.map((t) => [t.name, t.count])} />
          <DataTable caption="Books created, by art style" columns={["Art style", "Books"]} rows={board.artStyles.map((t) => [t.name, t.count])} />
        </Panel>
        <Panel title="Top pages" id="admin-pages">
          <DataTable caption="Page views by path (top 10)" columns={["Page", "Views"]} rows={board.topPages.map((p) => [p.name || "(none)", p.count])} />
        </Panel>
        <Panel title="Top referrers" id="admin-referrers">
          <DataTable
            caption="Page views arriving from another site, by host (top 10)"
            columns={["Site", "Views"]}
            rows={board.topReferrers.map((r) => [r.name, r.count])}
          />
        </Panel>
      </div>
      <p className="mt-6 text-sm text-ink-soft">
        {board.rolledDays > 0 ? `${board.rolledDays} days from the daily roll-up` : "No day from the daily roll-up"}
        {board.liveFrom ? `; from ${board.liveFrom} on, counted live.` : "."}
      </p>
    </div>
  );
}
