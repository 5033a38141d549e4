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
  /** the days' page views, summed (browsers that accepted analytics) */
  pageViews: number;
  /** the days' distinct visitors, summed: a visitor is counted once on each day they came */
  visitors: number;
  topPages: Counted[];
  topReferrers: Counted[];
  funnel: FunnelStep[];
  themes: Counted[];
  artStyles: Counted[];
  /** the books families created in the range (sample books left out), by where each is now */
  books: { created: number; finished: number; failed: number; making: number };
  /** orders paid in the range (one refunded later still counts) */
  purchases: number;
  /** orders given money back in the range, in whole or in part */
  refunds: number;
  /** Nino conversations opened in the range, everyone's */
  ninoConversations: number;
  /** stories Nino handed to the form (browsers that accepted analytics) */
  ninoHandoffs: number;
  /** where the numbers came from: days read from the roll-up, and the first day counted live (null: none) */
  rolledDays: number;
  liveFrom: string | null;
}
