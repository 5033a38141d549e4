import { withHelpline } from "./helplines";
import { normalize } from "./text";

/**
 * Child safety. Before anything else, every child message is checked against these triggers:
 * - danger: the child may be in danger now (lost, a fire, someone in the house, someone following);
 * - risk: the child may be at risk (self-harm, someone hurting or touching them, abuse, bullying, a
 *   stranger asking to meet, for secrets, their address or photos);
 * - medical: medicine, illness or injury (Nino never gives medical advice).
 * Each gets a calm FIXED reply (never rephrased by a model) that sends the child to a grown-up they
 * trust. Triggers are first-person on purpose: "the dragon got lost" or "my dragon is sick of carrots"
 * are story words and are answered as usual (tests/unit/nino-safety.test.ts lists both kinds).
 */

export type SafetyKind = "danger" | "risk" | "medical";

const NEG = "(?<!(?:not|n't|never|doesn't|didn't|don't|won't|wouldn't))";

/** Each trigger: a pattern over the normalized text (lower case, single spaces, padded with spaces). */
export const SAFETY_TRIGGERS: readonly { kind: SafetyKind; name: string; pattern: RegExp }[] = [
  // danger now
  { kind: "danger", name: "lost", pattern: / (i'm|im|i am|i got|we're|we are) (so |really )?lost / },
  { kind: "danger", name: "cannot find parent", pattern: / (can't|cant|cannot) find my (mum|mom|mummy|mommy|dad|daddy|parents|grown up|grownup) / },
  { kind: "danger", name: "fire", pattern: / (there's a|there is a) fire |(house|home|kitchen|room) is on fire / },
  { kind: "danger", name: "intruder", pattern: / (someone|somebody|a man|a lady|a stranger) (is )?(in|inside|breaking into) (my|our) (house|home|room|flat) / },
  { kind: "danger", name: "followed", pattern: / (someone|somebody|a man|a stranger) (is )?following me / },
  { kind: "danger", name: "in danger", pattern: / (i'm|im|i am) in danger |call the police |call an ambulance |emergency / },
  // at risk
  {
    kind: "risk",
    name: "self-harm",
    pattern: / (kill|hurt|cut|harm) myself |(want|wanna|going) to die |wish i (was|were) dead |(don't|dont) want to (be alive|live)|end my life /,
  },
  {
    kind: "risk",
    name: "someone hurts me",
    pattern: new RegExp(
      `${NEG} (hits|hit|hitting|kicks|kicked|punches|punched|hurts|hurt|hurting|slaps|slapped|beats|beat|chokes|choked|pinches|burns|burned) me `,
    ),
  },
  { kind: "risk", name: "touching", pattern: / (touches|touched|touching) me | private parts | my privates | touch my (body|bottom|private) / },
  { kind: "risk", name: "abuse", pattern: / abuse| abused | abusing / },
  { kind: "risk", name: "bullying", pattern: / (being |am |i'm |im |get |got )bullied |(bully|bullies|bullying) me / },
  {
    kind: "risk",
    name: "stranger",
    pattern:
      / stranger .*(meet|secret|car|sweets|candy|come with|address|photo|picture)|(meet|secret|car|sweets|candy|come with|address|photo|picture).* stranger /,
  },
  {
    kind: "risk",
    name: "asked to meet",
    pattern:
      / (online|on the internet|in a game|in my game|on my tablet|a man|a lady|someone i don't know|someone i dont know|a grown up i don't know) .*meet|meet me (alone|in secret|without (my|telling))/,
  },
  {
    kind: "risk",
    name: "secret from parents",
    pattern:
      / (told|tells|asked|wants) me (not to|to not|never to) tell| (keep|it's|its|a) (a |our )?secret from (my|your) (mum|mom|dad|parents|teacher|family)| (don't|dont|never) tell your (mum|mom|dad|parents|teacher)/,
  },
  { kind: "risk", name: "personal details asked", pattern: / (asked|asks|wants) (me )?(for )?(my|a) (address|photo|picture|phone number|password) / },
  { kind: "risk", name: "scared at home", pattern: / (scared|afraid) (of|to go) (going )?home / },
  // medicine, illness, injury
  {
    kind: "medical",
    name: "medicine question",
    pattern:
      / (medicine|medication|pills|pill|tablets|tablet|paracetamol|ibuprofen|calpol|vitamins) .*\?|(how much|how many|can i|should i|what|which|is it ok to|give me) .*(medicine|medication|pills|pill|tablets|tablet|paracetamol|ibuprofen|calpol)/,
  },
  {
    kind: "medical",
    name: "feeling ill",
    pattern: / (i'm|im|i am|i feel|i'm feeling|feeling) (really |very |so |a bit |a little )?(sick|ill|poorly|unwell|dizzy)(?! of)/,
  },
  {
    kind: "medical",
    name: "pain",
    pattern:
      / my (tummy|head|ear|tooth|teeth|throat|arm|leg|knee|belly|stomach|back|eye|foot|hand|chest) (hurts|is hurting|aches|is sore|really hurts)| (headache|tummy ache|stomach ache|toothache|earache)/,
  },
  {
    kind: "medical",
    name: "injury",
    pattern:
      / (i'm|im|i am) bleeding | i (cut|hurt|burned|burnt|broke|bumped|sprained) my | (threw up|throwing up|vomit|vomiting) | i have a (fever|temperature|rash|cough)/,
  },
  { kind: "medical", name: "allergy or doctor", pattern: / (i'm|im|i am) allergic |(do i|should i) (need|go to|see) (a|the) doctor / },
];

/** Near-misses that must stay ordinary conversation (kept here so the tests and readers see them). */
export const SAFETY_NEAR_MISSES: readonly string[] = [
  "my dragon is sick of carrots",
  "I'm sick of broccoli",
  "the knight got lost in the forest",
  "I lost my teddy",
  "the dragon hurt his wing and the fairy fixed it",
  "it doesn't hurt me when I fall on the trampoline",
  "my mum is a doctor",
  "we read a book about a brave firefighter",
  "can I tell my mum about our story",
  "the wizard made a magic potion",
  "my favourite game is hide and seek",
  "my friend wants to meet me at the park",
  "don't tell my mum about her birthday surprise",
];

export function checkSafety(text: string): { kind: SafetyKind; trigger: string } | null {
  // keep "?" so a medicine question can be told from "the dragon drank a medicine"
  const norm = `${normalize(text.replace(/\?/g, " qmark ")).replace(/ qmark /g, " ? ")}`;
  for (const t of SAFETY_TRIGGERS) {
    if (t.pattern.test(norm)) return { kind: t.kind, trigger: t.name };
  }
  return null;
}

/** The fixed replies. The second wording is used when Nino just said the first (never twice in a row). */
export const SAFETY_TEXTS: Readonly<Record<SafetyKind, readonly [string, string]>> = {
  danger: [
    "I want you to be safe. Please go to a grown-up you trust right now, like a parent or a teacher. If you are lost, stay where you are and ask someone who works there or a police officer for help. If you are in danger, call your local emergency number straight away.",
    "I'm still here with you. Please find a grown-up you trust right now, like a parent or a teacher. If you are in danger, call your local emergency number straight away.",
  ],
  risk: [
    "Thank you for telling me. What you said is really important, and it is not your fault. Please talk to a grown-up you trust right now, like a parent or a teacher. If you are in danger, call your local emergency number.",
    "I'm still here, and I care about you. Please tell a grown-up you trust right now, like a parent or a teacher. If you are in danger, call your local emergency number.",
  ],
  medical: [
    "That's a question for a grown-up. I can't give advice about medicine, feeling ill or getting hurt. Please tell a grown-up you trust, like a parent or a teacher, right away. They will know what to do.",
    "I'm only a storybook bird, so I can't help with medicine or feeling poorly. Please ask a grown-up you trust, like a parent or a teacher. They will look after you.",
  ],
};

/** The kinds that mean a child may be at risk or in danger: their reply is "the safe reply". */
export function isAtRisk(kind: SafetyKind | null | undefined): kind is "danger" | "risk" {
  return kind === "danger" || kind === "risk";
}

/**
 * The fixed reply for a kind. The safe reply (danger, risk) also names the helpline of the child's
 * market (app/domain/nino/helplines.ts) when the market is known.
 */
export function safetyReply(kind: SafetyKind, lastNinoLine: string | null, market?: string | null): string {
  const [first, second] = SAFETY_TEXTS[kind].map((text) => (isAtRisk(kind) && market ? withHelpline(text, market) : text));
  return lastNinoLine === first ? second : first;
}
