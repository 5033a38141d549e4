/**
 * Text helpers for the offline writer: keeping the parent's words safe (no markup, no emoji, no
 * control characters, sane length), sentence handling, and the small bits of English grammar the
 * templates need (articles, lists, possessives, plurals, past tense, gerunds).
 */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  rsquo: "'",
  lsquo: "'",
  rdquo: '"',
  ldquo: '"',
  hellip: "...",
  mdash: " - ",
  ndash: "-",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      if (!Number.isFinite(n) || n <= 0 || n > 0x10ffff) return " ";
      return String.fromCodePoint(n);
    }
    const named = ENTITIES[code.toLowerCase()];
    return named ?? whole;
  });
}

function stripTags(text: string): string {
  return text
    .replace(/<(script|style|iframe|object|embed|template|svg|math)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<\/?[a-z!?][^>]*(>|$)/gi, " ");
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200D|\uFE0E|\uFE0F|\u20E3/gu;

/** Control, zero-width and direction-changing characters become spaces. */
function stripInvisible(text: string): string {
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const invisible =
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0xad ||
      (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x2028 && c <= 0x202e) ||
      (c >= 0x2060 && c <= 0x2064) ||
      c === 0xfeff;
    out += invisible ? " " : ch;
  }
  return out;
}

/**
 * The parent's free text made safe to print and to read aloud: markup and its encoded forms are
 * removed (script and style bodies too), Markdown emphasis and links are reduced to their words,
 * URLs, emoji and control characters are dropped, whitespace is collapsed, and the result is cut to
 * `maxLength` at a sentence (or failing that, a word) boundary.
 */
