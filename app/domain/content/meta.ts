/** The <title> and description tags of a page, in Remix's meta descriptor shape. */
export const BRAND = "StoryNest";

export function pageMeta(title: string, description: string, type: "website" | "article" = "website") {
  const fullTitle = title.includes(BRAND) ? title : `${title} · ${BRAND}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: BRAND },
    { property: "og:type", content: type },
  ];
}

/** The title and description of the not-found page. */
export const NOT_FOUND_META = pageMeta("Page not found", "This page wandered off. Find your way back to StoryNest's stories, blog and help pages.");
