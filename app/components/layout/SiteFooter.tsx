import { Link } from "@remix-run/react";

export function SiteFooter() {
  return (
    <footer className="border-t border-ink/10 bg-paper">
      <div className="mx-auto max-w-6xl px-4 py-8 text-ink-soft">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            {["about", "faq", "contact", "terms", "returns", "cookies", "privacy", "sitemap"].map((p) => (
              <li key={p}>
                <Link to={`/${p}`} className="capitalize hover:text-ink">
                  {p}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4 text-sm">© {new Date().getFullYear()} StoryNest</p>
      </div>
    </footer>
  );
}
