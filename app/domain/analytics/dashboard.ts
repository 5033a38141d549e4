// What the /admin dashboard shows: computed on the server (app/services/analytics/dashboard.server.ts),
// drawn by app/components/admin.

/** The dashboard's date range: whole UTC days, both included, and what was changed in the asked range and why. */
export interface DashboardRange {
  from: string;
  to: string;
  notes: string[];
}

export interface Counted {
  name: string;
  count: number;
}

export interface FunnelStep extends Counted {
  /** of the form opened, in whole percent (null when the form was never opened) */
  percent: number | null;
}

export interface Dashboard {
  range: DashboardRange;
  /** one entry per day of the range */
  days: { day: string; visitors: number; pageViews: number }[];
  pageViews: number;
  /** the days' distinct visitors, summed over the range, divided by its days (one decimal) */
  visitorsPerDay: number;
  topPages: Counted[];
  topReferrers: Counted[];
  funnel: FunnelStep[];
  themes: Counted[];
  artStyles: Counted[];
  booksCreated: number;
  ninoConversations: number;
  ninoHandoffs: number;
  /** where the numbers came from: days read from the roll-up, and the first day counted live (null: none) */
  rolledDays: number;
  liveFrom: string | null;
}
