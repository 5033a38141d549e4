import type { LexiconEntry } from "./lexicon";

/**
 * The rules for what people write to each other (comments, and what a child says to Nino):
 * insults and bullying, threats, and an adult luring a child away. They run over the normalised
 * text (lower case, apostrophes dropped: "you're" is "youre", "I'll" is "ill"; "." ends a
 * sentence). An insult is a word aimed at someone ("you idiot", "your kid is ugly", "this book is
 * rubbish") or a comment made of nothing else ("LOSER!!!"); the same words about a situation ("it's
 * stupid that we live so far away") or oneself ("I'm so stupid, I forgot the book") are not.
 */

const alt = (words: string[]) => `(?:${words.join("|")})`;

/** Words that insult a person whatever the sentence ("idiot", "loser"). */
const STRONG_NOUNS = [
  "idiots?",
  "idiotic",
  "morons?",
  "moronic",
  "imbeciles?",
  "cretins?",
  "halfwits?",
  "nitwits?",
  "dimwits?",
  "losers?",
  "dumbass(?:es)?",
  "fatty",
  "fatso",
  "crybab(?:y|ies)",
  "weirdos?",
  "dorks?",
  "freaks?",
  "brats?",
  "nerds?",
  "disgrace",
  "slobs?",
];
/** Nouns that insult only when said of someone ("you pig", "you're a liar"): a pig in a farm story is a pig. */
const NOUNS = [...STRONG_NOUNS, "pigs?", "cows?", "liars?", "failures?", "jokes?", "embarrassment"];
/** Adjectives that insult a person or their work whoever the subject ("this book is rubbish", "Leo is stupid"). */
const STRONG_ADJECTIVES = [
  "stupid",
  "stupidest",
  "stoopid",
  "dumb",
  "dumbest",
  "pathetic",
  "worthless",
  "useless",
  "rubbish",
  "trash",
  "trashy",
  "garbage",
  "crap",
  "crappy",
  "cringe",
  "cringey",
  "disgusting",
];
/** Adjectives that insult when said of a person or their work, not of a cat ("the cat is so fat"). */
const PERSONAL_ADJECTIVES = ["ugly", "ugliest", "fat", "hideous", "boring", "lame", "annoying"];
const ADJECTIVES = [...STRONG_ADJECTIVES, ...PERSONAL_ADJECTIVES];

/** The whole words of the insults, for joining split halves ("du mb") back together. */
export const INSULT_WORDS = [
  "idiot",
  "moron",
  "imbecile",
  "cretin",
  "halfwit",
  "nitwit",
  "loser",
  "stupid",
  "dumb",
  "ugly",
  "pathetic",
  "useless",
  "worthless",
];

const YOU = "(?:you|u|ya|yu)";
const YOU_ARE = "(?:youre|you are|your|ur|u r|u are|you r|yu r|you look|u look|you sound|you seem)";
/** "so", "such a", "a big" ... between "you are" and the insult. */
const FILLER = "(?:(?:so|such|too|really|very|totally|a|an|the|just|complete|total|utter|absolute|big|little|massive|proper|bloody|ugly|stupid|dumb) )*";
/** Whom or what an insult is about: a person, their family or their work. */
const TARGET =
  "(?:kid|kids|child|children|girl|girls|boy|boys|baby|son|daughter|brother|sister|mum|mom|mummy|mommy|dad|daddy|mother|father|family|parents|book|books|story|stories|writing|drawings?|pictures?|effort|attempt|author|writer|thing)";
