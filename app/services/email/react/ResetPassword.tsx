import { AccountLink, type AccountLinkProps } from "./AccountLink";

/** Reset a password: the link chooses a new one. */
export function ResetPassword(p: AccountLinkProps) {
  return <AccountLink {...p} />;
}
