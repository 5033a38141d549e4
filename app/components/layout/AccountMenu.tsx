import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SignOutButton } from "~/components/auth/SignOutButton";
import { ChevronDownIcon } from "~/components/ui/icons-core";
import { ACCOUNT_LINKS, accountLabel, menuItem, type HeaderAccount } from "./account-links";

/**
 * The header's account control. Signed out: "Sign in". Signed in: the parent's first name as a
 * disclosure (<details>, so it opens with the keyboard and without JavaScript) with their account
 * pages and Sign out, a form post that works without JavaScript too. With JavaScript it also closes
 * on Escape, on a click elsewhere and on navigation.
 */
export function AccountMenu({ account }: { account: HeaderAccount | null }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const close = (focusSummary: boolean) => {
      const details = ref.current;
      if (!details?.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  if (!account) {
    return (
      <Link
        to="/auth/login"
        className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3.5 font-semibold text-ink-soft transition-colors hover:bg-ink/5 hover:text-ink"
        data-testid="header-sign-in"
      >
        Sign in
      </Link>
    );
  }
  const label = accountLabel(account);
  return (
    <details ref={ref} className="group relative" data-testid="account-menu">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1.5 pr-3 font-semibold text-ink transition-colors hover:bg-ink/5 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-lavender-soft font-display text-lg text-plum">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="max-w-[9rem] truncate" data-testid="account-name">
          {label}
        </span>
        <span className="sr-only">, account menu</span>
        <ChevronDownIcon className="size-4 text-ink-soft transition-transform group-open:rotate-180" />
      </summary>
      <nav aria-label="Account" className="absolute right-0 top-full z-50 mt-2 w-60 rounded-2xl bg-paper p-2 shadow-lift ring-1 ring-ink/10">
        <ul className="grid gap-0.5">
          {ACCOUNT_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={menuItem}>
                {l.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-ink/10 pt-1">
            <SignOutButton className={menuItem} />
          </li>
        </ul>
      </nav>
    </details>
  );
}
