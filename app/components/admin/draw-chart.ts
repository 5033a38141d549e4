// Chart.js, loaded only by /admin's charts (a dynamic import from Chart.tsx), with only the pieces
// the dashboard draws: lines for the days, bars for the funnel, themes and art styles.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import type { ChartSpec } from "./chart-spec";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

/** Draws a chart into a canvas; answers what removes it again. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): () => void {
  const chart = new Chart(canvas, {
    type: spec.type,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) => ({
        label: s.label,
        data: s.data,
        borderColor: s.color,
        backgroundColor: spec.type === "bar" ? s.color : `${s.color}33`,
        pointRadius: spec.labels.length > 60 ? 0 : 2,
        tension: 0.2,
      })),
    },
    options: {
      indexAxis: spec.horizontal ? "y" : "x",
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: { legend: { display: spec.series.length > 1, position: "bottom" } },
      scales: { [spec.horizontal ? "x" : "y"]: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  });
  return () => chart.destroy();
}
