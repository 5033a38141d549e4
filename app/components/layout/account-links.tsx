/** What the header knows of the signed-in parent: their first name only (null before the profile has one). */
export interface HeaderAccount {
  firstName: string | null;
}

export const ACCOUNT_LINKS = [
  { to: "/myaccount", label: "My account" },
  { to: "/profile", label: "Profile" },
  { to: "/myaccount/children", label: "My children" },
  { to: "/user-credits", label: "Credits" },
  { to: "/myorders", label: "My orders" },
] as const;

export const menuItem =
  "flex min-h-11 w-full items-center rounded-xl px-3 text-left font-semibold text-ink transition-colors hover:bg-lavender-soft hover:text-plum focus-visible:bg-lavender-soft";

export function accountLabel(account: HeaderAccount): string {
  return account.firstName?.trim() || "My account";
}
