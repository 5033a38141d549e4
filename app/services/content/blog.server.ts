import { parsePosts, toSummary, type PostSource, type PostSummary } from "~/domain/content/posts";
import { renderMarkdown } from "./markdown.server";

// The posts are Markdown files in content/blog/, bundled into the server at build time. A post with
// bad front matter fails the build (and the unit tests) rather than a reader's request.
const files = import.meta.glob("/content/blog/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const POSTS: readonly PostSource[] = parsePosts(files);

export interface Post extends PostSummary {
  html: string;
}

/** Newest first. */
export function listPosts(): PostSummary[] {
  return POSTS.map(toSummary);
}

/** Renders a post's Markdown to HTML (our own files, so the HTML is trusted); undefined if unknown. */
export function getPost(slug: string): Post | undefined {
  const post = POSTS.find((p) => p.slug === slug);
  if (!post) return undefined;
  return { ...toSummary(post), html: renderMarkdown(post.markdown) };
}
