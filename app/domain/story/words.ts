/**
 * What the words children's stories name mean: who a family word is (and the pronoun it takes),
 * which words are sports, which are foods, toys, vehicles, clothes and weather. The writer reads the
 * parent's words with it so a sport stays a sport and Grandma a person.
 */
export type Pronoun = "she" | "he" | "they" | "it";

/** Family and other people words, with the pronoun a reader expects; "they" where it is not known. */
// prettier-ignore
const PEOPLE: Record<string, Pronoun> = {
  sister: "she", sis: "she", brother: "he", bro: "he", twin: "they", cousin: "they", baby: "they", friend: "they", bestie: "they",
  mum: "she", mom: "she", mummy: "she", mommy: "she", mama: "she", mamma: "she", ma: "she", mother: "she", amma: "she", ammi: "she", mami: "she", maman: "she", mutti: "she",
  dad: "he", daddy: "he", dada: "he", papa: "he", pa: "he", father: "he", baba: "he", abba: "he", appa: "he", papi: "he", abbu: "he", pops: "he",
  grandma: "she", granny: "she", grandmother: "she", gran: "she", nan: "she", nana: "she", nanna: "she", nani: "she", dadi: "she", abuela: "she", oma: "she", yiayia: "she", bubbe: "she", babcia: "she", nonna: "she", lola: "she", ammamma: "she", paati: "she", halmeoni: "she", obaachan: "she",
  grandpa: "he", grandad: "he", granddad: "he", grandfather: "he", gramps: "he", grandpop: "he", nanu: "he", dadu: "he", abuelo: "he", opa: "he", papou: "he", zayde: "he", dziadek: "he", nonno: "he", lolo: "he", thatha: "he", harabeoji: "he", ojiichan: "he",
  aunt: "she", auntie: "she", aunty: "she", tia: "she", tante: "she", chachi: "she", masi: "she", bua: "she",
  uncle: "he", tio: "he", onkel: "he", chacha: "he", mamu: "he",
  teacher: "they", neighbour: "they", neighbor: "they", coach: "they", doctor: "they", nurse: "they", classmate: "they", teammate: "they",
  girl: "she", boy: "he", lady: "she", man: "he", woman: "she", king: "he", queen: "she", prince: "he", princess: "she", knight: "they", wizard: "they", witch: "she", fairy: "she", pirate: "they",
};

/** "Dada", "his sister", "Grandma Rose": the pronoun of a family or people word, if it is one. */
export function personWord(word: string): Pronoun | undefined {
  const w = word.toLowerCase();
  return Object.prototype.hasOwnProperty.call(PEOPLE, w) ? PEOPLE[w] : undefined;
}

/** Words that are family: they can stand as a name ("Dada's toolbox", "with Grandma"). */
// prettier-ignore
export const FAMILY_NAMES = new Set(
  "mum mom mummy mommy mama mamma ma mother amma ammi mami maman mutti dad daddy dada papa pa father baba abba appa papi abbu grandma granny grandmother gran nan nana nanna nani dadi abuela oma yiayia bubbe babcia nonna lola paati grandpa grandad granddad grandfather gramps grandpop nanu dadu abuelo opa papou zayde dziadek nonno lolo thatha auntie aunty uncle".split(" "),
);

// prettier-ignore
export const SPORTS = new Set(
  "cricket football soccer rugby tennis basketball baseball netball hockey swimming gymnastics ballet karate judo taekwondo golf badminton volleyball cycling running skating skiing snowboarding surfing climbing dance dancing athletics boxing fencing rowing sailing archery skateboarding horse-riding chess softball lacrosse handball squash ping-pong kabaddi".split(" "),
);

/** Words after a sport that make it the sport ("cricket bat"), not an animal. */
const SPORT_AFTER =
  /^(bats?|balls?|match(es)?|games?|teams?|club|practice|lessons?|kit|pitch|field|court|pool|shoes|boots|gloves|helmet|coach|tournament|trophy|final|season|camp)$/;

/** Is this word, here, a sport? "loves cricket", "cricket practice", "a cricket bat": yes; "a cricket chirped": no. */
export function isSportHere(word: string, before: string | undefined, after: string | undefined): boolean {
  const w = word.toLowerCase();
  if (!SPORTS.has(w)) return false;
  if (after && SPORT_AFTER.test(after.toLowerCase())) return true;
  // an article before the word makes it a thing: "a cricket", "the football" (the ball)
  return !/^(a|an|the|this|that|one|little|tiny|green|brown)$/i.test(before ?? "");
}

// prettier-ignore
export const TOYS = new Set("teddy doll robot kite ball blocks lego puzzle yo-yo train-set dolly puppet plushie teddy-bear action-figure marbles spinning-top jigsaw rocket-ship".split(" "));
