import type { Entity, ThingFn } from "./entities";

/**
 * What kind of help a problem needs, and which things could plausibly give it. A try uses a
 * special element only when it could help with this kind of trouble (a torch for a lost owl, a
 * picnic for a squabble); anything else waits for another page, and the try takes a thing that fits.
 */
export type NeedKind = "home" | "find" | "friend" | "mend" | "tidy" | "sound" | "colour" | "sparkle" | "free" | "fix" | "any";

const HELPS: Record<ThingFn, readonly NeedKind[]> = {
  light: ["home", "find", "colour", "sparkle", "any"],
  way: ["home", "find", "any"],
  far: ["home", "find", "friend", "any"],
  ride: ["home", "find", "friend", "any"],
  up: ["home", "find", "free", "any"],
  read: ["home", "find", "sound", "any"],
  magic: ["home", "find", "friend", "mend", "tidy", "sound", "colour", "sparkle", "free", "fix", "any"],
  open: ["find", "free", "any"],
  carry: ["find", "tidy", "fix", "any"],
  art: ["colour", "find", "friend", "mend", "fix"],
  sound: ["home", "friend", "mend", "sound", "sparkle", "free"],
  cosy: ["friend", "mend", "free", "sparkle"],
  food: ["friend", "mend", "free"],
  tool: ["tidy", "find", "free", "fix", "any"],
  wear: [],
  treasure: ["friend", "sparkle"],
};

/** Things to wear help only in their own way: boots wade through a mess, goggles look underwater, a crown makes a game. */
function wearHelps(e: Entity): readonly NeedKind[] {
  const words = e.a.toLowerCase();
  if (/\b(wellies|wellingtons|boots|raincoat|gloves|apron)\b/.test(words)) return ["tidy"];
  if (/\b(goggles|snorkel|mask|glasses|spectacles)\b/.test(words)) return ["find"];
  if (/\b(crown|tiara|cape|costume|hat|cloak)\b/.test(words)) return ["friend"];
  return [];
}

export function canHelp(e: Entity, need: NeedKind): boolean {
  if (e.kind === "creature" || e.kind === "person") return true;
  if (e.kind === "toy") return need === "friend" || need === "mend" || need === "sparkle";
  if (e.kind === "place") return need !== "mend" && need !== "tidy";
  if (e.fn === "wear") return wearHelps(e).includes(need);
  return HELPS[e.fn ?? "treasure"].includes(need);
}

/** Things anyone might think to try for each kind of trouble, when the story has nothing that fits. */
export const HANDY: Record<NeedKind, readonly string[]> = {
  home: ["a brass telescope", "a ball of red string", "a shiny compass", "a tiny silver whistle", "a little lantern", "a pair of binoculars", "a paper map"],
  find: ["a magnifying glass", "a torch", "a little spade", "a pair of binoculars", "a lantern", "a treasure map", "a fishing net"],
  friend: ["a box of paints", "a little drum", "a basket of strawberries", "a soft blanket", "a bag of biscuits", "a ukulele"],
  mend: ["a basket of strawberries", "a little drum", "a box of crayons", "a picnic blanket", "a tin of biscuits", "a tambourine"],
  tidy: ["a mop", "a wheelbarrow", "a little spade", "a ball of string", "a big bucket", "a sponge"],
  sound: ["a tiny silver whistle", "a little drum", "a book of songs", "a wooden flute", "a tambourine", "a mouth organ"],
  colour: ["a box of paints", "a tin of coloured chalk", "a torch", "a box of crayons", "a jar of glitter", "a set of felt pens"],
  sparkle: ["a jar of stardust", "a little lantern", "a soft blanket", "a tiny silver whistle", "a jar of glitter", "a music box"],
  free: ["a long ladder", "a soft blanket", "a basket of strawberries", "a tiny silver whistle", "a long rope", "a torch"],
  fix: ["a hammer and nails", "a ball of string", "a roll of sticky tape", "a wheelbarrow", "a little saw", "a long rope", "a toolbox"],
  any: ["a magnifying glass", "a torch", "a ball of red string", "a brass telescope"],
};

/** The kind of help a problem in the parent's own words needs, read from its verb phrase. */
export function needFromWords(words: string): NeedKind {
  const w = words.toLowerCase();
  if (/\b(home|back to|way back|nest|mum|mummy|mother|family|flock|parents?)\b/.test(w)) return "home";
  if (/\b(friends? again|make up|stop (fighting|arguing|squabbling)|get along)\b/.test(w)) return "mend";
  if (/\b(friends?|play|lonely|company)\b/.test(w)) return "friend";
  if (/\b(clean|tidy|mess|sweep|clear)\b/.test(w)) return "tidy";
  if (/\b(sing|song|tune|music|ring|voice)\b/.test(w)) return "sound";
  if (/\b(colou?rs?|paint)\b/.test(w)) return "colour";
  if (/\b(sparkle|shine|glow|twinkle|smile|happy|cheer)\b/.test(w)) return "sparkle";
  if (/\b(mend|fix|repair|build|rebuild)\b/.test(w)) return "fix";
  if (/\b(free|escape|out of|unstuck|stuck|down from)\b/.test(w)) return "free";
  if (/\b(find|lost|look for|search|missing)\b/.test(w)) return "find";
  return "any";
}
