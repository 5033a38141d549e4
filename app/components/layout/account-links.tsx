import { Link } from "@remix-run/react";
import { SignOutButton } from "~/components/auth/SignOutButton";
import { buttonClass } from "~/components/ui/Button";

/** What the header knows of the signed-in parent: their first name only (null before the profile has one). */
export interface HeaderAccount {
  firstName: string | null;
}

export const ACCOUNT_LINKS = [
  { to: "/myaccount", label: "My account" },
  { to: "/profile", label: "Profile" },
  { to: "/user-credits", label: "Credits" },
  { to: "/myorders", label: "My orders" },
] as const;

export const menuItem =
  "flex min-h-11 w-full items-center rounded-xl px-3 text-left font-semibold text-ink transition-colors hover:bg-lavender-soft hover:text-plum focus-visible:bg-lavender-soft";

export function accountLabel(account: HeaderAccount): string {
  return account.firstName?.trim() || "My account";
}

/** The same, inside the phone menu: the account's links and Sign out, or Sign in and Create an account. */
export function MobileAccountLinks({ account, onNavigate }: { account: HeaderAccount | null; onNavigate: () => void }) {
  if (!account) {
    return (
      <div className="mt-4 grid grid-cols-2 gap-2 border-t border-ink/10 pt-4">
        <Link to="/auth/login" onClick={onNavigate} className={buttonClass("secondary", "md")}>
          Sign in
        </Link>
        <Link to="/auth/signup" onClick={onNavigate} className={buttonClass("ghost", "md")}>
          Create an account
        </Link>
      </div>
    );
  }
  return (
    <nav aria-label="Account" className="mt-4 border-t border-ink/10 pt-3">
      <p className="px-3 text-sm font-semibold text-ink-soft">
        Signed in as <span className="text-ink">{accountLabel(account)}</span>
      </p>
      <ul className="mt-1 grid gap-0.5">
        {ACCOUNT_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} onClick={onNavigate} className={menuItem}>
              {l.label}
            </Link>
          </li>
        ))}
        <li>
          <SignOutButton className={menuItem} />
        </li>
      </ul>
    </nav>
  );
}
