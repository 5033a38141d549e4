import { ART_STYLE_OPTIONS, findArtStyle } from "../story/art-styles-ui";
import type { Emotion } from "./types";
import { sample } from "./text";

/**
 * The numbers and tables that shape Nino: mood effects, skill and
 * engagement, achievements, time of day and greetings, story ideas, learning activities, scores,
 * recommendations. Pure functions; tests/unit/nino-rules.test.ts checks every row and boundary.
 */

// --- mood effects ----------------------------------------------------------------------------

/** Comfort and engagement shifts per emotion. A shift an emotion does not make is 0; neutral changes nothing. */
export const MOOD_EFFECTS: Readonly<Record<Emotion, { comfort: number; engagement: number }>> = {
  happy: { comfort: 0.1, engagement: 0.1 },
  excited: { comfort: 0.05, engagement: 0.15 },
  sad: { comfort: -0.1, engagement: -0.05 },
  scared: { comfort: -0.15, engagement: 0 },
  angry: { comfort: -0.1, engagement: 0 },
  curious: { comfort: 0.05, engagement: 0.1 },
  playful: { comfort: 0, engagement: 0.1 },
  tired: { comfort: 0, engagement: -0.1 },
  gentle: { comfort: 0, engagement: 0 },
  wise: { comfort: 0, engagement: 0 },
  thoughtful: { comfort: 0, engagement: 0 },
  neutral: { comfort: 0, engagement: 0 },
};

export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
/** Rounds away floating-point dust (0.1 + 0.2) so levels compare and store cleanly. */
const tidy = (v: number): number => Math.round(v * 1e6) / 1e6;

/** Applies an emotion's shifts to comfort and engagement, both clamped to 0-1. */
export function applyMood(levels: { comfortLevel: number; engagementLevel: number }, emotion: Emotion): { comfortLevel: number; engagementLevel: number } {
  const fx = MOOD_EFFECTS[emotion];
  return {
    comfortLevel: clamp01(tidy(levels.comfortLevel + fx.comfort)),
    engagementLevel: clamp01(tidy(levels.engagementLevel + fx.engagement)),
  };
}

// --- skill and engagement ------------------------------------------------------------------------

export type SkillLevel = "beginner" | "intermediate" | "advanced";
export type EngagementLevel = "low" | "medium" | "high";

/** beginner; intermediate at 5 stories; advanced at 10. */
export function skillLevel(storiesCreated: number): SkillLevel {
  if (storiesCreated >= 10) return "advanced";
  if (storiesCreated >= 5) return "intermediate";
  return "beginner";
}

/** high if the completion rate is above 0.8, medium above 0.5, else low. */
export function engagementLevel(completionRate: number): EngagementLevel {
  if (completionRate > 0.8) return "high";
  if (completionRate > 0.5) return "medium";
  return "low";
}

/**
 * How a completion rate moves: an exponential average over finished (1) and abandoned (0) stories
 * and activities, so recent habits count most.
 */
export const COMPLETION_WEIGHT = 0.25;
export function nextCompletionRate(rate: number, finished: boolean): number {
  return clamp01(tidy(rate + ((finished ? 1 : 0) - rate) * COMPLETION_WEIGHT));
}

// --- achievements ---------------------------------------------------------------------------------

export interface Achievement {
  id: "first-story" | "story-creator" | "master-storyteller" | "learning-explorer" | "advanced-learner" | "engaged-creator";
  title: string;
  description: string;
}

export interface Progress {
  storiesCreated: number;
  activitiesCompleted: number;
  completionRate: number;
}

/**
 * The six achievements and when each is earned. The first four count stories or activities; the
 * last two are this project's own rule: Advanced Learner once the skill level is advanced (10 stories) and 5
 * learning activities are done; Engaged Creator once engagement is high (completion rate above 0.8)
 * over at least 3 stories, so one lucky story does not earn it.
 */
