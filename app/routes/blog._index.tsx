import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/layout/ContentPage";
import { StepIcon } from "~/components/layout/illustrations";
import { listPosts } from "~/services/content/blog.server";
import { pageMeta } from "~/domain/content/meta";
import { ArrowRightIcon } from "~/components/ui/icons";
import { NewsletterSignup } from "~/components/newsletter/NewsletterSignup";

export const meta: MetaFunction = () =>
  pageMeta("Blog", "Ideas for reading together, calmer bedtimes and growing up, plus how StoryNest keeps your child's photo and voice safe.");

export async function loader() {
  return { posts: listPosts() };
}

export default function BlogIndex() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      eyebrow="The StoryNest blog"
      title="Stories about stories"
      tone="peach"
      card={false}
      lede="Ideas for reading together, calmer bedtimes and the big little moments of growing up, from the StoryNest team."
      art={<StepIcon kind="read" className="size-40" />}
    >
      <ol className="grid gap-5" aria-label="Posts, newest first">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="relative rounded-[1.75rem] bg-paper p-6 shadow-card ring-1 ring-ink/5 transition hover:-translate-y-0.5 hover:shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-plum sm:p-8">
              <p className="flex flex-wrap gap-x-3 text-sm font-bold text-ink-soft">
                <time dateTime={post.date}>{post.displayDate}</time>
                <span aria-hidden="true">·</span>
                <span>{post.readingMinutes} min read</span>
              </p>
              <h2 className="mt-2 text-2xl font-semibold sm:text-3xl">
                <Link
                  to={`/blog/${post.slug}`}
                  prefetch="intent"
                  className="outline-none after:absolute after:inset-0 after:rounded-[1.75rem] after:content-['']"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="mt-3 text-lg text-ink-soft">{post.description}</p>
              <p className="mt-4 inline-flex items-center gap-1 font-bold text-coral-dark" aria-hidden="true">
                Read the post
                <ArrowRightIcon className="size-5" />
              </p>
            </article>
          </li>
        ))}
      </ol>
      <NewsletterSignup
        form="blog"
        title="New posts by e-mail"
        className="mt-10 rounded-[1.75rem] bg-sun-soft p-6 shadow-card ring-1 ring-ink/5 sm:p-8 [&_h2]:text-2xl"
      />
    </ContentPage>
  );
}
