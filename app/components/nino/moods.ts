import type { AvatarMood, BadgeEmotion, Emotion } from "~/domain/nino/types";

/** The badge a message shows: every emotion maps to the nearest of the five. */
const BADGE_OF: Record<Emotion, BadgeEmotion> = {
  excited: "excited",
  happy: "excited",
  curious: "curious",
  neutral: "curious",
  gentle: "gentle",
  sad: "gentle",
  scared: "gentle",
  angry: "gentle",
  tired: "gentle",
  playful: "playful",
  thoughtful: "thoughtful",
  wise: "thoughtful",
};

export function badgeFor(emotion: Emotion): BadgeEmotion {
  return BADGE_OF[emotion];
}

export const BADGES: Record<BadgeEmotion, { label: string; icon: string; className: string }> = {
  excited: { label: "Excited", icon: "✨", className: "bg-sun-soft text-ink" },
  curious: { label: "Curious", icon: "🔍", className: "bg-sky-soft text-ink" },
  gentle: { label: "Gentle", icon: "🤗", className: "bg-peach text-ink" },
  playful: { label: "Playful", icon: "🎈", className: "bg-mint-soft text-ink" },
  thoughtful: { label: "Thoughtful", icon: "💭", className: "bg-lavender-soft text-ink" },
};

/** Nino's mood on the avatar from the emotion of what he last said. */
export function avatarMoodFor(emotion: Emotion | null, celebrating: boolean): AvatarMood {
  if (celebrating) return "celebrating";
  if (!emotion) return "curious";
  const badge = badgeFor(emotion);
  if (badge === "thoughtful") return "curious";
  return badge;
}
