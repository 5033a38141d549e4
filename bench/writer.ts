// Benchmark: the offline story writer. Prints books per second; the checker's findings per 1,000
// books (first drafts, and the books kept after the writer chose other words); on the parents'
// briefs in tests/fixtures/briefs/parents.json, the share of their named people, things and places
// in the book and of their events told in order; readability by reading band; and how many books a
// sentence comes back in.
// Usage: npx tsx bench/writer.ts [books]
import { readingBandFor, READING_BANDS } from "~/domain/story/reading-level";
import { reviewed } from "~/domain/story/writer";
import { asSent, bookGrade, keptOf, sentenceSpread } from "../tests/fixtures/briefs/measure";
import { PARENT_BRIEFS } from "../tests/fixtures/briefs/parents";
import { variedBriefs } from "../tests/fixtures/briefs/varied";

const N = Number(process.argv[2] ?? 2000);
const briefs = variedBriefs(N);
const started = performance.now();
let findings = 0;
let firstDrafts = 0;
const grades = new Map<string, number[]>();
const rules = new Map<string, number>();
const spreadBooks: Parameters<typeof sentenceSpread>[0] = [];
briefs.forEach((brief, i) => {
  const book = reviewed(brief, `bench-${i}`);
  findings += book.findings.length;
  if (book.tries > 1) firstDrafts++;
  for (const f of book.findings) rules.set(f.rule, (rules.get(f.rule) ?? 0) + 1);
  const band = readingBandFor(brief.age).id;
  grades.set(band, [...(grades.get(band) ?? []), bookGrade(book.story, brief.childName)]);
  if (i < 100) spreadBooks.push({ story: book.story, name: brief.childName.split(" ")[0] });
});
const seconds = (performance.now() - started) / 1000;
console.log(`books: ${N} from varied briefs, ${(N / seconds).toFixed(0)} books a second (${((1000 * seconds) / N).toFixed(1)} ms a book, checker included)`);
console.log(
  `checker findings per 1,000 books kept: ${((1000 * findings) / N).toFixed(1)}${rules.size ? ` (${[...rules].map(([r, n]) => `${r} ${n}`).join(", ")})` : ""}`,
);
console.log(`first drafts the checker sent back, per 1,000: ${((1000 * firstDrafts) / N).toFixed(0)}`);

let named = 0;
let namedAll = 0;
let events = 0;
let eventsAll = 0;
const misses: string[] = [];
for (const entry of PARENT_BRIEFS) {
  const kept = keptOf(entry, reviewed(asSent(entry), `bench-${entry.id}`).story);
  named += kept.named.found;
  namedAll += kept.named.all;
  events += kept.events.found;
  eventsAll += kept.events.all;
  for (const m of [...kept.named.missing, ...kept.events.missing]) misses.push(`${entry.id}: ${m}`);
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
console.log(
  `parents' briefs (${PARENT_BRIEFS.length}): named people, things and places in the book ${named}/${namedAll} (${pct(named, namedAll)}); events told in order ${events}/${eventsAll} (${pct(events, eventsAll)})`,
);
for (const m of misses) console.log(`  missing: ${m}`);

console.log("readability (Flesch–Kincaid grade of the 20 story pages) by reading band:");
let outside = 0;
for (const band of READING_BANDS) {
  const g = (grades.get(band.id) ?? []).sort((a, b) => a - b);
  if (!g.length) continue;
  const out = g.filter((x) => x < band.grade.min || x > band.grade.max).length;
  outside += out;
  const mean = g.reduce((a, b) => a + b, 0) / g.length;
  console.log(
    `  ${band.label.padEnd(30)} range ${band.grade.min} to ${band.grade.max}: mean ${mean.toFixed(2)}, lowest ${g[0].toFixed(2)}, highest ${g[g.length - 1].toFixed(2)}, outside ${out}/${g.length}`,
  );
}
const spread = [...sentenceSpread(spreadBooks)].sort((a, b) => b[1] - a[1]);
console.log(
  `variety over 100 books from different briefs: the most repeated sentence is in ${spread[0]?.[1] ?? 0} books ("${spread[0]?.[0] ?? ""}"); sentences in more than 5: ${spread.filter(([, n]) => n > 5).length}`,
);
process.exitCode = findings === 0 && outside === 0 && named / namedAll >= 0.95 ? 0 : 1;
