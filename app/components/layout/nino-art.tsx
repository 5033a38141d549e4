/**
 * Nino, the companion, drawn small: shown by parts loaded when needed (the Nino button, the phone
 * menu, the big drawings), never in a page's first JavaScript. Decorative: aria-hidden.
 */
import type { SVGProps } from "react";

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
export function Nino({ mood = "happy", ...props }: SVGProps<SVGSVGElement> & { mood?: "happy" | "curious" }) {
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false" {...props}>
      <NinoShape mood={mood} />
    </svg>
  );
}
