import { capitalize, findPhrase, normalize, pick } from "../../text";
import { goTo, type ConversationState, type Deps } from "../state";
import { isYes, type Ctx, type Turn } from "../turn";

/**
 * Emotional support: Nino acknowledges the feeling, offers a calm story or a breathing game, and
 * gives it; a grown-up the child trusts is suggested when the feeling stays.
 */

/** Entering emotional support: Nino answers the feeling the message shows. */
export function enterComfort(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  const name = s.childName;
  const e = ctx.reading.emotion;
  const lines: Record<string, string[]> = {
    sad: [
      `Oh, ${name}, I'm sorry you feel sad. It's okay to feel sad sometimes. Do you want to tell me what happened?`,
      `I'm right here with you, ${name}. Feeling sad is hard. Would you like to tell me about it?`,
      `Thank you for telling me how you feel, ${name}. Sad feelings are okay. What's making you feel this way?`,
    ],
    scared: [
      `That sounds scary, ${name}. It's okay to feel scared, and I'm right here with you. What's making you feel scared?`,
      `Oh, ${name}, scared feelings can be big. Let's be brave together. Can you tell me what's scary?`,
    ],
    angry: [
      `It sounds like you feel really cross, ${name}. That's okay: everyone feels angry sometimes. What happened?`,
      `Angry feelings are like a storm inside, ${name}. Storms pass. Do you want to tell me what happened?`,
    ],
    other: [`I'm here for you, ${name}. How are you feeling?`, `Let's talk, ${name}. I'm listening. How do you feel?`],
  };
  const say = pick(lines[e === "sad" || e === "scared" || e === "angry" ? e : "other"], deps.random, last);
  return {
    state: goTo({ ...s, offer: null }, "emotional_support", "acknowledgment"),
    say: { content: say, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] },
  };
}

const BREATHING_WORDS = ["breathe", "breathing", "breath", "breaths", "game", "balloon"] as const;
const CALM_STORY_WORDS = ["story", "stories", "tell me", "calm story"] as const;

export function comfortTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const name = s.childName;
  const norm = normalize(text);
  const wantsBreathing = findPhrase(norm, BREATHING_WORDS) !== null;
  const wantsStory = findPhrase(norm, CALM_STORY_WORDS) !== null || (s.flow.step === "comfort_offering" && isYes(text));
  if (s.flow.step === "acknowledgment" && !wantsBreathing && !wantsStory) {
    const pets = ctx.pets;
    let content = pick(
      [
        `Thank you for telling me, ${name}. Your feelings matter. Would you like me to tell you a calm story, or shall we play a breathing game together?`,
        `That sounds hard, ${name}. I'm glad you told me. We could do a slow breathing game, or I can tell you a gentle story. Which would you like?`,
        `I hear you, ${name}. It's okay to feel this way. Shall I tell you a cosy story, or shall we breathe slowly together?`,
      ],
      deps.random,
      last,
    );
    if (pets.length > 0) content += ` A cuddle with ${pets[0]} might help too.`;
    return {
      state: goTo({ ...s, offer: "comfort" }, "emotional_support", "comfort_offering"),
      say: { content, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] },
    };
  }
  if (wantsBreathing || wantsStory) {
    const activity = wantsBreathing ? "breathing game" : "calm story";
    ctx.patch.mood = { mood: s.emotional.currentMood, comfortActivities: [activity] };
    const content = wantsBreathing ? breathingGame(name, deps, last) : calmStory(s, ctx);
    return {
      state: goTo({ ...s, offer: null }, "emotional_support", "story_comfort"),
      say: { content: `${content} How do you feel now?`, emotion: "gentle", suggestions: ["I feel better", "Another story please", "Let's breathe again"] },
    };
  }
  const content = pick(
    [
      `It's okay to still feel this way, ${name}. I'm right here. Talking to a grown-up you trust, like a parent or a teacher, can really help too. Would you like a calm story, or shall we breathe together?`,
      `Big feelings take time to float away, ${name}. A hug from a grown-up you trust can help. Shall I tell you a gentle story, or shall we do the breathing game?`,
    ],
    deps.random,
    last,
  );
  return {
    state: goTo({ ...s, offer: "comfort" }, "emotional_support", "story_comfort"),
    say: { content, emotion: "gentle", suggestions: ["A calm story", "A breathing game"] },
  };
}

function breathingGame(name: string, deps: Deps, last: string | null): string {
  return pick(
    [
      `Let's breathe together, ${name}. Breathe in slowly, like you're smelling a flower: one, two, three, four. Now breathe out, like you're blowing out a birthday candle: one, two, three, four. Let's do that two more times, nice and slow.`,
      `Let's be balloons, ${name}! Breathe in and fill up your tummy like a big balloon: one, two, three. Now let the air out slowly: sss, two, three, four. Once more: in like a balloon, and out, slow and gentle.`,
      `Put your hand on your tummy, ${name}. Breathe in through your nose and feel your tummy rise: one, two, three, four. Breathe out through your mouth like gentle wind: one, two, three, four. You're doing wonderfully.`,
    ],
    deps.random,
    last,
  );
}

function calmStory(s: ConversationState, ctx: Ctx): string {
  const { deps, last } = ctx;
  const friend = ctx.pets[0] ?? s.storyData.characterName ?? "a little owl called Hoot";
  return pick(
    [
      `Once upon a time, a little cloud called Puff floated over a sleepy meadow. Whenever Puff felt heavy, Puff rained a little, and then the sun came out and painted a rainbow. Sad feelings can be like rain: they come, and then they pass. ${capitalize(friend)} watched the rainbow and smiled.`,
      `Once upon a time, ${friend} found a quiet pond under the stars. The frogs sang softly, the water sparkled, and the moon whispered, "You are safe, and you are loved." ${capitalize(friend)} took a big slow breath and felt calm and cosy.`,
      `Once upon a time, a small turtle carried a warm little house on its back. When the world felt too big, the turtle rested inside, counted to ten, and came out again, brave and calm. ${capitalize(friend)} learned that it's okay to take a little rest.`,
    ],
    deps.random,
    last,
  );
}
