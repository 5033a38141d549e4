/**
 * Free books and where a parent goes when the credits run out: an anonymous visitor is invited to
 * create a free account (which brings more free books); a signed-in parent is sent to the credit
 * packs. Shared by the server (the 402 answers) and the browser (the story form, the reader).
 */

/** Credits an anonymous visitor gets once (see docs/decisions/024-free-credits.md). */
export const VISITOR_WELCOME_CREDITS = 1;

/** Credits a person's first confirmed e-mail address brings, once ever (an account's free books). */
export const ACCOUNT_WELCOME_CREDITS = 2;

/** What is free, as home and /pricing say it: the visitor's book and the account's, from the two rules above. */
export function freeBooksText(visitor: number = VISITOR_WELCOME_CREDITS, account: number = ACCOUNT_WELCOME_CREDITS): { first: string; account: string } {
  const first = visitor === 1 ? "Your first book is free" : `Your first ${visitor} books are free`;
  return { first: `${first}, no account needed.`, account: `A free account adds ${account} more.` };
}

/** Where a visitor signs up, coming back to the story form afterwards. */
export const SIGNUP_FOR_CREDITS_URL = "/auth/signup?redirectTo=/createstory";
/** The credit packs and plans. */
export const PRICING_URL = "/pricing";

/** A link to follow when out of credits, and its words. */
export interface CreditsLink {
  url: string;
  label: string;
}

export type CreditsLead =
  | { kind: "signup"; url: typeof SIGNUP_FOR_CREDITS_URL; label: string; sentence: string }
  | { kind: "pricing"; url: typeof PRICING_URL; label: string; sentence: string };

/**
 * The way on for someone without enough credits. `accountWelcomeCredits` is what a confirmed
 * e-mail address brings (one credit makes one book).
 */
export function creditsLead(signedIn: boolean, accountWelcomeCredits: number): CreditsLead {
  if (signedIn) {
    return { kind: "pricing", url: PRICING_URL, label: "See credit packs and prices", sentence: "Choose a credit pack to keep making stories." };
  }
  const books = accountWelcomeCredits === 1 ? "1 more free book" : `${accountWelcomeCredits} more free books`;
  return { kind: "signup", url: SIGNUP_FOR_CREDITS_URL, label: "Create a free account", sentence: `Create a free account to get ${books}.` };
}

/** The 402 answer's words: the price, what is available, and the way on. */
export function outOfCreditsMessage(price: number, available: number, lead: CreditsLead): string {
  return `A book costs ${price} credit${price === 1 ? "" : "s"} and you have ${Math.max(available, 0)} available. ${lead.sentence}`;
}

/** The link a 402 answer of the API leads to: `signupUrl` for a visitor, `pricingUrl` for a signed-in parent. */
export function linkFrom402(body: unknown): CreditsLink {
  const b = (body ?? {}) as { signupUrl?: unknown };
  const lead = creditsLead(typeof b.signupUrl !== "string", 0);
  return { url: lead.url, label: lead.label };
}
