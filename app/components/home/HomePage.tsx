import type { ThemeCardData } from "~/components/layout/ThemeCard";
import { HomeHero } from "./HomeHero";
import { HomeSections, type HomePost } from "./HomeSections";

export interface HomeData {
  themes: ThemeCardData[];
  posts: HomePost[];
  bookPrice: string | null;
}

/** Everything home shows: links and pictures only, nothing to press but links. */
export function HomePage({ themes, posts, bookPrice }: HomeData) {
  return (
    <>
      <HomeHero bookPrice={bookPrice} />
      <HomeSections themes={themes} posts={posts} />
    </>
  );
}
