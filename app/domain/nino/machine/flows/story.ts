import { asksNinoToPick, isNo, isQuestionBack } from "../../detect";
import { newAchievements, recommendations, storyIdeas } from "../../rules";
import {
  artStyleLabel,
  completeStoryData,
  matchArtStyle,
  matchTheme,
  nextStep,
  NINO_CHOICES,
  parseAge,
  parseCharacterName,
  readBack,
  storyCreationPhase,
} from "../../story";
import { capitalize, cleanAnswer, findPhrase, normalize, pick, sample, stripEnd } from "../../text";
import type { SimpleStep, StoryData } from "../../types";
import { NINO_LIMITS } from "../../types";
import { goTo, knownPets, type ConversationState, type Deps } from "../state";
import { isYes, type Ctx, type Say, type Turn } from "../turn";
import { generalTurn } from "./chat";

/**
 * The story: the simple flow and story creation ask the same questions, one step at a time
 * (character name, age, setting, theme, plot, moral, art style, review), and finish with the story
 * data for the story form.
 */
export function setStoryStep(s: ConversationState, step: SimpleStep): ConversationState {
  const flowStep = s.flow.current === "story_creation" ? storyCreationPhase(step) : step;
  const next = { ...s, storyStep: step };
  return flowStep === s.flow.step && s.flow.current !== "simple_story" ? next : goTo(next, s.flow.current, flowStep);
}

export function enterStory(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  // a story with a family member: "yes" to Nino's offer puts them in as the hero
  const hero = ctx.familyHero && !ctx.familyHero.startsWith("a ") ? ctx.familyHero : null;
  // a story with a family member (the child said yes to it) starts afresh with them as the hero
  const fresh = s.storyStep === "greeting" || s.storyStep === "complete" || (s.storyStep === "character_name" && !s.storyData.characterName) || hero !== null;
  if (fresh) {
    s = { ...s, storyData: {} };
    if (hero) {
      // the flow's step stays at greeting: Nino has just greeted the story and asked its first question
      s = { ...s, storyData: { characterName: hero }, storyStep: "character_age" };
      const q = question(s, "character_age", deps, last);
      return { state: s, say: { ...q, content: `Yay! A story starring ${hero}! ${q.content}` } };
    }
    s = { ...s, storyStep: "character_name" };
    const q = question(s, "character_name", deps, last);
    const intro = pick(["Yay, a story!", "Ooh, I love making stories!", "Let's make a story together!"], deps.random, last);
    return { state: s, say: { ...q, content: `${intro} ${q.content}` } };
  }
  const q = question(s, s.storyStep, deps, last);
  const intro = pick(
    [
      `Let's get back to our story${s.storyData.characterName ? ` about ${s.storyData.characterName}` : ""}!`,
      "Back to our story! Where were we?",
      "Our story was waiting for us!",
    ],
    deps.random,
    last,
  );
  return { state: s, say: { ...q, content: `${intro} ${q.content}` } };
}

const RESTART_WORDS = ["start over", "start again", "restart", "begin again", "new story", "change it", "do it again"] as const;