/** Who an unkind adjective may be said of: a person or their work ("he is ugly"; "the cat is fat" is a cat). */
const SUBJECT = `(?:${TARGET}|he|she|they|him|her)`;
const NOUN = alt(NOUNS);
const STANDALONE = alt([...STRONG_NOUNS, ...ADJECTIVES]);
/** What may stand beside a lone insult: "shut up", "get lost", "who cares", "spoilt". */
const STANDALONE_FILLER = `(?:${STANDALONE}|you|u|ya|what|a|an|such|so|total|utter|lol|haha|ha|shut|up|get|lost|go|away|who|cares|spoilt|spoiled|little|big|\\.)`;
const INSULT = `(?:${NOUN}|${alt(ADJECTIVES)})`;
/** "a big fat kiss" is love, not an insult. */
const NOT_AFFECTION = "(?! (?:hugs?|kiss(?:es)?|cuddles?|squeezes?|smooch(?:es)?|thanks?|thank|congrat\\w*|love|well done|high fives?|cheers?)\\b)";
/** About a situation, not a person: "stupid that", "rubbish at", "boring when". */
const NOT_SITUATION = "(?! (?:that|when|how|to|at|of|if|because|we|i)\\b)";

/** A harmful act done to someone: the verbs of a threat ("hit you up" is a call, "beat you at chess" a game). */
const HARM =
  "(?:kill|murder|hurt|harm|punch|kick|slap|smack|hit(?! (?:you|u|ya|me) up)|beat|stab|shoot|strangle|choke|smash|batter|burn|attack|bash|thump|break|drown|poison)";
/** Whom a threat is aimed at. */
const VICTIM = `(?:${YOU}|yourself|urself|your \\w+|ur \\w+|that (?:kid|child|boy|girl|brat|baby))`;
/** Not a threat after all: "beat you at snap", "drown you in kisses", "kill you with kindness". */
const NOT_PLAY = "(?! (?:at|in (?:a|the) (?:game|race|match))\\b| (?:in|with) (?:kisses|hugs|cuddles|love|snuggles|tickles|kindness|compliments)\\b)";
/** Who says they will do it. */
const WILL =
  "(?:i will|ill|i wil|im going to|im gonna|i am going to|i am gonna|im gunna|gonna|gunna|going to|i want to|i wanna|i would love to|id love to|id like to|i could|let me|someone should|somebody should|someone needs to|somebody needs to|someone ought to|i should|i swear ill|and|then|or)";

