import {
  assertUniqueIds,
  contentsLabel,
  isFaqIcon,
  parseHeading,
  parsePageSource,
  type FaqGroup,
  type FaqPage,
  type InfoPage,
  type PageSource,
} from "~/domain/content/pages";
import { isBlank, lexMarkdown, renderInline, renderTokens, splitAtHeadings } from "./markdown.server";

// The help and legal pages are Markdown files in content/pages/, bundled into the server at build
// time the same way as the blog. A file with bad front matter fails the unit tests and the Worker's
// start; each page is rendered once, on its first request.
const files = import.meta.glob("/content/pages/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const SOURCES = new Map<string, PageSource>(
  Object.entries(files).map(([path, raw]) => {
    const source = parsePageSource(path, raw);
    return [source.slug, source];
  }),
);

/** The pages made of sections; the FAQ (content/pages/faq.md) has its own shape. */
export const INFO_PAGE_SLUGS = ["terms", "privacy", "returns", "cookies"] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];

function sourceOf(slug: string): PageSource {
  const source = SOURCES.get(slug);
  if (!source) throw new Error(`content/pages/${slug}.md is missing`);
  return source;
}

function frame(source: PageSource, lede = source.lede) {
  const { slug, title, description, eyebrow, heading, tone, updated, art } = source;
  return { slug, title, description, eyebrow, heading, ledeHtml: renderInline(lede), tone, updated, art };
}

/** A page cut at its `## Title {#id}` headings into sections. */
export function buildInfoPage(source: PageSource): InfoPage {
  const where = `content/pages/${source.slug}.md`;
  const { lead, parts } = splitAtHeadings(where, lexMarkdown(source.markdown), 2);
  if (!isBlank(lead)) throw new Error(`${where}: all of the text must be under a '## Title {#id}' heading`);
  const sections = parts.map((part) => {
    const { id, title } = parseHeading(part.heading);
    return { id, title, html: renderTokens(part.tokens) };
  });
  assertUniqueIds(
    where,
    sections.map((s) => s.id),
  );
  return { ...frame(source), contents: source.contents ? sections.map((s) => ({ id: s.id, label: contentsLabel(s.title) })) : null, sections };
}

/** The FAQ: `## Group {#id icon=read}` headings, each with `### Question {#id}` headings and their answers. */
export function buildFaqPage(source: PageSource): FaqPage {
  const where = `content/pages/${source.slug}.md`;
  const { lead, parts } = splitAtHeadings(where, lexMarkdown(source.markdown), 2);
  if (!isBlank(lead)) throw new Error(`${where}: all of the text must be under a '## Group {#id icon=…}' heading`);
  const groups: FaqGroup[] = parts.map((part) => {
    const { id, title, attributes } = parseHeading(part.heading);
    if (!isFaqIcon(attributes.icon)) throw new Error(`${where}: the group '${title}' needs an icon (icon=read, lock, chat or heart)`);
    const inner = splitAtHeadings(where, part.tokens, 3);
    if (!isBlank(inner.lead)) throw new Error(`${where}: the group '${title}' must hold only '### Question {#id}' headings and their answers`);
    const questions = inner.parts.map((q) => {
      const heading = parseHeading(q.heading);
      if (isBlank(q.tokens)) throw new Error(`${where}: the question '${heading.title}' has no answer`);
      return { id: heading.id, question: heading.title, html: renderTokens(q.tokens) };
    });
    if (questions.length === 0) throw new Error(`${where}: the group '${title}' has no questions`);
    return { id, title, icon: attributes.icon, questions };
  });
  assertUniqueIds(
    where,
    groups.flatMap((g) => [g.id, ...g.questions.map((q) => q.id)]),
  );
  const count = groups.reduce((n, g) => n + g.questions.length, 0);
  return { ...frame(source, source.lede.replace("{questions}", String(count))), groups };
}

const rendered = new Map<string, InfoPage>();
let faq: FaqPage | null = null;

/** One of the help and legal pages, rendered from its Markdown. */
export function getInfoPage(slug: InfoPageSlug): InfoPage {
  let page = rendered.get(slug);
  if (!page) rendered.set(slug, (page = buildInfoPage(sourceOf(slug))));
  return page;
}

/** The questions and answers page, rendered from content/pages/faq.md. */
export function getFaqPage(): FaqPage {
  return (faq ??= buildFaqPage(sourceOf("faq")));
}
