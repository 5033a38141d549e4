import type { FamilyMentions } from "../detect";
import { capitalize, normalize, NUMBER_WORDS } from "../text";
import { knownPets, union, type ConversationState } from "./state";
import type { Ctx } from "./turn";

/** The child's own name, age, family and pets, from "my name is ...", "I'm 6", "my sister Mia". */
export function learnAboutChild(s: ConversationState, text: string, family: FamilyMentions, ctx: Ctx): ConversationState {
  const norm = normalize(text);
  const nameMatch = /(?:^| )(?:my name is|my name's|call me) ([\p{L}][\p{L}'-]{0,29})(?: |$)/u.exec(norm);
  if (nameMatch && !["not", "a", "the"].includes(nameMatch[1])) {
    const childName = capitalize(nameMatch[1]);
    s = { ...s, childName };
    ctx.patch.name = childName;
  }
  const ageMatch = /(?:^| )(?:i'm|im|i am) (\d{1,2}|[a-z]+)(?: years? old| and a half)?(?: |$)/.exec(norm);
  if (ageMatch && norm.trim().split(" ").length <= 8) {
    const age = /^\d+$/.test(ageMatch[1]) ? Number(ageMatch[1]) : NUMBER_WORDS[ageMatch[1]];
    if (age !== undefined && age >= 1 && age <= 17) {
      s = { ...s, age };
      ctx.patch.age = age;
    }
  }
  const fam = s.preferences.family;
  const siblings = union(fam.siblings, family.siblings).slice(-20);
  const parents = union(fam.parents, family.parents).slice(-20);
  const pets = union(fam.pets, family.pets).slice(-20);
  const newSiblings = family.siblings.filter((x) => !union(fam.siblings, ctx.deps.memory.siblings).some((y) => y.toLowerCase() === x.toLowerCase()));
  const newParents = family.parents.filter((x) => !union(fam.parents, ctx.deps.memory.parents).some((y) => y.toLowerCase() === x.toLowerCase()));
  const newPets = family.pets.filter((x) => !union(fam.pets, ctx.deps.memory.pets).some((y) => y.toLowerCase() === x.toLowerCase()));
  if (newSiblings.length) ctx.patch.siblings = newSiblings;
  if (newParents.length) ctx.patch.parents = newParents;
  if (newPets.length) ctx.patch.pets = newPets;
  ctx.pets = union(family.pets, knownPets({ ...s, preferences: { ...s.preferences, family: { siblings, parents, pets } } }, ctx.deps.memory)).filter(
    (p) => !p.startsWith("a "),
  );
  return { ...s, preferences: { ...s.preferences, family: { siblings, parents, pets } } };
}
