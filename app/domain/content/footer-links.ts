/**
 * The footer's link groups (every page shows them). Apart from the sitemap's list of pages
 * (./site-pages), which only the sitemaps read, so a page's first JavaScript holds only these.
 */
export const FOOTER_GROUPS: ReadonlyArray<{ title: string; links: ReadonlyArray<{ to: string; label: string }> }> = [
  {
    title: "Stories",
    links: [
      { to: "/createstory", label: "Create a story" },
      { to: "/real-stories", label: "Sample stories" },
      { to: "/pricing", label: "Prices" },
      { to: "/library", label: "Library" },
      { to: "/blog", label: "Blog" },
    ],
  },
  {
    title: "StoryNest",
    links: [
      { to: "/about", label: "About us" },
      { to: "/faq", label: "FAQ" },
      { to: "/contact", label: "Contact" },
      { to: "/sitemap", label: "Sitemap" },
    ],
  },
  {
    title: "The small print",
    links: [
      { to: "/terms", label: "Terms" },
      { to: "/returns", label: "Refunds and returns" },
      { to: "/cookies", label: "Cookies" },
      { to: "/privacy", label: "Privacy" },
    ],
  },
];