export function storyTurn(s: ConversationState, ctx: Ctx): Turn {
  const { text, deps, last } = ctx;
  const step = s.storyStep;
  // "yes!" to "what kind of story?" lets Nino choose too
  const ninoPicks = asksNinoToPick(text) || (step !== "greeting" && step !== "review" && isYes(text) && text.split(/\s+/).length <= 2);
  const picked = (v: string) => (ninoPicks ? `${pick(["Okay, I'll choose!", "Let me pick!", "Leave it to me!"], deps.random, last)} ${v}` : "");

  if (step === "greeting") {
    if (isNo(text)) return generalTurn(goTo({ ...s, offer: null }, "general_chat", "greeting"), ctx, true, "declined");
    const next = setStoryStep(s, "character_name");
    const q = question(next, "character_name", deps, last);
    const hello =
      ctx.intent === "greeting"
        ? [`Hello, ${s.childName}! Let's begin.`, `Hi, ${s.childName}! Here we go.`]
        : ["Hooray!", "Wonderful!", "Let's begin!", "Yay!"];
    return { state: next, say: { ...q, content: `${pick(hello, deps.random, last)} ${q.content}` } };
  }
  // a question back is answered kindly and the step's question asked again (it is not an answer)
  if (step !== "review" && step !== "complete" && isQuestionBack(text)) {
    const q = question(s, step, deps, last);
    const answer = pick(
      [
        `Ooh, good question! I'm a storybook bird, so let's ask a grown-up to help find out later.`,
        `I love your questions, ${s.childName}! Let's wonder about that together after our story.`,
        `Hmm, that's a big question! Maybe our story can find out.`,
      ],
      deps.random,
      last,
    );
    return { state: s, say: { ...q, content: `${answer} ${q.content}` } };
  }
  // a plain "no" to a story question: the story waits (it keeps its place) and we chat
  if (isNo(text)) {
    const content = pick(
      [
        `That's okay, ${s.childName}! Our story will wait for us. What would you like to do?`,
        `No problem! We can finish the story later. What shall we do now?`,
      ],
      deps.random,
      last,
    );
    return {
      state: goTo({ ...s, offer: "story" }, "general_chat", "chatting"),
      say: { content, emotion: "gentle", suggestions: ["Back to our story", "Play a game"] },
    };
  }
  if (step === "review") {
    if (findPhrase(normalize(text), RESTART_WORDS)) {
      ctx.patch.storyAbandoned = true;
      const next = setStoryStep({ ...s, storyData: {} }, "character_name");
      const q = question(next, "character_name", deps, last);
      return { state: next, say: { ...q, content: `No problem, let's make it again! ${q.content}` } };
    }
    return completeStory(s, ctx);
  }

  const data: Partial<StoryData> = { ...s.storyData };
  let note = "";
  switch (step) {
    case "character_name":
      data.characterName = ninoPicks ? pick(NINO_CHOICES.characterName, deps.random) : parseCharacterName(text, s.childName);
      note = picked(`Our hero is called ${data.characterName}.`);
      break;
    case "character_age":
      data.characterAge = parseAge(text);
      break;
    case "setting":
      data.setting = ninoPicks ? pick(NINO_CHOICES.setting, deps.random) : stripEnd(cleanAnswer(text, 300)) || NINO_CHOICES.setting[0];
      note = picked(`It happens in ${data.setting}.`);
      break;
    case "theme":
      data.theme = ninoPicks
        ? pick(
            storyIdeas(deps.random, deps.memory.favoriteThemes).map((i) => i.theme),
            deps.random,
          )
        : matchTheme(text);
      note = picked(`Let's make it ${/^[aeiou]/i.test(data.theme) ? "an" : "a"} ${data.theme.toLowerCase()} story.`);
      break;
    case "plot":
      data.plot = ninoPicks
        ? `${data.characterName ?? "Our hero"} ${pick(NINO_CHOICES.plot, deps.random)}`
        : stripEnd(cleanAnswer(text, 1000)) || NINO_CHOICES.plot[0];
      note = picked(`${data.plot}.`);
      break;
    case "moral":
      data.moral = ninoPicks ? pick(NINO_CHOICES.moral, deps.random) : stripEnd(cleanAnswer(text, 300)) || NINO_CHOICES.moral[0];
      note = picked(`The lesson is: ${data.moral}.`);
      break;
    case "art_style": {
      const style = ninoPicks ? null : matchArtStyle(text);
      data.artStyle = style ?? recommendations(deps.memory, deps.random).artStyles[0];
      note = style ? "" : `${ninoPicks ? "Let me pick!" : "Hmm, I'll choose for you!"} The pictures will be ${artStyleLabel(data.artStyle).toLowerCase()}.`;
      break;
    }
  }
  const upcoming = nextStep(step);
  const next = setStoryStep({ ...s, storyData: data, currentTopic: data.theme ?? s.currentTopic }, upcoming);
  const q = question(next, upcoming, deps, last);
  return { state: next, say: { ...q, content: note ? `${note} ${q.content}` : q.content } };
}

function completeStory(s: ConversationState, ctx: Ctx): Turn {
  const { deps, last } = ctx;
  const storyData = completeStoryData(s.storyData);
  ctx.effects.push({ type: "story_complete", storyData });
  ctx.patch.storyCompleted = true;
  ctx.patch.favoriteThemes = [storyData.theme];
  ctx.patch.preferredArtStyles = [storyData.artStyle];
  const rate = deps.memory.completionRate ?? 0;
  const earned = newAchievements(
    { storiesCreated: deps.memory.storiesCreated, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: rate },
    { storiesCreated: deps.memory.storiesCreated + 1, activitiesCompleted: deps.memory.activitiesCompleted, completionRate: rate },
  );
  if (earned.length > 0) ctx.patch.milestone = earned[0].title;
  const cheer = pick(["Hooray!", "Wonderful!", "Yippee!"], deps.random, last);
  const badge = earned.length > 0 ? ` You earned the ${earned.map((a) => a.title).join(" and ")} badge!` : "";
  const next = setStoryStep({ ...s, storyData, offer: null }, "complete");
  return {
    state: next,
    say: {
      content: `${cheer} ${storyData.characterName}'s story is ready to make.${badge} I'm taking you to the story form now, where a grown-up can check everything and press create.`,
      emotion: "excited",
      rephrasable: false,
    },
  };
}

