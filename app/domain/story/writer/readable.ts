import { gradeOfCounts, namesIn, readingCounts, type ReadingBand, type ReadingCounts } from "../reading-level";

// how far inside the band's range the running grade is kept: finishing the pages moves it a little
const MARGIN = 0.5;
// the words of "text already read" a book starts from, at the middle of its range, so that the
// first lines are weighed like the rest instead of deciding the book's grade alone
const HEAD_START = 80;

/**
 * The story pages' readability while they are written: a running count of their words, sentences
 * and syllables, so the page can pass over a line that would take the book out of its reading
 * band's grade range, or further out of it, when another line fits.
 */
export class GradeKeeper {
  private counts: ReadingCounts;
  private readonly lo: number;
  private readonly hi: number;

  constructor(
    band: ReadingBand,
    private readonly name: string,
  ) {
    this.lo = band.grade.min + MARGIN;
    this.hi = band.grade.max - MARGIN;
    const mid = (this.lo + this.hi) / 2;
    const perSentence = Math.min(band.wordsPerSentence, 10);
    const sentences = HEAD_START / perSentence;
    // the syllables that put HEAD_START words in `sentences` sentences at the middle grade
    const syllables = (HEAD_START * (mid + 15.59 - 0.39 * perSentence)) / 11.8;
    this.counts = { words: HEAD_START, sentences, syllables };
  }

  // a page weighs the same candidate lines more than once
  private seen = new Map<string, ReadingCounts>();

  private with(line: string): ReadingCounts {
    let c = this.seen.get(line);
    if (!c) this.seen.set(line, (c = readingCounts(line, [this.name, ...namesIn(line)])));
    return { words: this.counts.words + c.words, sentences: this.counts.sentences + c.sentences, syllables: this.counts.syllables + c.syllables };
  }

  /** the book stays inside its range with this line, or comes nearer to it */
  keeps(line: string): boolean {
    const now = gradeOfCounts(this.counts);
    const next = gradeOfCounts(this.with(line));
    if (next >= this.lo && next <= this.hi) return true;
    return next > this.hi ? next < now : next > now;
  }

  note(line: string): void {
    this.counts = this.with(line);
  }
}
