import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import type { ThemeCardData } from "~/components/layout/ThemeCard";
import { HomePage } from "~/components/home/HomePage";
import { KeptMarkup, markupFor, readServerMarkup } from "~/components/layout/ServerMarkup";
import { listPosts } from "~/services/content/blog.server";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "StoryNest: personalised storybooks starring your child",
    "Make an illustrated storybook where your child is the hero, in a few minutes. Pick an adventure, add their name and favourite things, and meet Nino, a kind story companion.",
  );

export async function loader({ context }: LoaderFunctionArgs) {
  const [{ themes }, book] = await Promise.all([context.services.themes.list(), context.services.pricing.bookPrice(context.market.market)]);
  const posts = listPosts()
    .slice(0, 3)
    .map(({ slug, title, description, displayDate, date }) => ({ slug, title, description, displayDate, date }));
  // Only what the cards show goes into the page's data (the story's lesson and elements are the form's).
  const cards = themes.map(({ themeId, theme, title, description, emoji, color, ageRange, popular }) => ({
    themeId,
    theme,
    title,
    description,
    emoji,
    color,
    ageRange,
    popular,
  })) satisfies ThemeCardData[];
  return { themes: cards, posts, bookPrice: book?.formatted ?? null };
}

// Home shows only links and pictures: the browser keeps the server's markup and runs none of its code
// (app/components/layout/ServerMarkup.tsx). The page's code comes only when the browser must draw it:
// after a client navigation to home (fetched as this module first runs; the navigation waits for it,
// as it waits for the page's data) or when its data changed (a market chosen in the footer: the
// markup drawn with the old data shows until the code has come).
const ID = "home-page";
const serverMarkup = readServerMarkup(ID);
const loadPage = () => import("~/components/home/HomePage").then((m) => ({ default: m.HomePage }));
const LazyHomePage = lazy(loadPage);
if (typeof document !== "undefined" && !serverMarkup) void loadPage();

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (import.meta.env.SSR) {
    return (
      <div id={ID} className="contents">
        <HomePage {...data} />
      </div>
    );
  }
  const html = markupFor(serverMarkup, data);
  if (html !== null) return <KeptMarkup id={ID} html={html} />;
  if (!serverMarkup) return <LazyHomePage {...data} />;
  return (
    <Suspense fallback={<KeptMarkup id={ID} html={serverMarkup.html} />}>
      <LazyHomePage {...data} />
    </Suspense>
  );
}
