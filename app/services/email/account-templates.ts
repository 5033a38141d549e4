import { createElement, type ReactElement } from "react";
import { AccountLink, type AccountLinkProps } from "./react/AccountLink";
import { AlreadyRegistered } from "./react/AlreadyRegistered";
import { ChangeEmail } from "./react/ChangeEmail";
import { ConfirmEmail } from "./react/ConfirmEmail";
import { ResetPassword } from "./react/ResetPassword";
import { renderEmail, safeHttpUrl, type RenderedEmail } from "./templates";

/**
 * The account e-mails: confirm an address (sign-up, or a new address), reset a password, the notes
 * to the old address of a change and after a new password, and the note to an address that already
 * has an account when someone signs up with it again. A link that works once says how long it lasts.
 */
type LinkEmail = Omit<AccountLinkProps, "link"> & { link: string };

/** One of the link e-mails: its subject, its words and the one link (dropped when it is not a safe http(s) address). */
function linkEmail(component: (p: AccountLinkProps) => ReactElement, p: LinkEmail): Promise<RenderedEmail> {
  return renderEmail(p.subject, createElement(component, { ...p, link: safeHttpUrl(p.link) }));
}

export function confirmEmail(link: string): Promise<RenderedEmail> {
  return linkEmail(ConfirmEmail, {
    subject: "Confirm your e-mail address for StoryNest",
    intro: "Welcome to StoryNest! Please confirm your e-mail address to finish making your account.",
    link,
    action: "Confirm my address",
    lasts: "24 hours",
    outro: "If you did not sign up for StoryNest, you can ignore this e-mail: nothing happens without the link.",
  });
}

export function resetPasswordEmail(link: string): Promise<RenderedEmail> {
  return linkEmail(ResetPassword, {
    subject: "Reset your StoryNest password",
    intro: "Someone (we hope you) asked to reset the password of your StoryNest account.",
    link,
    action: "Choose a new password",
    lasts: "1 hour",
    outro: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  });
}

export function changeEmailEmail(link: string): Promise<RenderedEmail> {
  return linkEmail(ChangeEmail, {
    subject: "Confirm your new e-mail address for StoryNest",
    intro: "You asked to use this address for your StoryNest account. Please confirm it.",
    link,
    action: "Confirm my new address",
    lasts: "24 hours",
    outro: "If you did not ask for this, you can ignore this e-mail: the account keeps its old address.",
  });
}

/** To the old address when a new one is asked for: the change can be stopped, or undone once made. */
export function emailChangeNoticeEmail(newAddress: string, stopLink: string): Promise<RenderedEmail> {
  return linkEmail(AccountLink, {
    subject: "Your StoryNest e-mail address is about to change",
    intro: `Someone signed in to your StoryNest account asked to change its e-mail address to ${newAddress}. If that was you, there is nothing to do.`,
    link: stopLink,
    action: "This was not me: stop the change",
    lasts: "7 days",
    outro: "If the change was already made, the link puts your old address back and signs out every browser. Then choose a new password.",
  });
}

/** After a password reset or change: if it was not the parent, they can take the account back. */
export function passwordChangedEmail(resetLink: string): Promise<RenderedEmail> {
  return linkEmail(AccountLink, {
    subject: "Your StoryNest password was changed",
    intro: "The password of your StoryNest account was just changed, and every other browser was signed out. If that was you, there is nothing to do.",
    link: resetLink,
    action: "This was not me: choose a new password",
    lasts: null,
    outro: "Any link to reset your password that we sent before this change no longer works.",
  });
}

/** To an address that has an account already, when someone signs up with it (the page says the same either way). */
export function alreadyRegisteredEmail(signInLink: string, resetLink: string): Promise<RenderedEmail> {
  const subject = "You already have a StoryNest account";
  return renderEmail(
    subject,
    createElement(AlreadyRegistered, {
      subject,
      intro: "Someone (we hope you) tried to sign up for StoryNest with this address, which already has an account.",
      signInUrl: safeHttpUrl(signInLink),
      resetUrl: safeHttpUrl(resetLink),
    }),
  );
}
