/** An account page's title and robots rule: "Sign in · StoryNest", never in a search engine's index. */
export function authMeta(title: string) {
  return [{ title: `${title} · StoryNest` }, { name: "robots", content: "noindex, nofollow" }];
}
