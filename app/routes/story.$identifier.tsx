import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicStoryView } from "~/components/share/PublicStoryView";
import { SocialPanel } from "~/components/social/SocialPanel";
import { BRAND } from "~/domain/content/meta";
import { isSlug, resolveSite, storyLink } from "~/domain/story/links";
import { pageParam } from "~/domain/story/reader/navigation";

/**
 * A family's shared page is kept by the browser only and asked again every time (it may answer 304),
 * so "Stop sharing" takes hold at once for anyone who opens the link again, behind any cache. A
 * sample book is public: a CDN may keep it for a minute.
 */
const SHARED_STORY_CACHE = "private, no-cache";
const SAMPLE_STORY_CACHE = "public, max-age=0, s-maxage=60";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const identifier = params.identifier;
  if (!isSlug(identifier)) throw new Response("Not found", { status: 404 });
  const story = await context.services.sharing.publicStory(identifier);
  // Private again, never shared, or not finished: all look like any unknown page.
  if (!story) throw new Response("Not found", { status: 404 });
  const site = resolveSite(context.env.secrets.WEBSITE_URL, request.url);
  // A family's public book has its reactions and comments (what this reader left among them); a
  // sample, kept by a shared cache, has none: nothing of one reader may be cached for another.
  const social = story.sample
    ? null
    : await Promise.all([
        context.services.social.reactions.state(story.bookId, context.account?.userId ?? null),
        context.services.social.comments.state(story.bookId, context.account),
      ]).then(([reactions, comments]) => ({ reactions, comments }));
  return data(
    {
      story,
      social,
      startPage: pageParam(new URL(request.url).searchParams.get("page")),
      url: storyLink(site, { slug: story.slug, bookId: story.bookId }),
      image: story.coverUrl ? `${site}${story.coverUrl}` : null,
    },
    { headers: { "Cache-Control": story.sample ? SAMPLE_STORY_CACHE : SHARED_STORY_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ? { "Cache-Control": "no-store" } : { "Cache-Control": loaderHeaders.get("Cache-Control") ?? SHARED_STORY_CACHE };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Story not found · ${BRAND}` }];
  const { story, url, image } = data;
  const title = `${story.title} · ${BRAND}`;
  const description = story.sample
    ? `A sample StoryNest book: a ${story.theme.toLowerCase()} story starring ${story.childName}, written and illustrated over 24 pages.`
    : `A personalised ${story.theme.toLowerCase()} storybook made for ${story.childName}${story.authorName ? ` by ${story.authorName}` : ""}. Turn the pages and read it together.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: story.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "book" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: BRAND },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:width", content: "1024" },
          { property: "og:image:height", content: "1024" },
          { property: "og:image:alt", content: `The cover of ${story.title}` },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: story.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    { tagName: "link", rel: "canonical", href: url },
    // A family's book is for the people they give the link to, not for search engines.
    ...(story.sample ? [] : [{ name: "robots", content: "noindex, nofollow" }]),
  ];
};

export default function PublicStoryPage() {
  const { story, startPage, social } = useLoaderData<typeof loader>();
  return (
    <PublicStoryView
      key={story.slug}
      story={story}
      startPage={startPage}
      social={social ? <SocialPanel bookId={story.bookId} share={story.slug} initial={social} /> : null}
    />
  );
}