/** The question Nino asks at a step, echoing what the child said before. */
export function question(s: ConversationState, step: SimpleStep, deps: Deps, last: string | null): Say {
  const d = s.storyData;
  const hero = d.characterName ?? "our hero";
  const r = deps.random;
  switch (step) {
    case "greeting":
      return {
        content: pick(["Shall we make up a story together?", "Would you like to make a story with me?"], r, last),
        emotion: "excited",
        suggestions: ["Yes, let's make a story!"],
      };
    case "character_name": {
      const pets = knownPets(s, deps.memory);
      let content = pick(
        [
          "Who should the hero of our story be? Tell me their name!",
          "Every story needs a hero. What's our hero called?",
          "Let's start with our hero. What's their name?",
        ],
        r,
        last,
      );
      if (pets.length > 0) content += ` Maybe ${pets[0]} could be in it too!`;
      const names =
        s.childName !== NINO_LIMITS.defaultChildName ? [s.childName, ...sample(NINO_CHOICES.characterName, 2, r)] : sample(NINO_CHOICES.characterName, 3, r);
      return { content, emotion: "curious", suggestions: names };
    }
    case "character_age":
      return {
        content: pick(
          [
            `${hero}! What a great name. How old is ${hero}?`,
            `I love the name ${hero}! How old is ${hero}?`,
            `Hello, ${hero}! How many years old is our hero?`,
          ],
          r,
          last,
        ),
        emotion: "excited",
        suggestions: ["5", "7", "9", "100"],
      };
    case "setting": {
      const age = d.characterAge ?? NINO_LIMITS.defaultCharacterAge;
      return {
        content: pick(
          [
            `${age} years old, perfect! Where does ${hero}'s story happen?`,
            `So ${hero} is ${age}. Where does the story take place? A castle, a jungle, the moon?`,
            `${age}! Now, where does ${hero} live?`,
          ],
          r,
          last,
        ),
        emotion: "curious",
        suggestions: sample(NINO_CHOICES.setting, 3, r),
      };
    }
    case "theme": {
      const ideas = storyIdeas(r, deps.memory.favoriteThemes);
      let content = pick(
        [
          `Ooh, ${stripEnd(d.setting ?? "what a place")}! What kind of story shall it be?`,
          `${capitalize(stripEnd(d.setting ?? "That"))} sounds wonderful. What kind of story is it?`,
          `What a place for ${hero}! What kind of story shall we make?`,
        ],
        r,
        last,
      );
      if (deps.memory.favoriteThemes.length > 0) {
        const fresh = recommendations(deps.memory, r).themes[0];
        if (fresh) content += ` You haven't tried ${/^[aeiou]/i.test(fresh) ? "an" : "a"} ${fresh.toLowerCase()} story yet!`;
      }
      return { content, emotion: "curious", suggestions: ideas.map((i) => `${i.icon} ${i.label}`) };
    }
    case "plot": {
      const theme = (d.theme ?? "magical").toLowerCase();
      return {
        content: pick(
          [
            `${/^[aeiou]/.test(theme) ? "An" : "A"} ${theme} story, lovely! What happens to ${hero}?`,
            `${capitalize(theme)}! Great choice. So what does ${hero} do in the story?`,
            `What an idea! Tell me what happens in ${hero}'s ${theme} story.`,
          ],
          r,
          last,
        ),
        emotion: "excited",
        suggestions: sample(NINO_CHOICES.plot, 2, r).map((p) => `${hero} ${p}`.slice(0, 80)),
      };
    }
    case "moral":
      return {
        content: pick(
          [
            `Ooh, exciting! What should ${hero} learn by the end of the story?`,
            `What a plot! What's the lesson of the story? Maybe being kind, or being brave?`,
            `I can't wait to see that! What will ${hero} learn?`,
          ],
          r,
          last,
        ),
        emotion: "thoughtful",
        suggestions: sample(NINO_CHOICES.moral, 3, r),
      };
    case "art_style": {
      const rec = recommendations(deps.memory, r).artStyles;
      const all = [...rec, ...["watercolor", "cartoon", "storybook", "fairy tale", "paper cut-out", "crayon"].filter((id) => !rec.includes(id))];
      return {
        content: pick(
          [
            "Last question! What kind of pictures should the book have?",
            "Nearly done! How should the pictures look?",
            "One more thing: what style of pictures do you like?",
          ],
          r,
          last,
        ),
        emotion: "playful",
        suggestions: all.map(artStyleLabel),
      };
    }
    case "review":
      return { content: `${readBack(completeStoryData(d))} Shall I get it ready?`, emotion: "thoughtful", suggestions: ["Yes, make my story!", "Start over"] };
    case "complete":
      return { content: "Your story is on its way to the story form!", emotion: "excited" };
  }
}
