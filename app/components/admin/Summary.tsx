import type { Dashboard } from "~/domain/analytics/dashboard";

function Tiles({ title, id, items }: { title: string; id: string; items: [string, number][] }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="font-display text-base font-semibold">
        {title}
      </h3>
      <dl className="mt-2 grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-2xl bg-paper p-4 shadow-sm">
            <dt className="text-sm text-ink-soft">{label}</dt>
            <dd className="mt-1 font-display text-2xl font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The range's totals in two groups, each saying what it counts: the product's own records (every
 * family's books, orders and conversations) and the visits of browsers that accepted analytics.
 */
export function Summary({ board }: { board: Dashboard }) {
  return (
    <div className="space-y-5">
      <Tiles
        title="Everyone: from the books, orders and conversations"
        id="admin-records"
        items={[
          ["Books created", board.books.created],
          ["Books finished", board.books.finished],
          ["Books failed", board.books.failed],
          ["Purchases", board.purchases],
          ["Refunds", board.refunds],
          ["Nino conversations", board.ninoConversations],
        ]}
      />
      <Tiles
        title="Browsers that accepted analytics"
        id="admin-visits"
        items={[
          ["Page views", board.pageViews],
          ["Visitors (once a day each)", board.visitors],
          ["Stories handed over by Nino", board.ninoHandoffs],
        ]}
      />
    </div>
  );
}
