import { asksNinoToPick, isStrongLearningRequest, isStrongStoryRequest, mentionedKnownFamily, mentionsLearn } from "../detect";
import { chooseActivity } from "../activities";
import type { FlowType } from "../types";
import { generalTurn } from "./flows/chat";
import { comfortTurn, enterComfort } from "./flows/comfort";
import { enterFamily, familyTurn } from "./flows/family";
import { enterLearning, learningTurn } from "./flows/learning";
import { enterStory, storyTurn } from "./flows/story";
import { isStoryFlow, type ConversationState } from "./state";
import { isYes, type Ctx, type Turn } from "./turn";

/**
 * The flow a message moves to, or null to stay. The rules in order of priority; "focused" means the
 * child is answering a story question or playing a game, where only clear signals interrupt.
 */
export function route(s: ConversationState, ctx: Pick<Ctx, "text" | "reading" | "intent">, known: { siblings: string[]; parents: string[] }): FlowType | null {
  const current = s.flow.current;
  const storyOpen = isStoryFlow(current) && s.storyStep !== "complete";
  const answering = storyOpen && s.storyStep !== "greeting";
  const gaming = current === "learning_activity" && s.activity !== null;
  const focused = answering || gaming;
  // in emotional support "a story" and "the game" mean a calm story and the breathing game
  const comforting = current === "emotional_support";
  const { text, reading, intent } = ctx;

  // 1. sad, scared or angry → emotional support (a request for comfort too: intent move)
  const hurting =
    (reading.emotion === "sad" || reading.emotion === "scared" || reading.emotion === "angry") && (reading.self || (!focused && intent !== "story_creation"));
  if ((hurting || (intent === "emotional_support" && !focused)) && current !== "emotional_support") return "emotional_support";
  // 2. a learning intent or the keyword 'learn' → learning activity
  const learning = focused ? isStrongLearningRequest(text) : intent === "learning_activity" || mentionsLearn(text);
  if (learning && current !== "learning_activity" && !(comforting && !isStrongLearningRequest(text))) return "learning_activity";
  if (learning && current === "learning_activity" && gaming && isStrongLearningRequest(text) && chooseActivity(text) !== null) return "learning_activity";
  // 3. a known sibling or parent → family integration
  if (!focused && current !== "family_integration" && mentionedKnownFamily(text, known)) return "family_integration";
  // 4. a story intent → story creation (a "yes" to Nino's offer of a story counts)
  const offerYes = !focused && isYes(text);
  if (
    (intent === "story_creation" && !storyOpen && (!comforting || isStrongStoryRequest(text))) ||
    (offerYes && s.offer === "story" && !storyOpen) ||
    (offerYes && s.offer === "family_story")
  )
    return "story_creation";
  if (offerYes && s.offer === "game" && current !== "learning_activity") return "learning_activity";
  // 5. happy or excited → back to general chat (from emotional support)
  if ((reading.emotion === "happy" || reading.emotion === "excited") && current === "emotional_support") return "general_chat";
  // help_request → general chat (intent move); a finished story → chat
  if (
    intent === "help_request" &&
    !focused &&
    current !== "general_chat" &&
    current !== "emotional_support" &&
    !(storyOpen && s.storyStep === "greeting" && asksNinoToPick(text))
  )
    return "general_chat";
  if (isStoryFlow(current) && s.storyStep === "complete") return "general_chat";
  return null;
}

/** Enters a flow after a branch (its step already reset to greeting): its first step answers. */
export function enter(flow: FlowType, s: ConversationState, ctx: Ctx): Turn {
  if (flow !== "learning_activity" && s.activity) s = { ...s, activity: null };
  switch (flow) {
    case "emotional_support":
      return enterComfort(s, ctx);
    case "learning_activity":
      return enterLearning(s, ctx);
    case "family_integration":
      return enterFamily(s, ctx);
    case "story_creation":
      return enterStory(s, ctx);
    case "general_chat":
      return generalTurn(s, ctx, true);
    case "simple_story":
      return storyTurn(s, ctx);
  }
}

/** Carries on the current flow: the message answers what Nino asked there. */
export function continueFlow(s: ConversationState, ctx: Ctx): Turn {
  switch (s.flow.current) {
    case "simple_story":
    case "story_creation":
      return storyTurn(s, ctx);
    case "emotional_support":
      return comfortTurn(s, ctx);
    case "learning_activity":
      return learningTurn(s, ctx);
    case "family_integration":
      return familyTurn(s, ctx);
    case "general_chat":
      return generalTurn(s, ctx, false);
  }
}
