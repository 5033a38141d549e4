import type { AvatarActivity, AvatarMood } from "~/domain/nino/types";

/**
 * Nino himself: the brand's round lavender bird, with a face for each mood (curious,
 * excited, playful, gentle, celebrating) and what he is doing (idle: a slow breath; thinking: thought
 * bubbles; drawing: a pencil and a scribble). Movement is slow and small, and stops entirely for
 * people who ask for reduced motion.
 */
const ANIMATION_CSS = `
@keyframes nino-breathe { 0%,100% { transform: translateY(0) } 50% { transform: translateY(-2.5px) } }
@keyframes nino-dot { 0%,100% { opacity: .25 } 50% { opacity: 1 } }
@keyframes nino-scribble { from { stroke-dashoffset: 60 } to { stroke-dashoffset: 0 } }
@keyframes nino-twinkle { 0%,100% { opacity: .35; transform: scale(.85) } 50% { opacity: 1; transform: scale(1) } }
@media (prefers-reduced-motion: no-preference) {
  .nino-body { animation: nino-breathe 3.6s ease-in-out infinite; transform-box: fill-box; }
  .nino-dot { animation: nino-dot 1.4s ease-in-out infinite; }
  .nino-dot:nth-child(2) { animation-delay: .25s } .nino-dot:nth-child(3) { animation-delay: .5s }
  .nino-scribble { stroke-dasharray: 60; animation: nino-scribble 2.4s ease-in-out infinite alternate; }
  .nino-twinkle { animation: nino-twinkle 2.2s ease-in-out infinite; transform-box: fill-box; transform-origin: center; }
}`;

function Eyes({ mood }: { mood: AvatarMood }) {
  if (mood === "gentle" || mood === "celebrating") {
    // Smiling closed eyes.
    return (
      <g stroke="#2b2542" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M36 54q8-8 16 0" />
        <path d="M68 54q8-8 16 0" />
      </g>
    );
  }
  const look = mood === "curious" ? { x: 2, y: -3 } : { x: 1, y: 1 };
  const r = mood === "excited" ? 8 : 7;
  return (
    <g>
      <circle cx="44" cy="53" r="13" fill="#fff" />
      <circle cx="76" cy="53" r="13" fill="#fff" />
      {mood === "playful" ? (
        <path d="M37 54q7-6 14 0" stroke="#2b2542" strokeWidth="4" strokeLinecap="round" fill="none" />
      ) : (
        <>
          <circle cx={44 + look.x} cy={53 + look.y} r={r} fill="#2b2542" />
          <circle cx={46.5 + look.x} cy={50.5 + look.y} r="2.4" fill="#fff" />
        </>
      )}
      <circle cx={76 + look.x} cy={53 + look.y} r={r} fill="#2b2542" />
      <circle cx={78.5 + look.x} cy={50.5 + look.y} r="2.4" fill="#fff" />
    </g>
  );
}

function Beak({ mood }: { mood: AvatarMood }) {
  if (mood === "excited" || mood === "celebrating") {
    return (
      <g>
        <path d="M53 63h14l-7 5z" fill="#ffb020" />
        <path d="M54 69h12l-6 6z" fill="#f08a00" />
      </g>
    );
  }
  return <path d="M54 64h12l-6 8z" fill="#ffb020" strokeLinejoin="round" stroke="#ffb020" strokeWidth="2" />;
}

export function NinoAvatar({
  mood = "curious",
  activity = "idle",
  className,
  title,
}: {
  mood?: AvatarMood;
  activity?: AvatarActivity;
  className?: string;
  /** a text alternative when the picture says something the words next to it do not */
  title?: string;
}) {
  return (
    <svg
      viewBox="0 0 140 130"
      className={className}
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-mood={mood}
      data-activity={activity}
    >
      <style>{ANIMATION_CSS}</style>
      <ellipse cx="60" cy="122" rx="30" ry="4.5" fill="#2b2542" opacity="0.12" />
      <g className="nino-body" transform="translate(0 6)">
        <path d="M48 100v12M44 112h8M72 100v12M68 112h8" stroke="#ffb020" strokeWidth="4" strokeLinecap="round" />
        <path d="M56 22c-4-9 2-15 8-15-2 4 0 7 4 9-5 0-9 2-12 6z" fill="#5b3fa6" />
        <ellipse cx="60" cy="64" rx="42" ry="43" fill="#b9a6f2" />
        {/* wings: raised when excited or celebrating */}
        {mood === "excited" || mood === "celebrating" ? (
          <>
            <path d="M20 58c-12-2-18-14-14-22 9 2 15 10 17 19z" fill="#9d86e6" />
            <path d="M100 58c12-2 18-14 14-22-9 2-15 10-17 19z" fill="#9d86e6" />
          </>
        ) : (
          <>
            <path d="M19 60c-8 10-7 26 4 33 4-10 6-22 3-31z" fill="#9d86e6" />
            <path d="M101 60c8 10 7 26-4 33-4-10-6-22-3-31z" fill="#9d86e6" />
          </>
        )}
        <ellipse cx="60" cy="79" rx="26" ry="24" fill="#fff8ef" />
        <Eyes mood={mood} />
        <Beak mood={mood} />
        <circle cx="30" cy="69" r="6" fill="#f0775a" opacity={mood === "gentle" ? 0.55 : 0.4} />
        <circle cx="90" cy="69" r="6" fill="#f0775a" opacity={mood === "gentle" ? 0.55 : 0.4} />
        {activity === "drawing" ? (
          <g>
            <path className="nino-scribble" d="M70 112c8-6 14 4 22-2s12 2 18-3" stroke="#c4472b" strokeWidth="3" fill="none" strokeLinecap="round" />
            <g transform="translate(96 78) rotate(35)">
              <rect x="-4" y="-22" width="8" height="30" rx="2" fill="#ffc94d" />
              <path d="M-4 8h8l-4 8z" fill="#f6c7a1" />
              <path d="M-1.5 13h3l-1.5 3z" fill="#2b2542" />
              <rect x="-4" y="-26" width="8" height="5" rx="2" fill="#f0775a" />
            </g>
          </g>
        ) : null}
      </g>
      {activity === "thinking" ? (
        <g fill="#5b3fa6">
          <circle className="nino-dot" cx="108" cy="26" r="5" />
          <circle className="nino-dot" cx="121" cy="16" r="6" />
          <circle className="nino-dot" cx="134" cy="6" r="5" />
        </g>
      ) : null}
      {mood === "celebrating" ? (
        <g className="nino-twinkle" fill="#ffc94d">
          <path d="M118 40l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
          <path d="M12 20l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#f0775a" />
        </g>
      ) : null}
    </svg>
  );
}
