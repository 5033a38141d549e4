/** A chart the dashboard draws: its kind, the labels along one axis and one or more series of numbers. */
export interface ChartSpec {
  type: "line" | "bar";
  labels: string[];
  series: { label: string; data: number[]; color: string }[];
  /** bars along the horizontal axis (long labels such as themes read better) */
  horizontal?: boolean;
}

/** The site's palette (app/styles/app.css) for the charts' series. */
export const CHART_COLORS = { plum: "#5b3fa6", coral: "#c4472b", sky: "#2f7fb8", mint: "#2f9466" } as const;
