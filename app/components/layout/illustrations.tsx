/**
 * The brand's drawings, as inline SVG (no image requests, crisp at every size). All of them are
 * decorative: they carry aria-hidden and the text next to them says what matters.
 */
import { useId, type SVGProps } from "react";
import { Star } from "./brand-art";
import { NinoShape } from "./nino-art";

export { Nino } from "./nino-art";
export { LostIllustration } from "./lost-illustration";

type Svg = SVGProps<SVGSVGElement>;

/** Home hero: an open storybook under a night sky, a rocket and a fish flying out, Nino watching. */
export function HeroIllustration(props: Svg) {
  const id = useId().replace(/:/g, "");
  return (
    <svg viewBox="0 0 520 460" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <clipPath id={`${id}-c`}>
          <circle cx="260" cy="230" r="220" />
        </clipPath>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b3470" />
          <stop offset="1" stopColor="#6a5bb0" />
        </linearGradient>
      </defs>
      <g clipPath={`url(#${id}-c)`}>
        <rect width="520" height="460" fill={`url(#${id}-sky)`} />
        <circle cx="396" cy="104" r="38" fill="#ffe39a" />
        <circle cx="414" cy="92" r="34" fill="#4a4186" />
        <Star x={120} y={96} r={10} />
        <Star x={300} y={62} r={7} fill="#fff8ef" />
        <Star x={186} y={160} r={6} fill="#fff8ef" />
        <Star x={456} y={200} r={8} />
        <Star x={90} y={230} r={6} fill="#b9a6f2" />
        <circle cx="236" cy="118" r="2.5" fill="#fff8ef" />
        <circle cx="340" cy="170" r="2" fill="#fff8ef" />
        <circle cx="70" cy="160" r="2.5" fill="#fff8ef" />
        <circle cx="470" cy="290" r="2" fill="#fff8ef" />
        <path d="M-10 380c80-50 170-40 250-6s170 30 290-14v120H-10z" fill="#8fd9b6" />
        <path d="M-10 410c90-34 200-30 290 0s170 20 250-8v70H-10z" fill="#6cc39c" />
      </g>
      {/* the path of the story, dotted, rising from the book */}
      <path
        d="M268 268C250 210 300 190 290 140S330 80 360 70"
        stroke="#fff8ef"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
        fill="none"
        opacity="0.8"
      />
      {/* a little rocket */}
      <g transform="translate(334 46) rotate(38)">
        <path d="M0 -26c12 10 14 30 8 44H-8C-14 4-12-16 0-26z" fill="#fff8ef" />
        <circle cx="0" cy="-6" r="6" fill="#7cc6f2" stroke="#c4472b" strokeWidth="3" />
        <path d="M-8 8l-9 12h10zM8 8l9 12H7z" fill="#c4472b" />
        <path d="M-5 20q5 16 10 0z" fill="#ffc94d" />
      </g>
      {/* a fish swimming through the sky */}
      <g transform="translate(150 250)">
        <path d="M0 0c14-14 38-14 50 0-12 14-36 14-50 0z" fill="#7cc6f2" />
        <path d="M50 0l14-11v22z" fill="#7cc6f2" />
        <circle cx="14" cy="-2" r="3" fill="#2b2542" />
      </g>
      {/* the open book */}
      <ellipse cx="276" cy="392" rx="150" ry="14" fill="#2b2542" opacity="0.18" />
      <path d="M276 300c-44-22-96-24-140-8v92c44-14 96-12 140 10 44-22 96-24 140-10v-92c-44-16-96-14-140 8z" fill="#c4472b" />
      <path d="M276 290c-40-22-90-24-128-10v92c38-12 88-10 128 12z" fill="#fff" />
      <path d="M276 290c40-22 90-24 128-10v92c-38-12-88-10-128 12z" fill="#fffaf2" />
      <path d="M276 290v94" stroke="#e9dcc9" strokeWidth="3" />
      <g stroke="#d9cff7" strokeWidth="5" strokeLinecap="round" fill="none">
        <path d="M296 310c26-12 54-14 84-8M296 328c26-12 54-14 84-8M296 346c26-12 54-14 60-10" />
      </g>
      <g>
        <path d="M164 352c10-20 22-30 36-30s26 10 36 30c-22-8-50-8-72 0z" fill="#8fd9b6" />
        <circle cx="226" cy="306" r="9" fill="#ffc94d" />
        <path d="M176 300c4-6 10-6 14 0" stroke="#2b2542" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      </g>
      {/* Nino, reading along */}
      <svg x="40" y="300" width="124" height="124" viewBox="0 0 120 120">
        <NinoShape mood="curious" />
      </svg>
    </svg>
  );
}

