/** The public pages of the site, in the order the HTML sitemap shows them. */
export interface SitePage {
  path: string;
  title: string;
  /** One line for the HTML sitemap. */
  summary: string;
  group: "Stories" | "About StoryNest" | "Help and legal";
}

export const SITE_PAGES: readonly SitePage[] = [
  { path: "/", title: "Home", summary: "What StoryNest is, the story themes and how it works.", group: "Stories" },
  { path: "/createstory", title: "Create a story", summary: "Make a personalised, illustrated book starring your child.", group: "Stories" },
  { path: "/real-stories", title: "Sample stories", summary: "Read books other families have made.", group: "Stories" },
  { path: "/pricing", title: "Prices", summary: "Credit packs and the monthly plan, in your own currency.", group: "Stories" },
  { path: "/library", title: "Library", summary: "Every book you have made, ready to read again.", group: "Stories" },
  { path: "/blog", title: "Blog", summary: "Ideas for reading, bedtime and growing up together.", group: "About StoryNest" },
  { path: "/about", title: "About us", summary: "Who makes StoryNest and why.", group: "About StoryNest" },
  { path: "/faq", title: "Questions and answers", summary: "Credits, photos, printing, Nino, refunds and more.", group: "Help and legal" },
  { path: "/contact", title: "Contact us", summary: "Write to the StoryNest team.", group: "Help and legal" },
  { path: "/terms", title: "Terms of use", summary: "The agreement between you and StoryNest.", group: "Help and legal" },
  { path: "/returns", title: "Refunds and returns", summary: "You never pay for a book you did not get.", group: "Help and legal" },
  { path: "/privacy", title: "Privacy policy", summary: "What we keep about your child, for how long, and how to delete it.", group: "Help and legal" },
  { path: "/cookies", title: "Cookie policy", summary: "The few cookies we use and how to choose.", group: "Help and legal" },
  { path: "/sitemap", title: "Sitemap", summary: "Every public page on one page.", group: "Help and legal" },
];
