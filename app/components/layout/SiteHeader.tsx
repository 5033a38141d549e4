import { Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { MenuIcon, SparklesIcon } from "~/components/ui/icons-core";
import type { HeaderAccount } from "./account-links";
import { AccountMenu } from "./AccountMenu";
import { LogoMark } from "./brand-art";

export const MAIN_NAV = [
  { to: "/createstory", label: "Create a story" },
  { to: "/library", label: "Library" },
  { to: "/real-stories", label: "Sample stories" },
  { to: "/pricing", label: "Prices" },
  { to: "/blog", label: "Blog" },
] as const;

// The phone menu's dialog loads when someone reaches for the menu button (a pointer over it, a
// touch, focus) and opens as soon as it is here: every page loads the header, few open the menu.
const loadMenu = () => import("./HeaderMenu");
type MenuProps = ComponentProps<typeof import("./HeaderMenu").HeaderMenu>;
const HeaderMenu = lazy(() =>
  loadMenu().then(
    (m): { default: (props: MenuProps) => JSX.Element | null } => ({ default: m.HeaderMenu }),
    // offline when first opened: said under the button instead of losing the page; tried again on the next page
    () => ({ default: MenuUnavailable }),
  ),
);

function MenuUnavailable({ open }: MenuProps) {
  return open ? (
    <p role="alert" className="absolute inset-x-4 top-full mt-2 rounded-2xl bg-paper p-4 text-center text-ink shadow-md">
      The menu could not be opened just now. Please check your connection and reload the page.
    </p>
  ) : null;
}

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
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => void loadMenu().catch(() => undefined);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (a link in the menu, back/forward) closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  const [create, ...rest] = MAIN_NAV;

  return (
    <header className="sticky top-0 z-40 [@media(max-height:30rem)]:static border-b border-ink/10 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
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
            onClick={() => {
              setMenuWanted(true);
              setOpen(true);
            }}
            onPointerEnter={preloadMenu}
            onPointerDown={preloadMenu}
            onFocus={preloadMenu}
            className={buttonClass("secondary", "sm", "gap-2 pl-3.5 pr-4")}
          >
            <MenuIcon className="size-5" />
            <span>Menu</span>
          </button>
          {menuWanted ? (
            <Suspense fallback={null}>
              <HeaderMenu open={open} onOpenChange={setOpen} returnFocusTo={menuButton} account={account} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
