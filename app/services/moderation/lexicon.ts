import type { Category } from "./categories";

/**
 * The word lists and phrase rules of the offline moderator. Words are whole tokens after
 * normalisation (so "therapist" never trips "rapist", "Sussex" never trips "sex"); phrases are
 * regular expressions over the normalised text (lower case, one space between tokens, "." at a
 * sentence end). Children's-story words are deliberately absent: dragons, sharks, swords, monsters,
 * ghosts, witches, a pet that died, a pillow fight. Only words with no gentle meaning are listed,
 * and words with both kinds of meaning ("shoot", "torture", "drunk") only in phrases that show the
 * harmful one.
 *
 * The slurs and swear words are stored ROT13-encoded, so this file can be read (and searched)
 * without them jumping out; `rot13` decodes them once when the module loads.
 */

export function rot13(s: string): string {
  return s.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const decode = (encoded: string) => rot13(encoded).split(" ");

export interface LexiconEntry {
  category: Category;
  /** whole tokens */
  words: string[];
  /** a token that starts with one of these */
  prefixes?: string[];
  /** rules over the normalised text */
  phrases?: RegExp[];
  /** the worst words: also caught behind masking stars ("f*ck", "sh**") */
  maskable?: boolean;
}

/**
 * Gentle phrases that contain a listed word, replaced before any rule runs
 * ("killer whale", "shooting star", "root beer", "water gun", "a murder of crows").
 */
export const ALLOWED_PHRASES: [RegExp, string][] = [
  [/\bkiller whales?\b/g, "orca"],
  [/\bshooting stars?\b/g, "star"],
  [/\b(water|bubble|glue|hot glue|nerf|toy|pop|foam|confetti|squirt|staple|paint|snowball|spud) (guns?|pistols?|rifles?|blasters?)\b/g, "toy"],
  [/\b(bath|glitter|seed|confetti|flavou?r|stink|paint|water|cannonball) bombs?\b/g, "toy"],
  [/\bpistol shrimps?\b/g, "shrimp"],
  [/\brifl(e|es|ed|ing) (through|thru)\b/g, "searched through"],
  [/\b(take|took|taking|takes|have|had|having|make|made|making) a stab at\b/g, "try"],
  [/\ba murder of crows\b/g, "a flock of crows"],
  [/\bassassin bugs?\b/g, "bug"],
  [/\bspeed demons?\b/g, "speedy"],
  [/\bcorpse (flowers?|lil(y|ies))\b/g, "flower"],
  [/\bgore tex\b/g, "raincoat"],
  [/\b(root|ginger|butter) beers?\b/g, "soda"],
  [/\bwine gums?\b/g, "sweets"],
  [/\bwine (red|coloured|colored)\b/g, "red"],
  [/\bgin rummy\b/g, "cards"],
  [/\brum (and )?raisin\b/g, "raisin"],
  [/\b(pa )?rum pum\b/g, "pum"],
  [/\brubbing alcohol\b/g, "sanitiser"],
  [/\boilseed rape\b/g, "crop"],
  [/\bspic (and|n) span\b/g, "tidy"],
  [/\bchinks? (of|in)\b/g, "gap $1"],
  [/\b(blue|great|coal|marsh|willow|crested|long tailed|bearded) tits?\b/g, "birds"],
];

const PEOPLE = "(?:him|her|them|me|you|us|people|someone|somebody|everyone|everybody|(?:the|a|an|his|her|their|my|your|our|some|all the) (?:man|men|woman|women|boy|boys|girl|girls|kid|kids|child|children|teacher|teachers|mom|mum|dad|mother|father|baby|babies|dog|cat|police|policeman|soldier|soldiers|person|family|friend|friends|brother|sister|neighbou?r|neighbou?rs|people))";

export const LEXICON: LexiconEntry[] = [
  {
    category: "self-harm",
    words: ["suicide", "suicides", "suicidal", "selfharm", "overdose", "overdosed", "overdosing"],
    phrases: [
      /\bself harm(s|ed|ing)?\b/,
      /\b(kill|kills|killed|killing|hang|hangs|hanged|hanging|harm|harms|harmed|harming|starve|starves|starved|starving|cutting) (my|him|her|them|your|our|one|it) ?sel(f|ves)\b/,
      /\b(cut|cuts|cutting|slit|slits|slitting) (my|his|her|their|your) wrists?\b/,
      /\b(want|wants|wanted|wanting) to die\b/,
      /\b(end|ends|ended|ending|take|takes|took|taking) (my|his|her|their|your) (own )?life\b/,
      /\b(better off dead|not worth living|no reason to live)\b/,
    ],
  },
  {
    category: "sexual",
    words: [
      "sex", "sexy", "sexual", "sexually", "sexting", "porn", "porno", "pornography", "pornographic", "nude", "nudes", "nudity",
      "erotic", "erotica", "orgasm", "orgasms", "penis", "penises", "vagina", "vaginas", "genitals", "genitalia", "boobs", "tits",
      "blowjob", "handjob", "rape", "raped", "rapes", "raping", "rapist", "rapists", "pedophile", "pedophiles", "paedophile",
      "paedophiles", "pedophilia", "paedophilia", "pedo", "paedo", "incest", "prostitute", "prostitutes", "prostitution",
      "stripper", "strippers", "striptease", "fetish", "bdsm", "xxx", "nsfw", "hentai", "onlyfans", "lingerie", "condom", "condoms",
      "viagra",
    ],
    prefixes: ["masturbat", "molest"],
    phrases: [
      /\b(make|makes|made|making) love\b/,
      /\bnaked (wom[ae]n|m[ae]n|girls?|boys?|lad(y|ies)|bod(y|ies)|teachers?|person|people|kids?|child|children|girlfriend|boyfriend)\b/,
      /\b(touch|touches|touched|touching) (his|her|their|my|your) (private|privates|private parts)\b/,
    ],
    maskable: true,
  },
  {
    category: "hate",
    words: decode(
      "avttre avttref avttn avttnf avttnm fnaqavttre snttbg snttbgf snt sntf xvxr xvxrf fcvp fcvpf puvax puvaxf tbbx tbbxf jrgonpx jrgonpxf enturnq enturnqf gbjryurnq gbjryurnqf genaal genaavrf ergneq ergneqf ergneqrq ornare ornaref cnxv cnxvf tbyyvjbt tbyyvjbtf tbyyljbt xnssve xnssvef",
    ),
    phrases: [
      /\bhate (all )?(jews|muslims|christians|hindus|sikhs|buddhists|black people|blacks|white people|whites|asians|gays|gay people|lesbians|immigrants|refugees|mexicans|arabs|chinese people|indians|africans|disabled people|trans people)\b/,
      /\b(jews|muslims|christians|hindus|sikhs|black people|blacks|white people|asians|gays|gay people|immigrants|refugees|mexicans|arabs|africans|disabled people|trans people) (are|r) (all )?(evil|animals|vermin|dirty|filthy|inferior|subhuman|rats|pigs|monkeys|apes|disgusting|a disease)\b/,
      /\b(white power|white supremacy|white supremacist|heil hitler|sieg heil|ku klux klan|kkk|ethnic cleansing|go back to your (own )?country)\b/,
    ],
    maskable: true,
  },
  {
    category: "violence",
    words: [
      "murder", "murders", "murdered", "murderer", "murderers", "murdering", "murderous", "kill", "kills", "killed", "killing",
      "killings", "killer", "killers", "stab", "stabs", "stabbed", "stabbing", "stabbings", "behead", "beheads", "beheaded",
      "beheading", "decapitate", "decapitated", "decapitates", "decapitation", "dismember", "dismembered", "dismembering",
      "massacre", "massacred", "massacres", "slaughter", "slaughtered", "slaughtering", "genocide", "assassin", "assassins",
      "assassinate", "assassinated", "assassination", "strangle", "strangled", "strangles", "strangling", "gun", "guns",
      "gunfire", "gunshot", "gunshots", "gunman", "gunmen", "rifle", "rifles", "pistol", "pistols", "shotgun", "shotguns",
      "revolver", "revolvers", "handgun", "handguns", "grenade", "grenades", "bomb", "bombs", "bombed", "bombing", "bombings",
      "explosives", "terrorist", "terrorists", "terrorism", "bloodbath", "bloodshed", "bloodthirsty", "gore", "gory", "gruesome",
      "mutilate", "mutilated", "mutilation", "disembowel", "disemboweled", "disembowelled", "maim", "maimed", "lynch", "lynched",
      "lynching", "shooter", "shooters", "bloody",
    ],
    phrases: [
      new RegExp(`\\b(shoot|shoots|shot|shooting)( at| down)? ${PEOPLE}\\b`),
      /\b(shot dead|opened fire|open fire|school shooting|mass shooting|drive by shooting|assault rifle|ak 47|machine gun)\b/,
      /\b(beat|beaten|beating|stabbed|shot|burned|burnt|choked|strangled|kicked|crushed|stomped|tortured|hacked|clubbed|bludgeoned|starved|bled|bleed|bleeding|bleeds) to death\b/,
      /\b(beat|beats|beating|beaten) (\w+ )?up\b(?! and down)/,
      /\b(punch|punches|punched|punching|hit|hits|hitting|kick|kicks|kicked|kicking|slap|slaps|slapped|slapping|smack|smacked) (him|her|them|me|you|us|\w+) in the (face|head|stomach|mouth|eye|eyes|teeth|throat)\b/,
      /\b(torture|tortures|tortured|torturing) (him|her|them|me|you|us|the|a|an|animals|people|children|kids|prisoners)\b|\btorture chambers?\b/,
      /\b(pools?|puddles?|river|rivers) of blood\b|\b(covered|soaked|drenched|dripping|splattered) (in|with) blood\b|\bblood (everywhere|splatter\w*|spurt\w*|soaked|gush\w*|pouring)\b|\b(dripping|gushing|spurting|squirting) blood\b/,
      /\b(spill|spilled|spilling|spilt|ripped out|rip out|tore out) (his|her|their|its|the) (guts|brains|entrails|insides)\b/,
      /\bsever(ed|s|ing)? (heads?|arms?|legs?|hands?|fingers?|limbs?)\b|\b(cut|cuts|cutting|slit|slits|slitting) (off )?(his|her|their|its|your|my) (head|throat)\b/,
      /\b(gouge|gouged|gouging) (out )?(his|her|their|its|your|my|the) eyes?\b/,
      /\bchild abuse\b|\b(abuse|abused|abusing) (a |the )?(child|children|kids?|baby|babies)\b/,
      /\b(burn|burned|burnt|burning|bury|buried|burying) (him|her|them|me|you|us|\w+ )?alive\b/,
    ],
  },
  {
    category: "horror",
    words: [
      "zombie", "zombies", "demon", "demons", "demonic", "satan", "satanic", "exorcism", "exorcist", "cannibal", "cannibals",
      "cannibalism", "slasher", "chainsaw", "chainsaws", "corpse", "corpses", "creepypasta",
    ],
    phrases: [
      /\b(eaten|skinned|buried) alive\b/,
      /\b(eat|eats|ate|eating|devour|devours|devoured|devouring) (the |all the |little |naughty )?(children|kids|babies|child|kid|baby|people|humans)\b(?! (cookies?|lunch|food|cake|sandwich|sandwiches|snacks?|dinner|breakfast|candy|sweets|ice cream|porridge|homework|pie|treats?))/,
      /\b(dead bod(y|ies)|horror (movie|movies|film|films|story|stories)|jump scares?|serial killers?)\b/,
    ],
  },
  {
    category: "drugs",
    words: [
      "cocaine", "heroin", "meth", "methamphetamine", "marijuana", "cannabis", "lsd", "mdma", "opioid", "opioids", "opium",
      "fentanyl", "ketamine", "amphetamine", "amphetamines", "narcotic", "narcotics", "beer", "beers", "wine", "wines", "vodka",
      "whisky", "whiskey", "rum", "tequila", "gin", "alcohol", "alcoholic", "booze", "boozy", "drunken", "hangover", "liquor",
      "cigarette", "cigarettes", "cigar", "cigars", "tobacco", "vape", "vapes", "vaping", "ecigarette", "bong",
    ],
    phrases: [
      /\b(smoke|smokes|smoked|smoking) (weed|pot|joints?|crack)\b/,
      /\b(get|gets|got|getting) (high|stoned|wasted|drunk)\b/,
      /\b(was|were|is|are|be|being) drunk\b|\bdrunk (m[ae]n|wom[ae]n|dad|father|mum|mom|mother|uncle|aunt|driver|people|pirates?|sailors?|teacher)\b/,
      /\b(drug dealers?|doing drugs|do drugs|take drugs|taking drugs|took drugs|on drugs|sell drugs|selling drugs|crack cocaine|crystal meth)\b/,
    ],
  },
  {
    category: "profanity",
    words: decode(
      "fuvg fuvgf fuvggl fuvggvat fuvgurnq fuvgurnqf ohyyfuvg ubefrfuvg ovgpu ovgpurf ovgpul phag phagf nffubyr nffubyrf nefrubyr nefrubyrf onfgneq onfgneqf juber juberf fyhg fyhgf fyhggl jnaxre jnaxref gjng gjngf qvpxurnq qvpxurnqf jgs fgsh",
    ),
    prefixes: decode("shpx zbgureshpx"),
    maskable: true,
  },
];
