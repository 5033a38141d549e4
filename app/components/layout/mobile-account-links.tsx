import { Link } from "@remix-run/react";
import { SignOutButton } from "~/components/auth/SignOutButton";
import { buttonClass } from "~/components/ui/Button";
import { ACCOUNT_LINKS, accountLabel, menuItem, type HeaderAccount } from "./account-links";

/** The header's account links inside the phone menu (loaded with the menu, ./HeaderMenu): the account's links and Sign out, or Sign in and Create an account. */
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
