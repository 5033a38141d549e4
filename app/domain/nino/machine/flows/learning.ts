import { activityMenu, activitySuggestions, chooseActivity, playActivity, startActivity } from "../../activities";
import { asksNinoToPick, isNo } from "../../detect";
import { newAchievements, type ActivityType } from "../../rules";
import { capitalize, findPhrase, normalize, pick } from "../../text";
import { goTo, type ConversationState } from "../state";
import { isYes, type Ctx, type Turn } from "../turn";
import { generalTurn } from "./chat";

/** Learning games: Nino offers the games, plays the one chosen, and scores it at the end. */

/** Entering the learning flow: the game the message names starts, or Nino offers the games. */
export function enterLearning(s: ConversationState, ctx: Ctx): Turn {
  const chosen = chooseActivity(ctx.text);
  return chosen ? beginActivity(s, chosen, ctx) : activityIntro(s, ctx);
}

export function activityIntro(s: ConversationState, ctx: Ctx): Turn {
  const content = pick(
    [
      `Let's play a learning game, ${s.childName}! We can play ${activityMenu()}. Which one would you like?`,
      `Game time! Would you like ${activityMenu()}?`,
      `I know three games: ${activityMenu()}. Which shall we play?`,
    ],
    ctx.deps.random,
    ctx.last,
  );
  return {
    state: goTo({ ...s, activity: null, offer: "game" }, "learning_activity", "activity_introduction"),
    say: { content, emotion: "playful", suggestions: activitySuggestions() },
  };
}

export function beginActivity(s: ConversationState, type: ActivityType, ctx: Ctx): Turn {
  const t = startActivity(type, ctx.deps.random);
  return {
    state: goTo({ ...s, activity: t.activity, offer: null }, "learning_activity", "activity_instructions"),
    say: { content: t.text, emotion: "playful", suggestions: t.suggestions },
  };
}

const STOP_GAME_WORDS = [
  "stop",
  "stop the game",
  "no more",
  "i don't want to play",
  "i dont want to play",
  "end the game",
  "quit",
  "i'm bored",
  "im bored",
  "finish the game",
] as const;

export function learningTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  // "stop", "no more", "I don't want to play": the game ends without a score
  if (s.activity && (isNo(text) || findPhrase(normalize(text), STOP_GAME_WORDS))) {
    const content = pick([`Okay, ${s.childName}, we can stop the game. That was fun!`, `No problem! We'll play again another time.`], deps.random, last);
    return {
      state: goTo({ ...s, activity: null, offer: "story" }, "general_chat", "chatting"),
      say: { content: `${content} Would you like to make a story, or just chat?`, emotion: "gentle", suggestions: ["Make a story", "Play a game"] },
    };
  }
  if (s.activity) {
    const t = playActivity(s.activity, text, deps.random, last);
    if (t.activity) {
      return {
        state: goTo({ ...s, activity: t.activity }, "learning_activity", "activity_progress"),
        say: { content: t.text, emotion: "playful", suggestions: t.suggestions },
      };
    }
    const score = t.score ?? 0;
    ctx.patch.activityCompleted = true;
    ctx.patch.activityScore = { activity: s.activity.type, score };
    const earned = newAchievements(
      { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: deps.memory.completionRate ?? 0 },
      { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted + 1, completionRate: deps.memory.completionRate ?? 0 },
    );
    if (earned.length > 0) ctx.patch.milestone = earned[0].title;
    const badge = earned.length > 0 ? ` You earned the ${earned[0].title} badge!` : "";
    return {
      state: goTo({ ...s, activity: null, offer: "game" }, "learning_activity", "activity_progress"),
      say: {
        content: `${t.text}${badge} Would you like to play another game, or make a story?`,
        emotion: "excited",
        suggestions: [...activitySuggestions(), "Make a story"],
      },
    };
  }
  const chosen = chooseActivity(text);
  if (chosen) return beginActivity(s, chosen, ctx);
  if (asksNinoToPick(text) || (s.flow.step === "activity_introduction" && isYes(text))) {
    return beginActivity(s, (["find-hidden", "draw-picture", "memory-game"] as const)[Math.min(2, Math.floor(deps.random() * 3))], ctx);
  }
  if (isYes(text)) return activityIntro(s, ctx);
  if (s.flow.step === "activity_introduction" && !isNo(text)) {
    const content = pick(
      [`Which game shall we play? ${capitalize(activityMenu())}?`, `You can pick ${activityMenu()}. Or say "you choose"!`],
      deps.random,
      last,
    );
    return { state: s, say: { content, emotion: "playful", suggestions: activitySuggestions() } };
  }
  return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, isNo(text) ? "declined" : undefined);
}