export const SOCIAL_LEXICON: LexiconEntry[] = [
  {
    category: "insult",
    words: [],
    phrases: [
      // "you idiot", "you stupid idiot", "you pig" (no article: "tell you a joke" is a joke)
      new RegExp(`\\b${YOU} (?:(?:stupid|dumb|ugly|fat|big|little|filthy) )*${NOUN}\\b`),
      // "you are so stupid", "ur a loser", "you look like a pig", "you're too dumb to write"
      new RegExp(`\\b${YOU_ARE} (?:like )?${FILLER}(?:fat )?${INSULT}\\b${NOT_AFFECTION}`),
      // "Leo is an idiot", "this book is rubbish", "the story was so dumb", "your kid is ugly"
      new RegExp(
        `\\b\\w+ (?:is|are|was|were|looks?|sounds?|seems?) (?:like )?${FILLER}(?:${NOUN}|${alt(STRONG_ADJECTIVES)})\\b${NOT_SITUATION}${NOT_AFFECTION}`,
      ),
      new RegExp(`\\b${SUBJECT} (?:is|are|was|were|looks?|sounds?|seems?) (?:like )?${FILLER}${alt(PERSONAL_ADJECTIVES)}\\b${NOT_SITUATION}`),
      new RegExp(`\\b(?:this|that|its|it) (?:is |was |s )?${FILLER}${alt(STRONG_ADJECTIVES)}\\b${NOT_SITUATION}${NOT_AFFECTION}`),
      // "stupid kid", "a crappy book", "pathetic effort", "ugly baby" ("a big fat book" is a long one)
      new RegExp(`\\b${alt(ADJECTIVES.filter((a) => a !== "fat"))} (?:\\w+ )?${TARGET}\\b`),
      new RegExp(`\\bwhat (?:a|an) ${FILLER}${INSULT}\\b${NOT_AFFECTION}`),
      // a comment made of nothing but insults: "idiot", "LOSER!!!", "shut up loser", "get lost, idiot"
      new RegExp(`^ ?(?:${STANDALONE_FILLER} )*${STANDALONE}(?: (?:${STANDALONE}|lol|haha|ha|\\.))* ?$`),
      // "fat kid", "fat pig"; "a load of rubbish"; "so lame, just like you"
      /\bfat (kid|kids|girl|girls|boy|boys|child|children|pig|pigs|cow|slob|lump)\b|\bload of (rubbish|garbage|crap|trash|tosh|drivel|nonsense)\b/,
      new RegExp(`\\b${INSULT}\\b.*\\b(?:just|exactly) like (?:you|u|ya|your \\w+)\\b`),
      // bullying: nobody likes you, everyone hates you, you suck, go cry to your mummy, give up
      /\b(nobody|no one|noone|no body) (\w+ )?(likes?|loves?|wants?|cares? about|believes?|asked|would ever love|will ever love) (you|u|ya|your|ur|to (read|see|play))\b(?! (more|like|as|better)\b)/,
      /\b(everyone|everybody|we all|all of us|the whole \w+) (\w+ )?(hates?|laughs? at|despises?) (you|u|ya|your|ur)\b/,
      /\b(no one|nobody|no body|noone) (will|would|could) ever (like|love|want|read)\b|\bnobody cares\b/,
      new RegExp(`\\b(?:${YOU}|this|it|that|book|story|kid|writing) (?:\\w+ )?(?:sucks?|stinks?)\\b(?! (?:that|when|how|because)\\b)`),
      // "idiots like you", "... and so do you", "shame on you", "get a life", "shut your mouth"
      new RegExp(`\\b${NOUN} like (?:you|u|ya)\\b|\\band so (?:do|are|r|is) (?:you|u|ya|your \\w+)\\b`),
      /\b(you|u) should be ashamed\b|\bshame on (you|u)\b|\bget a life\b|\bshut (your|ur) (mouth|face|gob|trap)\b/,
      /\b(i|we) (really )?(hate|detest|despise) (you|u|ya|your|ur|people like you)\b/,
      /\bwaste of (space|oxygen|air)\b|\b(total|complete|utter|a|such a|this is a|what a) waste of (time|paper|money)\b/,
      /\b(you|u|ya) (disgust|sicken) (me|us)\b|\b(you|u) (stink|smell|reek)\b(?! (like|of|nice|lovely|good|great|amazing))/,
      /\b(you|u) (cant|cannot|can not) (even )?(write|draw|spell|read|do anything)\b/,
      /\b(just|should|better) give up\b|\bgo (cry|cry to)\b/,
      /\b(this|that|it) (is|was) (the|such a) worst( (book|story|thing))?( ever)?( \.| ?$)|\bworst (book|story|writer|author|thing)\b/,
    ],
    // a name said to be ugly: a capital tells it from "the cat is so fat"
    raw: [new RegExp(`\\b\\p{Lu}\\p{Ll}+ (?:is|was|looks) (?:so |really |very |an? )*${alt(PERSONAL_ADJECTIVES)}\\b`, "u")],
    maskable: true,
  },
  {
    category: "threat",
    words: ["kys"],
    phrases: [
      // "I'll kill you", "I'm going to punch your face in", "someone should slap that kid", "and beat you up"
      new RegExp(`\\b${WILL} (?:\\w+ )?${HARM}(?:s|ed|ing)? ${VICTIM}${NOT_PLAY}`),
      /\b(kill|hang|off) (your ?self|urself|ur self|yourselves)\b|\b(go|just|should|pls|please) (hurt|harm|cut) (your ?self|urself)\b/,
      /\b(i|we) (know|will find|ll find|can find|found) (out )?where (you|u|ya|your \w+|ur \w+) (live|lives|go|goes|sleep|sleeps|are)\b/,
      /\b(go )?jump off a (bridge|cliff|roof)\b/,
      /\bwatch (your|ur|yer) back\b|\bdrop dead\b(?! (gorgeous|beautiful|lovely|cute|handsome|funny)\b)/,
      /\b(youre|you are|ur|u r) (so |all |gonna be |going to be )?dead( meat)?\b(?! (cute|good|right|clever|funny|lovely|proud|chuffed|excited)\b)/,
      /\b(you|u)( will|ll| are going to|re going to|re gonna| are gonna| gonna) (pay(?! (me|us|back)\b)|regret|be sorry)\b|\b(youre|you are|ur|u r) (gonna|going to) get it\b/,
      /\b(im|i am) coming (for|to get) (you|u|ya)\b|\b(i|ill|i will|im going to|gonna|i am going to) make (you|u) (cry|bleed|suffer|pay|regret)\b/,
      /\bhope (you|u|ya|your \w+|ur \w+) (die|dies|rot|rots|suffer|suffers|drown|drowns|choke|chokes)\b/,
      /\bhope (you|u|ya|your \w+|ur \w+) (get|gets|got) (hurt|hit|killed|run over|beaten|stabbed|shot|sick|cancer)\b/,
      /\b(go|just|pls|please|plz|u should|you should|should) (die|d1e)\b|^ ?die( \.)? ?$/,
      /\bdeserves? (a )?(beating|slap|smack|punch|kicking|hiding|to die|to be hit|to get hurt)\b/,
    ],
  },
  {
    category: "grooming",
    words: [],
    phrases: [
      // contact away from the family's eyes: "dm me", "add me on snapchat", "message me privately"
      /\b(dm|pm|inbox|snap) me\b|\bmessage me (privately|in private)\b|\badd me on (snap|snapchat|insta|instagram|whatsapp|kik|discord|tiktok)\b/,
      /\b(are you|r u|are u) (home )?alone\b|\bwhere do (you|u) live\b|\bwhat school do (you|u) go to\b/,
      /\b(send|give|tell) me (your|ur) (address|number|phone number|location|school)\b/,
      /\bcome alone\b|\bmeet (me )?alone\b|\bwithout (your|ur) (parents|mum|mom|mummy|mommy|dad|daddy|mother|father)\b/,
      // secrets kept from parents, with contact or pictures
      /\b(our|a) (little )?secret\b.*\b(message|send|pics?|photos?|meet|dm|snap|kiss|touch|text)\b|\b(message|send|pics?|photos?|meet|dm|kiss|touch)\b.*\b(our|a) (little )?secret\b/,
      /\bdont tell (your|ur|anyone|any one|nobody|mum|mom|dad|parents)\b.*\b(talking to me|message|send|pics?|photos?|meet|dm|kiss|touch|lips)\b|\b(pics?|photos?|lips|touch)\b.*\bdont tell\b/,
    ],
  },
  {
    category: "sexual",
    words: [],
    phrases: [
      /\bx{3,} (videos?|vids?|movies?|films?|sites?|pics?|pictures?|photos?|rated|content|chat|cams?)\b|\brated x+\b/,
      /\b(hot|sexy) (babe|baby|girl|girls|boy|boys|chick|mama|mommy)\b|\b(youre|you are|ur|u r) (so |really |very )?(hot|sexy)\b/,
      /\b(pics?|pictures?|photos?|selfies?|vids?|videos?) of (you|u|yourself) (in (your|ur) (pyjamas|pajamas|underwear|knickers|pants|bed|bath|swimsuit|bikini)|naked|undressed|without)\b/,
      /\b(show|send) (me )?(your|ur) (body|boobs|bum|butt|privates|chest)\b|\btake (your|ur) (clothes|top|pants|shirt) off\b|\btake off (your|ur) (clothes|top|pants)\b/,
      /\b(want|wanna|like|love|going) to touch (you|u|your|ur)\b|\bhook ?up\b/,
    ],
  },
];
