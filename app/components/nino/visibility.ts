/** The floating Nino button shows on every page except these. */
export const NINO_HIDDEN_PREFIXES = ["/youraistory", "/createstory", "/customstory", "/modify-story", "/story/", "/test/custom-story-data", "/auth/"] as const;

export function ninoButtonHidden(pathname: string): boolean {
  return NINO_HIDDEN_PREFIXES.some((p) => pathname.startsWith(p));
}

/** The story-creation page, where the panel adds Start Over and Create Story Now. */
export function isCreationPage(pathname: string): boolean {
  return pathname === "/createstory" || pathname.startsWith("/createstory/");
}
