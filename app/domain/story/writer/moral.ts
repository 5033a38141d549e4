import type { Ctx } from "./ctx";
import type { Hero } from "./hero";
import { GENERAL, SPECS, type MoralSpec } from "./lessons";
import { baseOfThird, cap, cleanText, endWithStop, isKnownVerb, lcFirst } from "./text";

export type { MoralKey } from "./lessons";

/**
 * The moral the parent wrote, read into one of a few lessons a story can act out (the last try
 * fails for want of it, the turn is the child finding it, the resolution is it at work), plus the
 * parent's own words, landed on the closing page in frames that fit whatever form they took.
 */
export interface Moral {
  spec: MoralSpec;
  /** the parent's words, cleaned; may be empty */
  text: string;
  form: "declarative" | "imperative" | "phrase" | "none";
}

const COMMON_START = new Set(
  (
    "being be always never it its it's kindness sharing friends friendship everyone everybody we you the a an when if even " +
    "don't do true honesty listening helping trying patience curiosity things good love there every no nobody all sometimes our " +
    "your small big mistakes asking courage bravery telling saying working taking looking caring learning giving making doing " +
    "little one some each real those people family home together kind brave honest anyone someone nothing hard practice that's " +
    "there's what how who why kind-hearted happiness sorry thank thanks grateful gratitude true friends teamwork"
  ).split(" "),
);

const IMPERATIVE_START = new Set(
  (
    "be always never don't do share tell listen try help say treat believe keep take remember love give stay think look ask " +
    "respect follow use let make stop put learn work play smile accept dream forgive practice practise speak care clean eat " +
    "brush wait count include notice enjoy trust hold protect save"
  ).split(" "),
);

export function readMoral(raw: string): Moral {
  const text = cleanText(raw, 240).replace(/^["']+|["']+$/g, "");
  const lower = text.toLowerCase();
  let best: { spec: MoralSpec; at: number } | undefined;
  for (const spec of SPECS) {
    const m = spec.match ? spec.match.exec(lower) : null;
    if (m && (!best || m.index < best.at)) best = { spec, at: m.index };
  }
  const words = lower.split(/[\s,.;:!?]+/).filter(Boolean);
  const first = words[0] ?? "";
  const hasVerb = words
    .slice(1)
    .some((w) => /^(is|are|was|were|can|will|should|must|means|makes)$/.test(w) || isKnownVerb(w) || isKnownVerb(baseOfThird(w) ?? ""));
  let form: Moral["form"] = "none";
  if (text) {
    if (IMPERATIVE_START.has(first)) form = "imperative";
    else if (words.length <= 4 && !hasVerb) form = "phrase";
    else form = "declarative";
  }
  return { spec: best?.spec ?? GENERAL, text, form };
}

/** The parent's moral with its first letter lowered when it is safe to continue a sentence with it. */
function continued(text: string, name: string): string {
  const first = text.split(/[\s,]+/)[0] ?? "";
  if (first === name || first === "I" || /^I'/.test(first)) return text;
  return COMMON_START.has(first.toLowerCase()) ? lcFirst(text) : text;
}

/** "Always tell the truth." -> "to always tell the truth"; "Don't give up." -> "not to give up" */
function toInfinitive(text: string, h: Hero): string | undefined {
  const first = /^[^.!?]+/.exec(text)?.[0] ?? text;
  let s = first.trim().replace(/[.!]+$/, "");
  s = s.replace(/\byourself\b/gi, h.himself).replace(/\byour\b/gi, h.his);
  if (/\byou\b/i.test(s)) return undefined;
  if (/^(don't|do not)\s+/i.test(s)) return `not to ${s.replace(/^(don't|do not)\s+/i, "")}`;
  if (/^never\s+/i.test(s)) return `never to ${s.replace(/^never\s+/i, "")}`;
  return `to ${lcFirst(s)}`;
}

/** The parent's words, in frames that land them on the closing page. */
export function landings(m: Moral, c: Ctx): string[] {
  const name = c.h.name;
  if (!m.text) return [];
  const whole = endWithStop(m.text);
  const body = continued(whole, name);
  if (c.band === "tiny") {
    // "Include everyone in your games" is the child's games: "Mia can include everyone in her games"
    const first = (/^[^.!?]+/.exec(m.text)?.[0] ?? m.text)
      .trim()
      .replace(/\byourself\b/gi, c.h.himself)
      .replace(/\byour\b/gi, c.h.his);
    const short = first.split(/\s+/).length <= 6;
    if (m.form === "imperative" && short && !/\byou\b/i.test(first)) {
      if (/^(don't|do not)\s+/i.test(first)) return [`${name} won't ${first.replace(/^(don't|do not)\s+/i, "")}.`];
      if (/^never\s+/i.test(first)) return [`${name} will ${lcFirst(first)}.`];
      return [`${name} can ${lcFirst(first)}.`];
    }
    if (m.form === "phrase") return [`${name} learned about ${continued(m.text.replace(/[.!?]+$/, ""), name)}.`];
    return [cap(whole)];
  }
  if (m.form === "imperative") {
    const inf = toInfinitive(m.text, c.h);
    const out = [`${name} would always remember: ${cap(whole)}`, `And ${name} knew, deep down, what mattered most: ${cap(whole)}`];
    if (inf && !/[.!?].+/.test(m.text.replace(/[.!?]+$/, ""))) out.push(`${name} knew now how important it was ${inf}.`);
    return out;
  }
  if (m.form === "phrase") {
    const phrase = continued(m.text.replace(/[.!?]+$/, ""), name);
    return [`It had been a day all about ${phrase}, and ${name} would remember it always.`, `${name} had learned a lot about ${phrase} that day.`];
  }
  if (/[:;]/.test(m.text)) {
    // the parent's words carry their own colon: frames with "that" read better than another colon
    const out = [`And ${name} knew now that ${body}`, `${name} had learned that ${body}`];
    if (c.family) out.push(`${name} understood now why ${c.family} always said that ${body}`);
    return out;
  }
  const out = [`And ${name} knew it was true: ${body}`, `${name} had found out something wonderful: ${body}`];
  if (c.family) out.push(`It was just like ${c.family} always said: ${body}`);
  return out;
}

/** For a moral with no matching lesson: the child's own words, made from the parent's. */
export function mineFromMoral(m: Moral): string | undefined {
  if (m.form !== "imperative") return undefined;
  let s = (/^[^.!?]+/.exec(m.text)?.[0] ?? m.text).trim();
  if (/\byou\b/i.test(s.replace(/\byour(self)?\b/gi, ""))) return undefined;
  s = s.replace(/\byourself\b/gi, "myself").replace(/\byour\b/gi, "my");
  if (/^(don't|do not)\s+/i.test(s)) return `I won't ${s.replace(/^(don't|do not)\s+/i, "")}.`;
  if (/^(never|always)\s+/i.test(s)) return `I will ${lcFirst(s)}.`;
  return `I will ${lcFirst(s)}.`;
}
