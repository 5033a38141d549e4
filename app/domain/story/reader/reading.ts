/**
 * What each leaf of the book shows as text and what read-aloud speaks, as one list of sentences:
 * the reader highlights sentence k of the same list that the speech engine is saying.
 */
import type { BookView, PageView } from "../book-view";
import { leafKind, type LeafKind } from "./navigation";
import { paragraphs, splitSentences, type Sentence } from "./sentences";

export type PartKind = "title" | "byline" | "dedication" | "body" | "end";

export interface ReadingPart {
  kind: PartKind;
  text: string;
  sentences: Sentence[];
  /** index of this part's first sentence in the leaf's whole list */
  first: number;
}

export interface LeafReading {
  kind: LeafKind;
  parts: ReadingPart[];
  /** every sentence of the leaf, in reading order: what read-aloud says */
  spoken: string[];
}

export interface BookMeta {
  title: string;
  author: string | null;
  childName: string;
}

export function bookMeta(book: Pick<BookView, "title" | "story" | "pages">): BookMeta {
  const form = book.story?.formData;
  const childName = form?.childName?.trim() || "your child";
  const author = form?.authorName?.trim() || null;
  const coverText = book.pages.find((p) => p.pageNumber === 1)?.content.trim();
  const title = book.title?.trim() || coverText || `${childName === "your child" ? "Your" : `${childName}'s`} story`;
  return { title, author, childName };
}

export const THE_END = "The End.";

export function leafReading(page: PageView, meta: BookMeta, totalPages: number): LeafReading {
  const kind = leafKind(page, totalPages);
  const raw: { kind: PartKind; text: string }[] = [];
  if (kind === "cover" || kind === "title") {
    raw.push({ kind: "title", text: meta.title });
    if (meta.author) raw.push({ kind: "byline", text: `by ${meta.author}` });
    if (kind === "title" && page.content.trim()) raw.push({ kind: "dedication", text: page.content.trim() });
  } else {
    for (const p of paragraphs(page.content)) raw.push({ kind: "body", text: p });
    // the last page ends with "The End." unless the story already says it
    if (kind === "last" && !/\bthe end\b/i.test(page.content)) raw.push({ kind: "end", text: THE_END });
  }
  const parts: ReadingPart[] = [];
  const spoken: string[] = [];
  for (const r of raw) {
    // a title or byline is one spoken unit, even with a full stop inside ("Dr. Bear's Day")
    const sentences = r.kind === "body" || r.kind === "dedication" ? splitSentences(r.text) : [{ text: r.text, start: 0, end: r.text.length }];
    if (!sentences.length) continue;
    parts.push({ kind: r.kind, text: r.text, sentences, first: spoken.length });
    spoken.push(...sentences.map((s) => s.text));
  }
  return { kind, parts, spoken };
}

/** Splits a part's text into runs for rendering: plain gaps and numbered sentences. */
export function sentenceRuns(part: ReadingPart): { text: string; sentence: number | null }[] {
  const runs: { text: string; sentence: number | null }[] = [];
  let at = 0;
  part.sentences.forEach((s, i) => {
    if (s.start > at) runs.push({ text: part.text.slice(at, s.start), sentence: null });
    runs.push({ text: part.text.slice(s.start, s.end), sentence: part.first + i });
    at = s.end;
  });
  if (at < part.text.length) runs.push({ text: part.text.slice(at), sentence: null });
  return runs;
}
