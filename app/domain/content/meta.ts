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
