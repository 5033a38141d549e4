import type { GradeKeeper } from "./readable";
import type { Rng } from "./rng";
import { normSentence, splitSentences } from "./text";

/**
 * The pen of a book: it refuses a sentence already used anywhere in the book (compared in lower
 * case without punctuation), so no sentence repeats.
 */
const LEAD_IN = /^[^,"“”]{1,22},\s+(?=\S)/;
// "'Look!' laughed Zoe" says what "'Look!' said Mum" said: a saying is the same whoever says it, however
const SAID_BY = /^(["“][^"”]+["”])\s.*$/;

export class Pen {
  private used = new Set<string>();
  // a book weighs the same candidate lines many times: their sentences are split once
  private split = new Map<string, string[]>();
  private normed = new Map<string, string[]>();
  constructor(private rng: Rng) {}

  sentences(text: string): string[] {
    let out = this.split.get(text);
    if (!out) this.split.set(text, (out = splitSentences(text)));
    return out;
  }

  private units(text: string): string[] {
    let out = this.normed.get(text);
    // "Later, the sky turned pink" repeats "The sky turned pink": a short lead-in is not a new sentence
    if (!out)
      this.normed.set(
        text,
        (out = this.sentences(text)
          .map((u) => normSentence(u.replace(LEAD_IN, "").replace(LEAD_IN, "").replace(SAID_BY, "$1")))
          .filter(Boolean)),
      );
    return out;
  }

  fits(text: string): boolean {
    const u = this.units(text);
    return u.length > 0 && new Set(u).size === u.length && u.every((x) => !this.used.has(x));
  }

  take(text: string): string {
    for (const u of this.units(text)) this.used.add(u);
    return text;
  }

  /** a random candidate that repeats nothing (one that `prefer`s, when there is one, or `only` such a one), or undefined */
  pick(cands: readonly (string | false | undefined | null)[], inOrder = false, prefer?: (line: string) => boolean, only = false): string | undefined {
    const list = cands.filter((x): x is string => typeof x === "string" && x.trim().length > 0);
    let first: string | undefined;
    for (const t of inOrder ? list : this.rng.shuffle(list)) {
      if (!this.fits(t)) continue;
      if (!prefer || prefer(t)) return this.take(t);
      first ??= t;
    }
    return first === undefined || only ? undefined : this.take(first);
  }
}

/** The reading band's caps on a page: words on it, and words in one sentence. */
export interface WordCaps {
  page: number;
  sentence: number;
  /** words the band's own lines never use */
  tooHard?: ReadonlySet<string>;
  /** the book's readability so far, to keep it inside the band's grade range */
  grade?: GradeKeeper;
}

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** One page being written: lines added through the pen, up to a number of sentences (and words). */
export class Page {
  lines: string[] = [];
  constructor(
    private pen: Pen,
    private max: number,
    private strict = false,
    private caps?: WordCaps,
  ) {}

  private count(): number {
    return this.lines.reduce((sum, l) => sum + this.pen.sentences(l).length, 0);
  }

  get words(): number {
    return this.lines.reduce((sum, l) => sum + wordCount(l), 0);
  }

  /** a line within the band's caps: every sentence short enough, and the page not over its words */
  private withinCaps(line: string): boolean {
    if (!this.caps) return true;
    const hard = this.caps.tooHard;
    if (
      hard?.size &&
      line
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((w) => hard.has(w))
    )
      return false;
    return this.words + wordCount(line) <= this.caps.page && this.pen.sentences(line).every((u) => wordCount(u) <= this.caps!.sentence);
  }

  /**
   * adds one candidate if there is room (an essential line is added regardless); `simpler` words
   * for the same beat are taken when the candidates' own would take the book out of its grade range
   */
  add(cands: readonly (string | false | undefined | null)[], essential = false, simpler: readonly string[] = []): boolean {
    const room = this.max - this.count();
    const strings = cands.filter((c): c is string => typeof c === "string");
    const fits = (c: string) => this.pen.sentences(c).length <= room && this.withinCaps(c);
    const fitting = strings.filter(fits);
    const keeper = this.caps?.grade;
    const prefer = keeper ? (c: string) => keeper.keeps(c) : undefined;
    let line = keeper && simpler.length ? (this.pen.pick(fitting, false, prefer, true) ?? this.pen.pick(simpler.filter(fits), false, prefer, true)) : undefined;
    // an essential line may overflow, except on a toddler's page that already has its sentences
    line ??= this.pen.pick(this.lines.length === 0 && !this.caps ? strings : fitting, false, prefer);
    if (!line && this.lines.length === 0 && this.caps) line = this.pen.pick(strings, false, prefer);
    if (!line && essential && !(this.strict && this.lines.length > 0)) line = this.caps ? this.shortest(strings) : this.pen.pick(strings);
    if (line) {
      this.lines.push(line);
      keeper?.note(line);
    }
    return Boolean(line);
  }

  /** the parent's own words: kept whole, whatever the page's room and caps */
  keep(line: string): void {
    this.lines.push(this.pen.take(line));
  }

  /** an essential line that must go in though nothing fits: the one nearest the band's caps */
  private shortest(strings: string[]): string | undefined {
    const fresh = strings.filter((c) => this.pen.fits(c));
    const longest = (c: string) => Math.max(...this.pen.sentences(c).map(wordCount));
    const best = [...fresh].sort((a, b) => longest(a) - longest(b))[0];
    return best === undefined ? undefined : this.pen.take(best);
  }

  /** the child's name is somewhere on the page */
  names(name: string): boolean {
    return this.lines.some((l) => l.includes(name));
  }

  get full(): boolean {
    return this.count() >= this.max;
  }
}
