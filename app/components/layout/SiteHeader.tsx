import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Modal } from "~/components/ui/Modal";
import { ChevronRightIcon, CloseIcon, MenuIcon, SparklesIcon } from "~/components/ui/icons";
import { AccountMenu, MobileAccountLinks, type HeaderAccount } from "./AccountMenu";
import { LogoMark, Nino } from "./illustrations";

export const MAIN_NAV = [
  { to: "/createstory", label: "Create a story" },
  { to: "/library", label: "Library" },
  { to: "/real-stories", label: "Sample stories" },
  { to: "/pricing", label: "Prices" },
  { to: "/blog", label: "Blog" },
] as const;

const MENU_EXTRAS = [
  { to: "/about", label: "About us" },
  { to: "/faq", label: "Questions and answers" },
  { to: "/contact", label: "Contact" },
] as const;

export function Wordmark({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <LogoMark className="size-10 shrink-0 drop-shadow-sm" />
      <span className={cn("font-display text-[1.6rem] font-semibold leading-none tracking-tight", tone === "dark" ? "text-ink" : "text-cream")}>
        Story<span className={tone === "dark" ? "text-coral" : "text-sun"}>Nest</span>
      </span>
    </span>
  );
}

const desktopLink =
  "inline-flex min-h-11 items-center rounded-full px-3.5 font-semibold text-ink-soft transition-colors hover:bg-ink/5 hover:text-ink aria-[current=page]:bg-lavender-soft aria-[current=page]:text-plum";

/** `account`: the signed-in parent (their first name), or null for a visitor. */
export function SiteHeader({ account = null }: { account?: HeaderAccount | null }) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (a link in the menu, back/forward) closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  const [create, ...rest] = MAIN_NAV;

  return (
    <header className="sticky top-0 z-40 border-b border-ink/10 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
      <div className="mx-auto flex h-[4.5rem] max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="-ml-1 flex min-h-11 items-center rounded-2xl px-1" aria-label="StoryNest, home">
          <Wordmark />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {rest.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} prefetch={n.to === "/library" ? "intent" : "none"} className={desktopLink}>
                  {n.label}
                </NavLink>
              </li>
            ))}
            <li>
              <AccountMenu account={account} />
            </li>
            <li className="ml-2">
              <NavLink to={create.to} className={buttonClass("primary", "md")}>
                <SparklesIcon />
                {create.label}
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2 lg:hidden">
          {/* phones have the account in the menu: the bar has no room beside the name */}
          <div className="hidden sm:block">
            <AccountMenu account={account} />
          </div>
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className={buttonClass("secondary", "sm", "gap-2 pl-3.5 pr-4")}
          >
            <MenuIcon className="size-5" />
            <span>Menu</span>
          </button>
          <Modal
            open={open}
            onOpenChange={setOpen}
            label="Menu"
            returnFocusTo={menuButton}
            className="fixed inset-x-2 top-2 max-h-[calc(100dvh-1rem)] animate-[menu-in_180ms_ease-out] overflow-y-auto rounded-[1.75rem] bg-cream p-4 shadow-lift outline-none sm:inset-x-auto sm:right-3 sm:w-[24rem]"
          >
            <div className="flex items-center justify-between gap-3">
              <Wordmark />
              <button type="button" onClick={() => setOpen(false)} className={buttonClass("ghost", "sm", "size-11 px-0")} aria-label="Close menu">
                <CloseIcon className="size-6" strokeWidth={2.6} />
              </button>
            </div>
            <nav aria-label="Main" className="mt-4">
              <ul className="grid gap-1.5">
                {MAIN_NAV.map((n, i) => (
                  <li key={n.to}>
                    <NavLink
                      to={n.to}
                      prefetch={n.to === "/library" ? "intent" : "none"}
                      onClick={() => setOpen(false)}
                      className={cn(
                        "flex min-h-14 items-center justify-between rounded-2xl px-4 text-lg font-bold transition-colors",
                        i === 0
                          ? "bg-coral text-white hover:bg-coral-dark"
                          : "bg-paper text-ink shadow-card hover:bg-peach aria-[current=page]:bg-lavender-soft aria-[current=page]:text-plum",
                      )}
                    >
                      {n.label}
                      <ChevronRightIcon className="size-5 opacity-70" strokeWidth={2.4} />
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <ul className="mt-4 flex flex-wrap gap-x-1 gap-y-0 border-t border-ink/10 pt-3">
              {MENU_EXTRAS.map((n) => (
                <li key={n.to}>
                  <Link
                    to={n.to}
                    onClick={() => setOpen(false)}
                    className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-ink-soft underline-offset-4 hover:text-ink hover:underline"
                  >
                    {n.label}
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to="/nino-demo"
              onClick={() => setOpen(false)}
              className="mt-3 flex min-h-16 items-center gap-3 rounded-2xl bg-lavender-soft p-3 text-ink transition-colors hover:bg-lavender/40"
            >
              <Nino className="size-12 shrink-0" />
              <span className="text-sm leading-snug">
                <strong className="block font-display text-base font-semibold">Meet Nino</strong>A kind companion who helps your child dream up stories.
              </span>
            </Link>
            <MobileAccountLinks account={account} onNavigate={() => setOpen(false)} />
          </Modal>
        </div>
      </div>
    </header>
  );
}