export const ACHIEVEMENTS: readonly (Achievement & { earned: (p: Progress) => boolean })[] = [
  { id: "first-story", title: "First Story", description: "You made your very first story!", earned: (p) => p.storiesCreated >= 1 },
  { id: "story-creator", title: "Story Creator", description: "Five stories made. What an imagination!", earned: (p) => p.storiesCreated >= 5 },
  { id: "master-storyteller", title: "Master Storyteller", description: "Ten stories! You are a true storyteller.", earned: (p) => p.storiesCreated >= 10 },
  { id: "learning-explorer", title: "Learning Explorer", description: "Five learning games played with Nino.", earned: (p) => p.activitiesCompleted >= 5 },
  {
    id: "advanced-learner",
    title: "Advanced Learner",
    description: "An advanced storyteller who loves learning games too.",
    earned: (p) => skillLevel(p.storiesCreated) === "advanced" && p.activitiesCompleted >= 5,
  },
  {
    id: "engaged-creator",
    title: "Engaged Creator",
    description: "You finish the stories you start. Brilliant!",
    earned: (p) => engagementLevel(p.completionRate) === "high" && p.storiesCreated >= 3,
  },
];

export function achievements(p: Progress): Achievement[] {
  return ACHIEVEMENTS.filter((a) => a.earned(p)).map(({ id, title, description }) => ({ id, title, description }));
}

/** Achievements earned by going from `before` to `after` (to celebrate them once). */
export function newAchievements(before: Progress, after: Progress): Achievement[] {
  const had = new Set(achievements(before).map((a) => a.id));
  return achievements(after).filter((a) => !had.has(a.id));
}

// --- time of day and greetings ----------------------------------------------------------------------

export type TimeOfDay = "morning" | "afternoon" | "evening";

