import { capitalize, cleanAnswer, findPhrase, normalize, pick, stripEnd } from "../../text";
import type { Emotion } from "../../types";
import { goTo, type ConversationState } from "../state";
import type { Ctx, Turn } from "../turn";

/** General chat: Nino answers kindly and invites the child back to a story or a game. */
export function generalTurn(s: ConversationState, ctx: Ctx, entering: boolean, why?: "declined"): Turn {
  const { text, deps, last, intent, reading } = ctx;
  const name = s.childName;
  const r = deps.random;
  const storyOpen = s.storyStep !== "greeting" && s.storyStep !== "complete";
  const invite = storyOpen
    ? `Shall we go back to our story${s.storyData.characterName ? ` about ${s.storyData.characterName}` : ""}, or play a game?`
    : pick(["Would you like to make a story or play a game?", "Shall we make up a story, or play a learning game?"], r);
  const suggestions = [storyOpen ? "Back to our story" : "Make a story", "Play a game"];
  let content: string;
  let emotion: Emotion = "playful";
  if (why === "declined") {
    content = pick([`That's okay, ${name}! What would you like to talk about?`, `No problem, ${name}. We can just chat. What's on your mind?`], r, last);
    emotion = "gentle";
  } else if (intent === "help_request") {
    content = pick(
      [
        `I can help you make up a story, play a learning game, or just chat, ${name}. ${invite}`,
        `Here's what we can do, ${name}: make a story together, play a game, or talk about your day. ${invite}`,
      ],
      r,
      last,
    );
    emotion = "gentle";
  } else if (reading.emotion === "happy" || reading.emotion === "excited") {
    const fromComfort = s.flow.stepHistory.includes("story_comfort") && entering;
    content = fromComfort
      ? pick([`I'm so glad you feel better, ${name}! ${invite}`, `Yay, that makes my feathers happy, ${name}! ${invite}`], r, last)
      : pick([`That's wonderful, ${name}! ${invite}`, `Hooray! I love how happy you sound, ${name}. ${invite}`, `Yippee! ${invite}`], r, last);
    emotion = "excited";
  } else if (findPhrase(normalize(text), ["thank you", "thanks", "thank u", "ta"])) {
    content = pick([`You're welcome, ${name}! ${invite}`, `Any time, ${name}! ${invite}`], r, last);
    emotion = "gentle";
  } else if (intent === "greeting") {
    content = pick([`Hello, ${name}! ${invite}`, `Hi there, ${name}! ${invite}`], r, last);
  } else if (reading.emotion === "curious") {
    content = pick(
      [
        `What a great question, ${name}! I'm a storybook bird, so I know most about stories. We could make a story to find out! ${invite}`,
        `Ooh, I wonder about that too, ${name}! ${invite}`,
      ],
      r,
      last,
    );
    emotion = "curious";
  } else if (reading.emotion === "tired") {
    content = pick(
      [`A little sleepy, ${name}? A calm, cosy story could be just right. ${invite}`, `Yawn! Sleepy birds love quiet stories. ${invite}`],
      r,
      last,
    );
    emotion = "gentle";
  } else if (
    ctx.pets.length > 0 &&
    findPhrase(normalize(text), ["dog", "cat", "puppy", "kitten", "rabbit", "bunny", "hamster", "fish", "pony", "tortoise", "bird"])
  ) {
    content = pick([`I'd love to hear more about ${ctx.pets[0]}! ${invite}`, `${capitalize(ctx.pets[0])} sounds wonderful! ${invite}`], r, last);
    emotion = "curious";
  } else {
    const echo = stripEnd(cleanAnswer(text, 60));
    content = pick(
      [
        `"${echo}": I like that, ${name}! Tell me more. Or ${invite.charAt(0).toLowerCase()}${invite.slice(1)}`,
        `That's interesting, ${name}! ${invite}`,
        `Thank you for telling me, ${name}. ${invite}`,
      ],
      r,
      last,
    );
  }
  return { state: goTo({ ...s, offer: "story" }, "general_chat", "chatting"), say: { content, emotion, suggestions } };
}

/** A plain goodbye: Nino says goodbye and nothing else moves. */
export function goodbyeTurn(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  return {
    state: s,
    say: {
      content: pick(
        [
          `Bye-bye, ${s.childName}! Come back any time you want to make a story.`,
          `See you soon, ${s.childName}! I'll be right here in my nest.`,
          `Goodbye, ${s.childName}! It was lovely talking with you.`,
        ],
        deps.random,
        last,
      ),
      emotion: "gentle",
    },
  };
}
