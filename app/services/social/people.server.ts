/** The signed-in parent as the social services need them: the account (users.id), e-mail and profile. */
export interface SocialAccount {
  userId: string;
  email: string;
  userProfileId: string | null;
}

/** A person's name as others see it: full name, else first and last name, else the fallback. */
export function displayName(p: { fullName?: string | null; firstName?: string | null; lastName?: string | null }, fallback = "A StoryNest reader"): string {
  return (
    p.fullName?.trim() ||
    [p.firstName, p.lastName]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(" ") ||
    fallback
  );
}

/** A book's title as the e-mails and lists show it. */
export function bookTitle(book: { title: string | null; childName: string }): string {
  return book.title?.trim() || `${book.childName}'s story`;
}

/**
 * An avatar others may see: a picture address of its own (the one Google gave at sign-in). An
 * uploaded picture lives at /profile/avatar, which shows each parent only their own, so others see
 * the initial instead.
 */
export function publicAvatar(url: string | null | undefined): string | null {
  return url && /^https:\/\//.test(url) ? url : null;
}