/** morning before 12, afternoon before 17, else evening (hour 0-23). */
export function timeOfDay(hour: number): TimeOfDay {
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

/** The local hour at `now` for a UTC offset in minutes (e.g. 60 for UTC+1). */
export function localHour(now: number, utcOffsetMinutes = 0): number {
  return new Date(now + utcOffsetMinutes * 60_000).getUTCHours();
}

export const HOUR_MS = 3_600_000;
export type ReturnKind = "first" | "welcome_back" | "hi_again" | "recent";

/** 'Welcome back' after more than 24 h since the last interaction, 'Hi again' after more than 1 h. */
export function returnKind(lastInteraction: string | null, now: number): ReturnKind {
  if (!lastInteraction) return "first";
  const last = Date.parse(lastInteraction);
  if (Number.isNaN(last)) return "first";
  const gap = now - last;
  if (gap > 24 * HOUR_MS) return "welcome_back";
  if (gap > HOUR_MS) return "hi_again";
  return "recent";
}

// --- story ideas ----------------------------------------------------------------------------------

export interface StoryIdea {
  id: "adventure" | "friendship" | "magic" | "animals" | "space" | "underwater";
  icon: string;
  label: string;
  description: string;
  /** the story theme it stands for (the built-in themes' names where one fits) */
  theme: string;
}

export const STORY_IDEAS: readonly StoryIdea[] = [
  { id: "adventure", icon: "🧭", label: "A big adventure", description: "Treasure maps, secret paths and brave explorers.", theme: "Adventure" },
  { id: "friendship", icon: "🤝", label: "Best friends", description: "Making a new friend and helping each other.", theme: "Friendship" },
  { id: "magic", icon: "✨", label: "Magic and wishes", description: "Wizards, fairies and wishes that come true.", theme: "Fantasy" },
  { id: "animals", icon: "🦔", label: "Animal friends", description: "Talking animals and a woodland picnic.", theme: "Animals" },
  { id: "space", icon: "🚀", label: "Space journey", description: "Rockets, planets and a lost little star.", theme: "Space" },
  { id: "underwater", icon: "🐢", label: "Under the sea", description: "Coral reefs, chatty turtles and sunken ships.", theme: "Ocean" },
];

/** Four of the six ideas at random; an idea for a favourite theme goes first when there is one. */
export function storyIdeas(random: () => number, favoriteThemes: readonly string[] = []): StoryIdea[] {
  const fav = new Set(favoriteThemes.map((t) => t.toLowerCase()));
  const favIdea = STORY_IDEAS.find((i) => fav.has(i.theme.toLowerCase()));
  const rest = sample(
    STORY_IDEAS.filter((i) => i !== favIdea),
    favIdea ? 3 : 4,
    random,
  );
  return favIdea ? [favIdea, ...rest] : rest;
}

// --- learning activities --------------------------------------------------------------------------

export type ActivityType = "find-hidden" | "draw-picture" | "memory-game";

export interface LearningActivity {
  id: ActivityType;
  type: ActivityType;
  title: string;
  description: string;
  instructions: string;
  difficulty: "easy" | "medium";
  /** minutes */
  estimatedTime: number;
  rewards: string[];
  /** what the activity practises (a strength or growth area when scored) */
  skill: string;
}

export const LEARNING_ACTIVITIES: readonly LearningActivity[] = [
  {
    id: "find-hidden",
    type: "find-hidden",
    title: "Find the Hidden Animal",
    description: "Nino hides an animal in a picture made of words. Can you guess who it is?",
    instructions: "I'll give you clues about a hiding animal, one at a time. Tell me your guess whenever you think you know!",
    difficulty: "easy",
    estimatedTime: 5,
    rewards: ["Sharp Eyes star"],
    skill: "Noticing clues",
  },
  {
    id: "draw-picture",
    type: "draw-picture",
    title: "Draw With Nino",
    description: "Grab a pencil: Nino tells you what to draw, one step at a time.",
    instructions: "Get some paper and a pencil or crayons. I'll tell you one thing to draw at a time. Say 'ready' when you've drawn it!",
    difficulty: "easy",
    estimatedTime: 10,
    rewards: ["Little Artist badge"],
    skill: "Following steps",
  },
  {
    id: "memory-game",
    type: "memory-game",
    title: "Memory Game",
    description: "Remember Nino's list of things, then spot which one went missing.",
    instructions: "I'll say a list of things. Remember them! Then I'll take one away and you tell me which one is missing.",
    difficulty: "medium",
    estimatedTime: 8,
    rewards: ["Super Memory star"],
    skill: "Remembering",
  },
];

export function activityById(id: ActivityType): LearningActivity {
  const a = LEARNING_ACTIVITIES.find((x) => x.id === id);
  if (!a) throw new Error(`Unknown activity ${id}`);
  return a;
}

/** Activity scores (0-100): above 80 is a strength, below 60 a growth area; 60-80 is neither. */
export function scoreInsights(scores: readonly { activity: ActivityType; score: number }[]): { strengths: string[]; areasForGrowth: string[] } {
  const latest = new Map<ActivityType, number>();
  for (const s of scores) latest.set(s.activity, s.score);
  const strengths: string[] = [];
  const areasForGrowth: string[] = [];
  for (const [activity, score] of latest) {
    const skill = activityById(activity).skill;
    if (score > 80) strengths.push(skill);
    else if (score < 60) areasForGrowth.push(skill);
  }
  return { strengths, areasForGrowth };
}

// --- recommendations --------------------------------------------------------------------------------

/** The themes Nino can recommend: the story ideas' themes. */
export const RECOMMENDABLE_THEMES: readonly string[] = STORY_IDEAS.map((i) => i.theme);

/**
 * Three themes the child has not used yet, in random order (topped up with used ones once fewer than
 * three are new), and three art styles: their preferred ones first, then new ones.
 */
export function recommendations(
  memory: { favoriteThemes: readonly string[]; preferredArtStyles: readonly string[] },
  random: () => number,
): { themes: string[]; artStyles: string[] } {
  const used = new Set(memory.favoriteThemes.map((t) => t.toLowerCase()));
  const unused = RECOMMENDABLE_THEMES.filter((t) => !used.has(t.toLowerCase()));
  const firstNew = sample(unused, 3, random);
  const themes = [
    ...firstNew,
    ...sample(
      RECOMMENDABLE_THEMES.filter((t) => !firstNew.includes(t)),
      3 - firstNew.length,
      random,
    ),
  ];
  const preferred: string[] = [];
  for (const s of memory.preferredArtStyles) {
    const style = findArtStyle(s);
    if (style && !preferred.includes(style.id)) preferred.push(style.id);
  }
  const fresh = sample(
    ART_STYLE_OPTIONS.map((s) => s.id as string).filter((id) => !preferred.includes(id)),
    Math.max(0, 3 - preferred.length),
    random,
  );
  return { themes, artStyles: [...preferred.slice(0, 3), ...fresh] };
}
