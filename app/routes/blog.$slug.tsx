import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Nino } from "~/components/layout/illustrations";
import { getPost, listPosts } from "~/services/content/blog.server";
import { NOT_FOUND_META, pageMeta } from "~/domain/content/meta";
import { SLUG } from "~/domain/content/posts";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { NewsletterSignup } from "~/components/newsletter/NewsletterSignup";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return pageMeta(data.post.title, data.post.description, "article");
};

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const post = SLUG.test(slug) ? getPost(slug) : undefined;
  if (!post) throw new Response("Not found", { status: 404 });
  const more = listPosts()
    .filter((p) => p.slug !== post.slug)
    .slice(0, 2)
    .map(({ slug, title, displayDate, date }) => ({ slug, title, displayDate, date }));
  return { post, more };
}

export default function BlogPost() {
  const { post, more } = useLoaderData<typeof loader>();
  return (
    <article className="pb-12">
      <header className="bg-peach">
        <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pb-20 sm:pt-12">
          <Link to="/blog" className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 font-bold text-coral-dark hover:text-plum">
            <ArrowLeftIcon className="size-5" />
            All posts
          </Link>
          <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft sm:text-xl">{post.description}</p>
          <p className="mt-5 flex flex-wrap gap-x-3 gap-y-1 text-sm font-bold text-ink-soft">
            <span>{post.author}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.date}>{post.displayDate}</time>
            <span aria-hidden="true">·</span>
            <span>{post.readingMinutes} min read</span>
          </p>
        </div>
      </header>
      <div className="mx-auto -mt-8 max-w-3xl px-3 sm:px-6">
        {/* Our own Markdown from content/blog, rendered on the server by marked. */}
        <div className="prose-story rounded-[2rem] bg-paper px-5 py-8 shadow-card sm:px-10 sm:py-10" dangerouslySetInnerHTML={{ __html: post.html }} />

        <aside
          aria-labelledby="post-cta"
          className="mt-8 flex flex-col items-center gap-5 rounded-[2rem] bg-night p-6 text-center text-cream sm:flex-row sm:p-8 sm:text-left"
        >
          <Nino className="size-24 shrink-0" />
          <div className="flex-1">
            <h2 id="post-cta" className="text-2xl font-semibold text-white">
              Make a book starring your child
            </h2>
            <p className="mt-1 text-cream/90">Their name, their favourite things, a gentle lesson. Ready to read in a few minutes.</p>
          </div>
          <Link
            to="/createstory"
            className="inline-flex min-h-14 shrink-0 items-center rounded-full bg-sun px-7 text-lg font-bold text-ink transition-colors hover:bg-[#ffd977]"
          >
            Create a story
          </Link>
        </aside>

        <NewsletterSignup
          form="blog"
          title="Enjoyed this post? Get the next one by e-mail"
          className="mt-8 rounded-[2rem] bg-sun-soft p-6 shadow-card ring-1 ring-ink/5 sm:p-8 [&_h2]:text-2xl"
        />

        {more.length > 0 && (
          <nav aria-labelledby="more-posts" className="mt-10">
            <h2 id="more-posts" className="px-1 text-2xl font-semibold">
              More from the blog
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {more.map((p) => (
                <li key={p.slug}>
                  <Link
                    to={`/blog/${p.slug}`}
                    className="flex min-h-16 flex-col justify-center rounded-3xl bg-paper p-5 shadow-card transition hover:-translate-y-0.5 hover:shadow-lift"
                  >
                    <time dateTime={p.date} className="text-sm font-bold text-ink-soft">
                      {p.displayDate}
                    </time>
                    <span className="mt-1 font-display text-lg font-semibold text-ink">{p.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </article>
  );
}
