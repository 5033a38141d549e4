import { useEffect, useRef, useState } from "react";
import type { ChartSpec } from "./chart-spec";

/**
 * A chart drawn in the browser only, by Chart.js loaded on first use (so no other page's bundle
 * carries it). Its numbers are always in the table beside it: the picture is for the eye; the table
 * is what a screen reader and a browser without JavaScript get.
 */
export function Chart({ spec, label, height = "h-64" }: { spec: ChartSpec; label: string; height?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(spec);
  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    import("./draw-chart")
      .then(({ drawChart }) => {
        if (!cancelled && canvas.current) remove = drawChart(canvas.current, JSON.parse(key) as ChartSpec);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [key]);
  if (failed) return <p className="text-sm text-ink-soft">The chart could not be drawn; the numbers are in the table.</p>;
  return (
    <div className={`relative w-full min-w-0 ${height}`}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
