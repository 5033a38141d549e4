import { Link, NavLink } from "@remix-run/react";
import type { RefObject } from "react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Modal } from "~/components/ui/Modal";
import { ChevronRightIcon, CloseIcon } from "~/components/ui/icons";
import type { HeaderAccount } from "./account-links";
import { MobileAccountLinks } from "./mobile-account-links";
import { Nino } from "./nino-art";
import { MAIN_NAV, Wordmark } from "./SiteHeader";

const MENU_EXTRAS = [
  { to: "/about", label: "About us" },
  { to: "/faq", label: "Questions and answers" },
  { to: "/contact", label: "Contact" },
] as const;

/** The phone menu (a modal dialog), loaded when someone reaches for the header's menu button. */
export function HeaderMenu({
  open,
  onOpenChange: setOpen,
  returnFocusTo: menuButton,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement>;
  account: HeaderAccount | null;
}) {
  return (
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
  );
}
