/**
 * The brand's small drawings, used on every page (the header's logo, the Nino button), apart from the
 * big ones (./illustrations) so a page loads only the drawings it shows. Decorative: aria-hidden.
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

/** Nino's body, drawn in a 120 x 120 box: a round little bird, lavender with a cream tummy. */
export function NinoShape({ mood = "happy" }: { mood?: "happy" | "curious" }) {
  const look = mood === "curious" ? { x: 2, y: -3 } : { x: 1, y: 1 };
  return (
    <g>
      <ellipse cx="60" cy="114" rx="30" ry="4.5" fill="#2b2542" opacity="0.12" />
      <path d="M48 100v12M44 112h8M72 100v12M68 112h8" stroke="#ffb020" strokeWidth="4" strokeLinecap="round" />
      <path d="M56 22c-4-9 2-15 8-15-2 4 0 7 4 9-5 0-9 2-12 6z" fill="#5b3fa6" />
      <ellipse cx="60" cy="64" rx="42" ry="43" fill="#b9a6f2" />
      <path d="M19 60c-8 10-7 26 4 33 4-10 6-22 3-31z" fill="#9d86e6" />
      <path d="M101 60c8 10 7 26-4 33-4-10-6-22-3-31z" fill="#9d86e6" />
      <ellipse cx="60" cy="79" rx="26" ry="24" fill="#fff8ef" />
      <circle cx="44" cy="53" r="13" fill="#fff" />
      <circle cx="76" cy="53" r="13" fill="#fff" />
      <circle cx={44 + look.x} cy={53 + look.y} r="7" fill="#2b2542" />
      <circle cx={76 + look.x} cy={53 + look.y} r="7" fill="#2b2542" />
      <circle cx={46.5 + look.x} cy={50.5 + look.y} r="2.4" fill="#fff" />
      <circle cx={78.5 + look.x} cy={50.5 + look.y} r="2.4" fill="#fff" />
      <path d="M54 64h12l-6 8z" fill="#ffb020" strokeLinejoin="round" stroke="#ffb020" strokeWidth="2" />
      <circle cx="30" cy="69" r="6" fill="#f0775a" opacity="0.4" />
      <circle cx="90" cy="69" r="6" fill="#f0775a" opacity="0.4" />
    </g>
  );
}

/** Nino, the companion, on its own. */
export function Nino({ mood = "happy", ...props }: Svg & { mood?: "happy" | "curious" }) {
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false" {...props}>
      <NinoShape mood={mood} />
    </svg>
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
