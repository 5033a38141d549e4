import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/layout/ContentPage";
import { listPosts } from "~/services/content/blog.server";
import { pageMeta } from "~/domain/content/meta";
import { SITE_PAGES, type SitePage } from "~/domain/content/site-pages";

export const meta: MetaFunction = () =>
  pageMeta("Sitemap", "Every public page of StoryNest on one page: making stories, help, the small print and every blog post.");

export async function loader() {
  return { posts: listPosts().map(({ slug, title, displayDate, date }) => ({ slug, title, displayDate, date })) };
}

const GROUP_ORDER: SitePage["group"][] = ["Stories", "About StoryNest", "Help and legal"];

export default function Sitemap() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <ContentPage eyebrow="Find your way" title="Sitemap" tone="lavender" lede="Every public page of StoryNest, in one place.">
      {GROUP_ORDER.map((group) => (
        <section key={group} aria-labelledby={`group-${group.replace(/\s+/g, "-")}`} className="[&+&]:mt-10">
          <h2 id={`group-${group.replace(/\s+/g, "-")}`} className="mt-0">
            {group}
          </h2>
          <ul className="list-plain mt-4 grid gap-2 sm:grid-cols-2">
            {SITE_PAGES.filter((p) => p.group === group).map((p) => (
              <li key={p.path}>
                <Link to={p.path} className="flex min-h-11 flex-col justify-center rounded-2xl px-4 py-2.5 ring-1 ring-ink/10 transition-colors hover:bg-cream">
                  <span className="font-bold text-coral-dark">{p.title}</span>
                  <span className="text-sm text-ink-soft">{p.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="group-posts" className="mt-10">
        <h2 id="group-posts" className="mt-0">
          Blog posts
        </h2>
        <ul className="list-plain mt-4 grid gap-2">
          {posts.map((p) => (
            <li key={p.slug}>
              <Link
                to={`/blog/${p.slug}`}
                className="flex min-h-11 flex-col justify-center rounded-2xl px-4 py-2.5 ring-1 ring-ink/10 transition-colors hover:bg-cream"
              >
                <span className="font-bold text-coral-dark">{p.title}</span>
                <time dateTime={p.date} className="text-sm text-ink-soft">
                  {p.displayDate}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
