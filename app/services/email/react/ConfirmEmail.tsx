import { AccountLink, type AccountLinkProps } from "./AccountLink";

/** Confirm your e-mail address (sign-up): the account is made once the link is opened. */
export function ConfirmEmail(p: AccountLinkProps) {
  return <AccountLink {...p} />;
}