export function cleanText(raw: unknown, maxLength = 600): string {
  if (typeof raw !== "string") return "";
  let s = stripInvisible(raw.normalize("NFC"));
  // Twice: markup may be entity-encoded ("&lt;b&gt;") and must not survive decoding.
  for (let i = 0; i < 2; i++) {
    s = stripTags(s);
    s = decodeEntities(s);
  }
  s = stripTags(s)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/\b(?:javascript|data|vbscript):/gi, " ")
    .replace(/[\u201C\u201D\u201E\u00AB\u00BB]/g, '"')
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u2013\u2014]/g, " - ")
    .replace(/\u2026/g, "...")
    .replace(EMOJI, " ")
    .replace(/[<>{}[\]\\|^~`*_=#$%@]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?=[^\s\d])/g, "$1 ")
    .replace(/([.!?]){2,}/g, (m) => (m.startsWith(".") ? "." : m[0]))
    .replace(/^[\s,.;:!?'"-]+/, "")
    .trim();
  if (s.length > maxLength) s = cutAt(s, maxLength);
  return s;
}

function cutAt(s: string, max: number): string {
  const head = s.slice(0, max + 1);
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  // a whole sentence is better than a fragment, however short
  if (sentenceEnd > 0) return head.slice(0, sentenceEnd + 1).trim();
  const space = head.lastIndexOf(" ", max);
  return (space > max * 0.5 ? head.slice(0, space) : head.slice(0, max)).replace(/[\s,;:-]+$/, "").trim();
}

/** A child's or author's name: letters, marks, apostrophes, hyphens, dots and spaces only. */
export function cleanName(raw: unknown, maxLength = 40): string {
  let s = cleanText(raw, 200)
    .replace(/[^\p{L}\p{M}\p{N}'\- .]/gu, " ")
    .replace(/\d+/g, " ")
    .replace(/\s*-\s*/g, "-")
    .replace(/'+/g, "'")
    .replace(/\s+/g, " ")
    .replace(/^[-'. ]+|[-' ]+$/g, "")
    .trim();
  if (s.length > maxLength) {
    const cut = s.lastIndexOf(" ", maxLength);
    s = (cut > 2 ? s.slice(0, cut) : s.slice(0, maxLength)).replace(/[-'. ]+$/, "");
  }
  // A name typed all in lower case gets its capitals; any other spelling is the family's own.
  if (s && s === s.toLowerCase()) s = s.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  return s;
}

/**
 * Splits text into sentences: after . ! or ? (and any closing quote), unless a lower-case word
 * follows, as in "Look!" said Mia. — the dialogue tag belongs to the same sentence.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?]+["'\u201D\u2019)]*)\s+(?!\p{Ll})/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form a sentence is compared in: lower case, letters and digits only. */
export function normSentence(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Upper-cases the first letter (skipping a leading quote mark). */
export function cap(s: string): string {
  return s.replace(/^(["'\u201C\u2018(]*)(\p{L})/u, (_m, q: string, ch: string) => q + ch.toUpperCase());
}

export function lcFirst(s: string): string {
  return s.replace(/^(\p{L})(?!\p{Lu})/u, (ch) => ch.toLowerCase());
}

// prettier-ignore
const SMALL_WORDS = new Set(["a", "an", "the", "and", "or", "but", "of", "in", "on", "at", "to", "for", "with", "by", "from", "into", "over"]);

export function titleCase(s: string): string {
  let first = true;
  return s.replace(/[\p{L}\p{N}'-]+/gu, (word) => {
    const lower = word.toLowerCase();
    const out = !first && SMALL_WORDS.has(lower) ? lower : word.replace(/^\p{L}/u, (c) => c.toUpperCase());
    first = false;
    return out;
  });
}

/** "a" or "an" for the word that follows. */
export function indefinite(word: string): "a" | "an" {
  const w = word.toLowerCase().replace(/^[^\p{L}\p{N}]+/u, "");
  if (/^(8|11|18|80)/.test(w)) return "an";
  if (/^\d/.test(w)) return "a";
  if (/^(hour|honest|honou?r|heir)/.test(w)) return "an";
  if (/^(uni|use|usu|uto|uku|ute|uten|ura|ure|uri|eu|ewe|one|once|ubiq|ufo)/.test(w)) return "a";
  return /^[aeiou]/.test(w) ? "an" : "a";
}

/** "a, b and c" */
export function joinList(items: readonly string[], conjunction = "and"): string {
  const list = items.filter(Boolean);
  if (list.length <= 1) return list[0] ?? "";
  return `${list.slice(0, -1).join(", ")} ${conjunction} ${list[list.length - 1]}`;
}

export function possessive(name: string): string {
  return /['\u2019]s$/i.test(name) ? name : `${name}'s`;
}

// prettier-ignore
const UNCOUNTABLE = new Set([
  "glitter", "sand", "water", "music", "magic", "snow", "rain", "chocolate", "candy", "treasure", "gold", "paint",
  "slime", "stardust", "fairy dust", "honey", "cake", "ice cream", "jam", "mud", "bread", "popcorn", "lightning",
  "thunder", "fog", "wind", "sunshine", "moonlight", "string", "tape", "glue", "soup", "cheese", "milk", "tea",
]);

export function isUncountable(phrase: string): boolean {
  const lower = phrase.toLowerCase();
  return UNCOUNTABLE.has(lower) || UNCOUNTABLE.has(lower.split(" ").slice(-1)[0]);
}

const NOT_PLURAL = /(ss|us|is|ous|ics|news|glasses|series|species|christmas|cactus|octopus|bus|gas|iris|atlas|lotus|walrus|hippopotamus|platypus|asparagus)$/i;
// prettier-ignore
const PLURAL_WORDS = new Set(["children", "people", "mice", "geese", "teeth", "feet", "sheep", "fish", "deer", "men", "women", "friends", "pyjamas", "pajamas", "trousers", "scissors", "binoculars", "goggles"]);

/** A head noun that reads as plural ("rings", "children"). */
export function isPluralNoun(word: string): boolean {
  const w = word.toLowerCase();
  if (PLURAL_WORDS.has(w)) return w !== "fish" && w !== "sheep" && w !== "deer";
  if (NOT_PLURAL.test(w)) return false;
  return /[^s']s$/.test(w) && w.length > 3;
}

/** The singular of a plural noun, for a single word ("Dinosaurs" -> "Dinosaur"). */
export function singular(word: string): string {
  const lower = word.toLowerCase();
  // prettier-ignore
  const irregular: Record<string, string> = { buses: "bus", gases: "gas", children: "child", people: "person", mice: "mouse", geese: "goose", teeth: "tooth", feet: "foot", men: "man", women: "woman", wolves: "wolf", elves: "elf", knives: "knife", leaves: "leaf", halves: "half", shelves: "shelf", loaves: "loaf", thieves: "thief" };
  const keepCase = (s: string) => (word[0] === word[0].toUpperCase() ? s[0].toUpperCase() + s.slice(1) : s);
  if (irregular[lower]) return keepCase(irregular[lower]);
  if (NOT_PLURAL.test(lower) || !/s$/.test(lower) || lower.length <= 3) return word;
  if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + "y";
  if (/(ss|sh|ch|x|z)es$/.test(lower) || /[^aeiou]oes$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

// ---------------------------------------------------------------- verbs

// prettier-ignore
const IRREGULAR_PAST: Record<string, string> = {
  be: "was", have: "had", do: "did", go: "went", find: "found", build: "built", make: "made", take: "took",
  bring: "brought", buy: "bought", catch: "caught", come: "came", become: "became", dig: "dug", draw: "drew",
  drink: "drank", drive: "drove", eat: "ate", fall: "fell", feel: "felt", fight: "fought", fly: "flew",
  forget: "forgot", get: "got", give: "gave", grow: "grew", hang: "hung", hear: "heard", hide: "hid",
  hold: "held", keep: "kept", know: "knew", lead: "led", leave: "left", lend: "lent", let: "let", lose: "lost",
  meet: "met", put: "put", read: "read", ride: "rode", ring: "rang", rise: "rose", run: "ran", say: "said",
  see: "saw", seek: "sought", sell: "sold", send: "sent", set: "set", shake: "shook", shine: "shone",
  shoot: "shot", sing: "sang", sink: "sank", sit: "sat", sleep: "slept", slide: "slid", speak: "spoke",
  spend: "spent", spin: "spun", stand: "stood", steal: "stole", stick: "stuck", swim: "swam", swing: "swung",
  teach: "taught", tell: "told", think: "thought", throw: "threw", understand: "understood", wake: "woke",
  wear: "wore", win: "won", write: "wrote", blow: "blew", bite: "bit", break: "broke", choose: "chose",
  cut: "cut", freeze: "froze", hit: "hit", hurt: "hurt", light: "lit", mean: "meant", pay: "paid", quit: "quit",
  shut: "shut", sweep: "swept", feed: "fed", flee: "fled", forgive: "forgave", overcome: "overcame",
  can: "could", will: "would", shall: "should", may: "might", must: "had to", begin: "began", bake: "baked",
  creep: "crept", dive: "dived", bend: "bent", bleed: "bled", fit: "fitted", lie: "lay", sew: "sewed",
  stink: "stank", strike: "struck", tear: "tore", weave: "wove", wind: "wound",
};

// prettier-ignore
const IRREGULAR_THIRD: Record<string, string> = { is: "be", are: "be", am: "be", has: "have", does: "do", goes: "go", can: "can", will: "will", may: "may", must: "must", shall: "shall" };

/** Verbs the premise reader may meet; any of them (or their -s forms) can be moved into the past. */
// prettier-ignore
const KNOWN_VERBS = new Set([
  ...Object.keys(IRREGULAR_PAST),
  "find", "follow", "help", "visit", "discover", "explore", "learn", "play", "fly", "climb", "jump", "dance", "paint",
  "save", "rescue", "look", "search", "share", "clean", "fix", "plan", "open", "travel", "sail", "walk", "ask", "try",
  "chase", "plant", "cook", "join", "start", "finish", "celebrate", "hug", "love", "like", "want", "need", "wish",
  "dream", "hope", "remember", "collect", "count", "turn", "return", "enter", "cross", "reach", "solve", "sneak",
  "whisper", "shout", "laugh", "smile", "wonder", "imagine", "invent", "create", "decorate", "slide", "skate", "ski",
  "surf", "camp", "pick", "carry", "lift", "push", "pull", "kick", "float", "zoom", "land", "launch", "befriend",
  "adopt", "name", "move", "stay", "live", "arrive", "prepare", "show", "guide", "protect", "free", "unlock", "close",
  "stop", "spot", "notice", "gather", "organise", "organize", "host", "bounce", "race", "hop", "skip", "tidy",
  "mend", "repair", "bake", "welcome", "cheer", "listen", "wait", "watch", "wander", "journey", "scoop", "splash",
  "roar", "stomp", "tiptoe", "waddle", "wiggle", "giggle", "tickle", "cuddle", "comfort", "teach", "train",
  "practise", "practice", "enjoy", "hatch", "rescue", "return", "bring", "escape", "rush", "hurry", "wave", "greet",
  "introduce", "invite", "belong", "care", "miss", "worry", "feel", "become", "stumble", "tumble", "peek", "wade",
  "snorkel", "paddle", "row", "steer", "drive", "pilot", "orbit", "blast", "beam", "glow", "sparkle", "shine",
  "lose", "grow", "spend", "decide", "agree", "promise", "believe", "pretend", "hide", "seek", "fetch", "deliver",
  "mail", "post", "record", "film", "photograph", "sketch", "doodle", "build", "design", "knit", "sew", "bake",
  "visit", "rebuild", "replant", "restore", "return", "keep", "learn", "relearn", "answer", "forget",
  "score", "fish", "knock", "drop", "smash", "crash", "spill", "pop", "wobble", "trip", "slip", "apologise", "apologize",
  "thank", "kiss", "pack", "unpack", "wrap", "unwrap", "mix", "stir", "pour", "taste", "smell", "brush", "wash", "water",
  "pet", "stroke", "pedal", "shop", "cry", "scream", "yell", "nap", "rest", "crawl", "roll", "throw", "bounce", "argue",
  "squabble", "tease", "grab", "snatch", "hunt", "scare", "frighten", "lick", "chew", "munch", "sniff", "bark", "purr",
  "wag", "hatch", "bloom", "sprout", "cheer", "clap", "tap", "ring", "knit", "glue", "tape", "sail", "cycle", "practise",
  "call", "melt", "snow", "rain", "trot", "gallop", "graze", "scrape", "pop", "sparkle", "decorate", "sell", "jump", "hop", "dig",
]);

const PREFIXES = ["over", "under", "out", "re", "un", "mis"];

function irregularPast(base: string): string | undefined {
  if (IRREGULAR_PAST[base]) return IRREGULAR_PAST[base];
  for (const p of PREFIXES) {
    if (base.startsWith(p) && base.length > p.length + 2) {
      const rest = base.slice(p.length);
      if (IRREGULAR_PAST[rest] && !["can", "will", "may", "must", "shall", "be"].includes(rest)) return p + IRREGULAR_PAST[rest];
    }
  }
  return undefined;
}

function isShortCvc(base: string): boolean {
  return /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base) && base.length <= 4;
}

/** The base form of a third-person verb ("finds" -> "find"), or undefined if it does not look like one. */
export function baseOfThird(word: string): string | undefined {
  const w = word.toLowerCase();
  if (IRREGULAR_THIRD[w]) return IRREGULAR_THIRD[w];
  if (!/s$/.test(w) || /ss$/.test(w) || w.length < 3) return undefined;
  if (/[^aeiou]ies$/.test(w) && w.length > 4) return w.slice(0, -3) + "y";
  if (/(ss|sh|ch|x|zz|[^aeiou]o)es$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

export function isKnownVerb(base: string): boolean {
  const b = base.toLowerCase();
  if (KNOWN_VERBS.has(b)) return true;
  return PREFIXES.some((p) => b.startsWith(p) && KNOWN_VERBS.has(b.slice(p.length)) && b.length > p.length + 2);
}

/** The simple past of a base verb ("find" -> "found", "plan" -> "planned", "tidy" -> "tidied"). */
export function pastOf(base: string): string {
  const b = base.toLowerCase();
  const irregular = irregularPast(b);
  if (irregular) return irregular;
  if (/e$/.test(b)) return b + "d";
  if (/[^aeiou]y$/.test(b)) return b.slice(0, -1) + "ied";
  if (isShortCvc(b)) return b + b.slice(-1) + "ed";
  return b + "ed";
}

/** The -ing form of a base verb ("dance" -> "dancing", "swim" -> "swimming"). */
export function gerundOf(base: string): string {
  const b = base.toLowerCase();
  if (b === "be") return "being";
  if (/ie$/.test(b)) return b.slice(0, -2) + "ying";
  if (/(ee|ye|oe)$/.test(b)) return b + "ing";
  if (/[^aeiou]e$/.test(b) || /ue$/.test(b)) return b.slice(0, -1) + "ing";
  if (isShortCvc(b)) return b + b.slice(-1) + "ing";
  return b + "ing";
}

// ---------------------------------------------------------------- typography

/** Straight quotes to typographic ones, for the printed page. */
export function smartQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{\u2014-])"/g, "$1\u201C")
    .replace(/"/g, "\u201D")
    .replace(/(^|[\s([{\u2014-])'/g, "$1\u2018")
    .replace(/'/g, "\u2019");
}

export function endWithStop(s: string): string {
  const t = s.trim();
  if (!t) return t;
  return /[.!?]["'\u201D\u2019)]*$/.test(t) ? t : `${t}.`;
}
