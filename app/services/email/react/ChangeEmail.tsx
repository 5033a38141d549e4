import { AccountLink, type AccountLinkProps } from "./AccountLink";

/** Confirm a new address for an account: the old one stays until the link is opened. */
export function ChangeEmail(p: AccountLinkProps) {
  return <AccountLink {...p} />;
}
