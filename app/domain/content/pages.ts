import { z } from "zod";
import { parseFrontMatter } from "./frontmatter";
import { formatPostDate, isRealDay, SLUG } from "./posts";

/**
 * The help and legal pages (terms, privacy, refunds, cookies, FAQ) are Markdown files in
 * content/pages/. Each starts with front matter for the page's frame (title, header, lede, colour)
 * and is cut into sections at its `## ` headings; the FAQ also cuts each section into questions at
 * its `### ` headings. Every such heading names its anchor: `## Who can see it {#who}`.
 */

/** The header colours of an information page. */
export const PAGE_TONES = ["peach", "sky", "mint", "lavender", "sun"] as const;
/** The drawing beside a page's title on wide screens. */
export const PAGE_ART = ["nino", "shield", "heart"] as const;
/** The icons of the FAQ's groups. */
export const FAQ_ICONS = ["read", "lock", "chat", "heart"] as const;

export type PageTone = (typeof PAGE_TONES)[number];
export type PageArt = (typeof PAGE_ART)[number];
export type FaqIcon = (typeof FAQ_ICONS)[number];

/** What every file in content/pages/ must declare in its front matter. */
export const pageFrontMatterSchema = z.object({
  /** The <title> and social title (the brand is added). */
  title: z.string().trim().min(3).max(80),
  description: z.string().trim().min(50).max(300),
  eyebrow: z.string().trim().min(2).max(60),
  /** The page's one h1. */
  heading: z.string().trim().min(3).max(80),
  /** One paragraph under the heading; inline Markdown (links, emphasis). */
  lede: z.string().trim().min(20).max(400),
  tone: z.enum(PAGE_TONES),
  /** YYYY-MM-DD, shown as "Last updated …" (the legal pages). */
  updated: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "updated must be YYYY-MM-DD")
    .refine(isRealDay, "updated is not a real day")
    .optional(),
  art: z.enum(PAGE_ART).optional(),
  /** "yes" shows an "On this page" list of the sections. */
  contents: z.enum(["yes", "no"]).default("no"),
});

export interface PageSource {
  slug: string;
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  lede: string;
  tone: PageTone;
  /** e.g. "Last updated 24 November 2026" */
  updated: string | null;
  art: PageArt | null;
  contents: boolean;
  /** The Markdown body, without the front matter. */
  markdown: string;
}

/** One file of content/pages/; a missing or malformed front matter is an error naming the file. */
export function parsePageSource(path: string, raw: string): PageSource {
  const slug = (path.split("/").pop() ?? "").replace(/\.md$/, "");
  if (!SLUG.test(slug)) throw new Error(`Page file name '${path}' must be lower-case words joined by hyphens`);
  const { data, body } = parseFrontMatter(raw);
  const parsed = pageFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`).join("; ");
    throw new Error(`Page ${path} has invalid front matter: ${problems}`);
  }
  if (body.trim().length === 0) throw new Error(`Page ${path} has no text`);
  const fm = parsed.data;
  return {
    slug,
    title: fm.title,
    description: fm.description,
    eyebrow: fm.eyebrow,
    heading: fm.heading,
    lede: fm.lede,
    tone: fm.tone,
    updated: fm.updated ? `Last updated ${formatPostDate(fm.updated)}` : null,
    art: fm.art ?? null,
    contents: fm.contents === "yes",
    markdown: body,
  };
}

export interface HeadingParts {
  title: string;
  id: string;
  /** `key=value` words after the id, e.g. `icon=read`. */
  attributes: Record<string, string>;
}

const HEADING = /^(.*\S)\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)((?:\s+[a-z]+=[a-z0-9-]+)*)\s*\}$/;

/** Reads `Who can see it {#who}` (or `Making a book {#faq-read icon=read}`); a heading without an id is an error. */
export function parseHeading(text: string): HeadingParts {
  const match = HEADING.exec(text.trim());
  if (!match) throw new Error(`The heading '${text}' must end with its anchor, like {#some-id}`);
  const [, title, id, rest] = match;
  const attributes: Record<string, string> = {};
  for (const pair of rest.trim().split(/\s+/).filter(Boolean)) {
    const [key, value] = pair.split("=");
    attributes[key] = value;
  }
  return { title, id, attributes };
}

/** The label of a section in the "On this page" list: its title without a leading number ("1. About" → "About"). */
export function contentsLabel(title: string): string {
  return title.replace(/^\d+\.\s+/, "");
}

/** Two anchors with one id on a page would make a link land on the wrong one. */
export function assertUniqueIds(where: string, ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`${where}: the anchor #${id} is used twice`);
    seen.add(id);
  }
}

export interface PageSection {
  id: string;
  title: string;
  /** The section's text as HTML (our own Markdown, so trusted). */
  html: string;
}

interface PageFrame {
  slug: string;
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  /** The lede as inline HTML. */
  ledeHtml: string;
  tone: PageTone;
  updated: string | null;
  art: PageArt | null;
}

/** A help or legal page, ready to show: its frame and its sections. */
export interface InfoPage extends PageFrame {
  /** The "On this page" list, when the page asks for one. */
  contents: ReadonlyArray<{ id: string; label: string }> | null;
  sections: PageSection[];
}

export interface FaqQuestion {
  id: string;
  question: string;
  /** The answer as HTML. */
  html: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  icon: FaqIcon;
  questions: FaqQuestion[];
}

/** The FAQ: the page's frame and its groups of questions. */
export interface FaqPage extends PageFrame {
  groups: FaqGroup[];
}

export function isFaqIcon(value: string | undefined): value is FaqIcon {
  return (FAQ_ICONS as readonly string[]).includes(value ?? "");
}