/** Small round icons for the "how it works" steps and the promises. */
export function StepIcon({ kind, ...props }: Svg & { kind: "child" | "theme" | "read" | "shield" | "lock" | "heart" | "trash" | "chat" }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" {...props}>
      {kind === "child" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#ffe4d6" />
          <circle cx="32" cy="28" r="13" fill="#f6c7a1" />
          <path d="M19 26c0-10 7-15 14-15s13 6 12 13c-6 0-12-3-15-7-2 5-6 8-11 9z" fill="#7a4b2a" />
          <circle cx="27" cy="29" r="1.8" fill="#2b2542" />
          <circle cx="37" cy="29" r="1.8" fill="#2b2542" />
          <path d="M28 34q4 3 8 0" stroke="#2b2542" strokeWidth="2" fill="none" strokeLinecap="round" />
          <path d="M16 54c2-9 9-13 16-13s14 4 16 13" fill="#f0775a" />
        </>
      )}
      {kind === "theme" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#e2f3fd" />
          <circle cx="32" cy="32" r="18" fill="#fff" stroke="#5b3fa6" strokeWidth="3" />
          <path d="M32 18l5 14-5 14-5-14z" fill="#f0775a" />
          <path d="M32 32l5 0-5 14-5-14z" fill="#7cc6f2" />
          <circle cx="32" cy="32" r="3" fill="#2b2542" />
          <path d="M50 14l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" fill="#ffc94d" />
        </>
      )}
      {kind === "read" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#eee8fd" />
          <path
            d="M32 22c-6-4-13-4-19-2v24c6-2 13-2 19 2 6-4 13-4 19-2V20c-6-2-13-2-19 2z"
            fill="#fff"
            stroke="#5b3fa6"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M32 22v24" stroke="#5b3fa6" strokeWidth="2.5" />
          <path d="M44 10a7 7 0 1 0 6 10 6 6 0 0 1-6-10z" fill="#ffc94d" />
        </>
      )}
      {kind === "shield" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#e1f6ec" />
          <path d="M32 13l16 6v12c0 10-7 17-16 21-9-4-16-11-16-21V19z" fill="#fff" stroke="#1f7a55" strokeWidth="3" strokeLinejoin="round" />
          <path d="M25 32l5 5 9-10" stroke="#1f7a55" strokeWidth="3.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
      {kind === "lock" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#fff0c7" />
          <rect x="19" y="29" width="26" height="20" rx="5" fill="#fff" stroke="#8a5a00" strokeWidth="3" />
          <path d="M24 29v-5a8 8 0 0 1 16 0v5" stroke="#8a5a00" strokeWidth="3" fill="none" />
          <circle cx="32" cy="39" r="3" fill="#8a5a00" />
        </>
      )}
      {kind === "heart" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#ffe4d6" />
          <path d="M32 47S16 38 16 27a8 8 0 0 1 16-3 8 8 0 0 1 16 3c0 11-16 20-16 20z" fill="#f0775a" />
        </>
      )}
      {kind === "trash" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#eee8fd" />
          <path d="M21 24h22l-2 24H23z" fill="#fff" stroke="#5b3fa6" strokeWidth="3" strokeLinejoin="round" />
          <path d="M18 22h28M27 22v-4h10v4M29 30v12M35 30v12" stroke="#5b3fa6" strokeWidth="3" strokeLinecap="round" />
        </>
      )}
      {kind === "chat" && (
        <>
          <circle cx="32" cy="32" r="32" fill="#e2f3fd" />
          <path
            d="M14 22a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H28l-9 7v-7a6 6 0 0 1-5-6z"
            fill="#fff"
            stroke="#2d6f99"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <circle cx="24" cy="29" r="2.5" fill="#2d6f99" />
          <circle cx="32" cy="29" r="2.5" fill="#2d6f99" />
          <circle cx="40" cy="29" r="2.5" fill="#2d6f99" />
        </>
      )}
    </svg>
  );
}
