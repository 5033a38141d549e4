import { personWord } from "../../words";
import { kindOfHead } from "../entities";
import { joinList } from "../text";
import type { Actor, Context } from "./read";

/** Who a clause's subject is: its names, or its pronoun resolved from what came before. */
const SUBJECT_PRONOUNS = /^(he|she|they|we|it)$/i;

/** The actors a subject names: pronouns resolved to the last subject, names to the actors. */
export function subjectActors(subject: string, hero: Actor, actors: Actor[], context: Context, family: string | undefined): Actor[] {
  const s = subject.trim();
  const last = context.last;
  if (/^they$/i.test(s)) {
    if (last.length > 1) return last;
    if (context.plural) return subjectActors(context.plural, hero, actors, { ...context, plural: undefined }, family);
    const person = context.person ?? actors.find((a) => a.kind === "person" && a !== hero);
    return person ? [hero, person] : [hero];
  }
  // "a new baby sister called Ruby" is Ruby
  const called = /^(?:a|an|the|his|her|their)\s+(?:[\p{Ll}-]+\s+){0,3}(?:called|named)\s+(\p{Lu}[\p{L}'-]+)$/iu.exec(s);
  if (called && actors.some((a) => a.name === called[1])) return [actors.find((a) => a.name === called[1])!];
  const named = /^the [\p{Ll}-]+,\s*(\p{Lu}[\p{L}'-]+),?$/u.exec(s);
  if (named && actors.some((a) => a.name === named[1])) return [actors.find((a) => a.name === named[1])!];
  if (/^we( all| both| two| three)?$/i.test(s)) {
    const fam = actors.find((a) => a.kind === "person" && a.name === family);
    return [
      hero,
      fam ?? {
        name: `${hero.pronoun === "she" ? "her" : hero.pronoun === "he" ? "his" : "their"} family`,
        first: "the family",
        kind: "someone",
        pronoun: "they",
        named: false,
        plural: true,
      },
    ];
  }
  if (/^(he|she)$/i.test(s))
    return [
      last.find((a) => a.pronoun === s.toLowerCase()) ??
        (hero.pronoun === s.toLowerCase() ? hero : (actors.find((a) => a.pronoun === s.toLowerCase()) ?? hero)),
    ];
  if (/^it$/i.test(s)) return [last.find((a) => a.pronoun === "it") ?? actors.find((a) => a.kind === "thing") ?? hero];
  const parts = s.split(/\s*,\s*|\s+and\s+/).filter(Boolean);
  const out: Actor[] = [];
  for (const p of parts) {
    const core = p.replace(/^(the|a|an|his|her|their|our)\s+/i, "");
    const byName = actors.find(
      (a) => new RegExp(`\\b${a.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i").test(p) || a.first.toLowerCase() === p.toLowerCase(),
    );
    if (byName) out.push(byName);
    else if (/^(everyone|everybody|the (whole )?(class|family|team))$/i.test(p))
      out.push({ name: p.toLowerCase(), first: p.toLowerCase(), kind: "someone", pronoun: "they", named: false, plural: true });
    else if (core) {
      const head = core.split(" ").pop()!.toLowerCase();
      const kind = kindOfHead(head, core.toLowerCase());
      const a: Actor = {
        name: `the ${core}`,
        first: /^(the|a|an|his|her|their|our)\s/i.test(p) ? p : `the ${core}`,
        kind: kind === "person" ? "person" : kind === "creature" ? "animal" : "thing",
        pronoun: kind === "person" ? (personWord(head) ?? "they") : "it",
        role: head,
        named: false,
        plural: /s$/.test(head) && !/ss$/.test(head),
      };
      actors.push(a);
      out.push(a);
    }
  }
  return out;
}

/** The subject as the book says it: pronouns become names, so an event stands on its own page. */
export function subjectPhrase(subject: string, who: Actor[], hero: Actor): string {
  if (SUBJECT_PRONOUNS.test(subject.trim())) {
    const names = who.map((a) => (a === hero ? a.name : a.name));
    return joinList(names);
  }
  return subject;
}
