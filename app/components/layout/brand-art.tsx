/**
 * The brand's small drawings every page shows (the header's logo, the footer's wave), apart from the
 * big ones (./illustrations) and Nino (./nino-art) so a page loads only the drawings it shows.
 * Decorative: aria-hidden.
 */
import type { SVGProps } from "react";

type Svg = SVGProps<SVGSVGElement>;

export function Star({ x, y, r = 8, fill = "#ffc94d" }: { x: number; y: number; r?: number; fill?: string }) {
  // A soft four-pointed twinkle.
  const k = r * 0.28;
  return (
    <path
      d={`M${x} ${y - r}Q${x + k} ${y - k} ${x + r} ${y}Q${x + k} ${y + k} ${x} ${y + r}Q${x - k} ${y + k} ${x - r} ${y}Q${x - k} ${y - k} ${x} ${y - r}Z`}
      fill={fill}
    />
  );
}

/** The logo mark: an open book resting in a nest, with a star above it. */
export function LogoMark(props: Svg) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <rect width="48" height="48" rx="14" fill="#c4472b" />
      <path d="M24 15c-5-3-10-3-15-1v19c5-2 10-2 15 1z" fill="#fff8ef" />
      <path d="M24 15c5-3 10-3 15-1v19c-5-2-10-2-15 1z" fill="#ffc94d" />
      <path d="M24 15v19" stroke="#9c3820" strokeWidth="1.5" />
      <path d="M7 31c5 8 29 8 34 0" stroke="#fff8ef" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M10 36c6 4 22 4 28 0" stroke="#ffc94d" strokeWidth="2" fill="none" strokeLinecap="round" />
      <Star x={37} y={8.5} r={4} fill="#fff8ef" />
    </svg>
  );
}

/** A gentle wavy divider between page sections. */
export function Wave({ flip = false, className, fill = "#ffffff" }: { flip?: boolean; className?: string; fill?: string }) {
  return (
    <svg
      viewBox="0 0 1440 60"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className={className}
      style={flip ? { transform: "scaleY(-1)" } : undefined}
    >
      <path d="M0 30c120-24 240-24 360 0s240 24 360 0 240-24 360 0 240 24 360 0v30H0z" fill={fill} />
    </svg>
  );
}
