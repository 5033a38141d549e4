import { Link, NavLink } from "@remix-run/react";

const NAV = [
  { to: "/createstory", label: "Create a story" },
  { to: "/library", label: "Library" },
  { to: "/real-stories", label: "Sample stories" },
  { to: "/pricing", label: "Pricing" },
  { to: "/blog", label: "Blog" },
];

export function SiteHeader() {
  return (
    <header className="border-b border-ink/10 bg-cream/90">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-display text-2xl font-semibold text-ink">
          StoryNest
        </Link>
        <nav aria-label="Main">
          <ul className="flex gap-4">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} className="rounded-lg px-2 py-2 text-ink-soft hover:text-ink">
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
