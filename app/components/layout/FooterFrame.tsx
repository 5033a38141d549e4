import type { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { MarketChoice } from "~/components/pricing/MarketPicker";
import type { PlainLink } from "~/components/ui/PlainLink";
import { FOOTER_GROUPS } from "~/domain/content/footer-links";
import type { MarketSource } from "~/domain/pricing/markets";
import { Wave } from "./brand-art";
import { Wordmark } from "./SiteHeader";

export type FooterMarket = (MarketChoice & { source: MarketSource }) | null;

/** The footer's newsletter form and market picker, the same in the browser's footer and the server's. */
export const NEWSLETTER = { form: "footer", tone: "dark", className: "mt-8 max-w-md" } as const;
export const PICKER = { idPrefix: "footer", tone: "dark", label: "Prices shown in" } as const;

/** The footer around its newsletter form and market picker; `LinkTo` draws its links. */
export function FooterFrame({ LinkTo, newsletter, picker }: { LinkTo: typeof Link | typeof PlainLink; newsletter: ReactNode; picker: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className="relative mt-8 bg-night text-cream">
      <Wave className="absolute inset-x-0 -top-[29px] h-[30px] w-full" fill="#2f2a5a" />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-28 pt-12 sm:px-6 md:grid-cols-[1.3fr_2fr] md:pb-24">
        <div>
          <LinkTo to="/" className="-ml-1 inline-flex min-h-11 items-center rounded-2xl px-1" aria-label="StoryNest, home">
            <Wordmark tone="light" />
          </LinkTo>
          <p className="mt-4 max-w-xs text-base leading-relaxed text-cream/90">
            Personalised storybooks where your child is the hero, and Nino, a gentle friend for story time. Made with care for families.
          </p>
          {newsletter}
          {picker ? <div className="mt-6 max-w-sm">{picker}</div> : null}
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="font-display text-lg font-semibold text-sun">{group.title}</h2>
              <ul className="mt-2">
                {group.links.map((l) => (
                  <li key={l.to}>
                    <LinkTo to={l.to} className="inline-flex min-h-11 items-center text-cream/90 underline-offset-4 hover:text-white hover:underline">
                      {l.label}
                    </LinkTo>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-cream/15">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-cream/80 sm:px-6">© {year} StoryNest. Bedtime stories, made together.</p>
      </div>
    </footer>
  );
}
