import type { SVGProps } from "react";
import { Star } from "./brand-art";
import { NinoShape } from "./nino-art";

type Svg = SVGProps<SVGSVGElement>;

/** The not-found page: Nino with a map, a dotted trail that loops and ends in a question mark. */
export function LostIllustration(props: Svg) {
  return (
    <svg viewBox="0 0 360 260" aria-hidden="true" focusable="false" {...props}>
      <circle cx="180" cy="140" r="120" fill="#eee8fd" />
      <Star x={78} y={58} r={9} />
      <Star x={56} y={168} r={7} fill="#b9a6f2" />
      <Star x={300} y={196} r={6} />
      <path d="M110 210c-30-30 10-70 50-50s70 10 60-30 50-50 70-20" stroke="#5b3fa6" strokeWidth="3" strokeDasharray="3 9" strokeLinecap="round" fill="none" />
      <text x="282" y="104" fontFamily="Fredoka Variable, sans-serif" fontSize="44" fontWeight="600" fill="#c4472b">
        ?
      </text>
      <g transform="translate(168 150) rotate(-8)">
        <path d="M0 0l30-8 30 8 30-8v56l-30 8-30-8-30 8z" fill="#fff" stroke="#e9dcc9" strokeWidth="2" />
        <path d="M30-8v56M60 0v56" stroke="#e9dcc9" strokeWidth="2" />
        <path d="M12 30c10-14 26-2 36-12s22 0 30-10" stroke="#f0775a" strokeWidth="3" strokeDasharray="4 5" fill="none" strokeLinecap="round" />
        <path d="M76 2l6 6M82 2l-6 6" stroke="#c4472b" strokeWidth="3" strokeLinecap="round" />
      </g>
      <svg x="60" y="112" width="128" height="128" viewBox="0 0 120 120">
        <NinoShape mood="curious" />
      </svg>
    </svg>
  );
}
