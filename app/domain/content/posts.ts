import { z } from "zod";
import { parseFrontMatter } from "./frontmatter";

/** What every post in content/blog/ must declare in its front matter. */
export const postFrontMatterSchema = z.object({
  title: z.string().trim().min(3).max(120),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD")
    .refine((d) => isRealDay(d), "date is not a real day"),
  description: z.string().trim().min(20).max(300),
  author: z.string().trim().min(2).max(80),
});

/** True for a YYYY-MM-DD string naming a day that exists (no 30 February). */
export function isRealDay(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface PostSummary {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** e.g. "14 March 2025" */
  displayDate: string;
  description: string;
  author: string;
  readingMinutes: number;
}

export interface PostSource extends PostSummary {
  /** The Markdown body, without the front matter. */
  markdown: string;
}

/** The slug of a post is its file name: `/content/blog/bedtime-ritual.md` → `bedtime-ritual`. */
export function slugFromPath(path: string): string {
  const file = path.split("/").pop() ?? "";
  const slug = file.replace(/\.md$/, "");
  if (!SLUG.test(slug)) throw new Error(`Blog file name '${file}' must be lower-case words joined by hyphens`);
  return slug;
}

/** Reading time at a calm read-aloud-to-yourself pace of 200 words a minute, at least 1 minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`[\]()!-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatPostDate(date: string): string {
  return DATE_FORMAT.format(new Date(`${date}T00:00:00Z`));
}

/** Parses one Markdown file; a post with missing or malformed front matter is an error naming the file. */
export function parsePost(path: string, raw: string): PostSource {
  const slug = slugFromPath(path);
  const { data, body } = parseFrontMatter(raw);
  const parsed = postFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`).join("; ");
    throw new Error(`Blog post ${path} has invalid front matter: ${problems}`);
  }
  if (body.trim().length === 0) throw new Error(`Blog post ${path} has no text`);
  const fm = parsed.data;
  return {
    slug,
    title: fm.title,
    date: fm.date,
    displayDate: formatPostDate(fm.date),
    description: fm.description,
    author: fm.author,
    readingMinutes: readingMinutes(body),
    markdown: body,
  };
}

/** All posts from a `path → raw text` map, newest first (then by title, so the order is stable). */
export function parsePosts(files: Record<string, string>): PostSource[] {
  const posts = Object.entries(files).map(([path, raw]) => parsePost(path, raw));
  const seen = new Set<string>();
  for (const p of posts) {
    if (seen.has(p.slug)) throw new Error(`Two blog posts share the slug '${p.slug}'`);
    seen.add(p.slug);
  }
  return posts.sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1));
}

export function toSummary(post: PostSource): PostSummary {
  const { markdown: _markdown, ...summary } = post;
  return summary;
}
