/**
 * What kind of moment an event of the parent's plot is, read from its verbs and words: the writer
 * fills the pages around it with what such a moment holds (making has parts and patience, a
 * breakage has a crash and a feeling, a prize has a crowd).
 */
export type EventClass =
  | "make"
  | "break"
  | "lose"
  | "find"
  | "sorry"
  | "fix"
  | "win"
  | "go"
  | "home"
  | "play"
  | "meet"
  | "help"
  | "share"
  | "gift"
  | "quarrel"
  | "hurt"
  | "fear"
  | "sad"
  | "party"
  | "eat"
  | "learn"
  | "search"
  | "generic";

/** A trouble the story must mend: the moral's problem sits on it. */
export const TROUBLES: ReadonlySet<EventClass> = new Set(["break", "lose", "quarrel", "hurt", "fear", "sad"]);

const BY_WORDS: [EventClass, RegExp][] = [
  ["sorry", /\b(sorry|apologi[sz]ed?|apology)\b/],
  ["fix", /\b(fix|fixed|repair|repaired|mend|mended|glued?|rebuilt|patched)\b/],
  ["win", /\b(won|wins?|prize|medal|trophy|first place|ribbon|scored?|goal|champion)\b/],
  ["break", /\b(broke|broken|breaks?|smashed|crashed|cracked|tore|ripped|spilled|spilt|popped|fell (off|over|down|out))\b/],
  ["lose", /\b(lost|loses?|missing|disappeared|ran away|got away|could ?n[o']t find|vanished)\b/],
  ["search", /\b(looked for|searched|hunted for|went looking)\b/],
  ["find", /\b(found|finds?|discovered|spotted)\b/],
  ["quarrel", /\b(argued|fought|squabbled|shouted at|teased|fell out|grabbed|snatched)\b/],
  ["fear", /\b(scared|afraid|frightened|nervous|worried|terrified)\b/],
  ["sad", /\b(sad|missed|cried|upset|lonely|grumpy)\b/],
  ["party", /\b(celebrated|party|birthday|festival|diwali|christmas|eid|wedding|picnic)\b/],
  ["hurt", /\b(scraped|grazed|bumped|hurt|cut) (a|an|his|her|their)\b/],
  [
    "eat",
    /\b(ate|baked|cooked|picked (some|the)? ?(strawberries|apples|berries|cherries|blackberries)|made (a |some )?(cake|pancakes|cookies|biscuits|pizza|lunch|dinner|breakfast))\b/,
  ],
  ["make", /\b(built|made|created|invented|designed|drew|painted|sewed|knitted|planted|wrote|decorated)\b/],
  ["help", /\b(helped|rescued|saved|looked after|took care|cared for)\b/],
  ["share", /\b(shared|gave|lent|let \w+ (have|play|use))\b/],
  ["meet", /\b(met|made (a )?friends?|befriended|said hello)\b/],
  ["learn", /\b(learned|learnt|practi[sc]ed|trained|taught|tried to|started to)\b/],
  ["home", /\b(went home|came home|got home|back home|returned home)\b/],
  ["play", /\b(played|swam|danced|sang|rode|skated|raced|climbed|jumped|splashed|kicked)\b/],
  ["go", /\b(had to go|going to|went|visited|travell?ed|flew|sailed|walked|drove|took \w+ to|arrived|came to|set off|headed)\b/],
];

/** the moment a main verb makes, before its words are looked at */
// prettier-ignore
const BY_VERB: Record<string, EventClass> = {
  build: "make", make: "make", create: "make", invent: "make", design: "make", draw: "make", paint: "make", sew: "make", knit: "make", plant: "make", write: "make", decorate: "make",
  break: "break", smash: "break", crash: "break", fall: "break", tear: "break", spill: "break",
  lose: "lose", find: "find", discover: "find", spot: "find", fix: "fix", repair: "fix", mend: "fix", rebuild: "fix",
  win: "win", score: "win", go: "go", visit: "go", travel: "go", fly: "go", sail: "go", drive: "go", arrive: "go", head: "go",
  play: "play", swim: "play", dance: "play", sing: "play", skate: "play", race: "play", climb: "play", jump: "play", kick: "play",
  meet: "meet", help: "help", rescue: "help", save: "help", share: "share", give: "share", lend: "share",
  argue: "quarrel", fight: "quarrel", squabble: "quarrel", eat: "eat", bake: "eat", cook: "eat", celebrate: "party",
  learn: "learn", practise: "learn", practice: "learn", train: "learn", search: "search", apologise: "sorry", apologize: "sorry",
};

export function classOf(verbs: readonly string[], predicate: string, personSubject = false): EventClass {
  const p = ` ${predicate.toLowerCase()} `;
  // a person who falls is hurt, not broken
  if (personSubject && /\b(fell|tripped|slipped|crashed|bumped|scraped|grazed)\b/.test(p)) return "hurt";
  if (/\b(sorry|apologi[sz]ed)\b/.test(p)) return "sorry";
  if (/^ (went|came|got|ran|walked|headed) (back )?home\b/.test(p)) return "home";
  const main = BY_VERB[verbs[0] ?? ""];
  if (
    main === "make" &&
    /\b(cake|cookies|biscuits|pancakes|pizza|lunch|dinner|breakfast|ladoos|laddoos|sandwich(es)?|soup|muffins|bread|hot chocolate|cocoa|lemonade|smoothies?|tea)\b/.test(
      p,
    )
  )
    return "eat";
  if (main) return main;
  for (const [cls, re] of BY_WORDS) if (re.test(p)) return cls;
  const v = verbs[0] ?? "";
  if (/^(be|feel)$/.test(v) && /\b(happy|proud|excited)\b/.test(p)) return "party";
  return "generic";
}

/** How many pages an event of this kind can fill, at most, before it reads as padding. */
export const WEIGHT: Record<EventClass, number> = {
  make: 3,
  break: 2,
  lose: 2,
  find: 2,
  sorry: 2,
  fix: 3,
  win: 2,
  go: 2,
  home: 1,
  play: 2,
  meet: 2,
  help: 2,
  share: 2,
  gift: 2,
  quarrel: 2,
  hurt: 2,
  fear: 2,
  sad: 2,
  party: 2,
  eat: 2,
  learn: 2,
  search: 2,
  generic: 2,
};
