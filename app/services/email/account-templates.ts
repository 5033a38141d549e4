import { createElement } from "react";
import { AccountLink, type AccountLinkProps } from "./react/AccountLink";
import { AlreadyRegistered } from "./react/AlreadyRegistered";
import { ChangeEmail } from "./react/ChangeEmail";
import { ConfirmEmail } from "./react/ConfirmEmail";
import { ResetPassword } from "./react/ResetPassword";
import { renderEmail, safeHttpUrl, type RenderedEmail } from "./templates";

/**
 * The account e-mails: confirm an address (sign-up, or a new address), reset a password, and the
 * note to an address that already has an account when someone signs up with it again. Each link
 * works once; the text says how long it lasts.
 */
function linkProps(subject: string, intro: string, link: string, action: string, lasts: string | null, outro: string): AccountLinkProps {
  return { subject, intro, link: safeHttpUrl(link), action, lasts, outro };
}

export function confirmEmail(link: string): Promise<RenderedEmail> {
  const subject = "Confirm your e-mail address for StoryNest";
  return renderEmail(
    subject,
    createElement(
      ConfirmEmail,
      linkProps(
        subject,
        "Welcome to StoryNest! Please confirm your e-mail address to finish making your account.",
        link,
        "Confirm my address",
        "24 hours",
        "If you did not sign up for StoryNest, you can ignore this e-mail: nothing happens without the link.",
      ),
    ),
  );
}

export function resetPasswordEmail(link: string): Promise<RenderedEmail> {
  const subject = "Reset your StoryNest password";
  return renderEmail(
    subject,
    createElement(
      ResetPassword,
      linkProps(
        subject,
        "Someone (we hope you) asked to reset the password of your StoryNest account.",
        link,
        "Choose a new password",
        "1 hour",
        "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
      ),
    ),
  );
}

export function changeEmailEmail(link: string): Promise<RenderedEmail> {
  const subject = "Confirm your new e-mail address for StoryNest";
  return renderEmail(
    subject,
    createElement(
      ChangeEmail,
      linkProps(
        subject,
        "You asked to use this address for your StoryNest account. Please confirm it.",
        link,
        "Confirm my new address",
        "24 hours",
        "If you did not ask for this, you can ignore this e-mail: the account keeps its old address.",
      ),
    ),
  );
}

/** To the old address when a new one is asked for: the change can be stopped, or undone once made. */
export function emailChangeNoticeEmail(newAddress: string, stopLink: string): Promise<RenderedEmail> {
  const subject = "Your StoryNest e-mail address is about to change";
  return renderEmail(
    subject,
    createElement(
      AccountLink,
      linkProps(
        subject,
        `Someone signed in to your StoryNest account asked to change its e-mail address to ${newAddress}. If that was you, there is nothing to do.`,
        stopLink,
        "This was not me: stop the change",
        "7 days",
        "If the change was already made, the link puts your old address back and signs out every browser. Then choose a new password.",
      ),
    ),
  );
}

/** After a password reset or change: if it was not the parent, they can take the account back. */
export function passwordChangedEmail(resetLink: string): Promise<RenderedEmail> {
  const subject = "Your StoryNest password was changed";
  return renderEmail(
    subject,
    createElement(
      AccountLink,
      linkProps(
        subject,
        "The password of your StoryNest account was just changed, and every other browser was signed out. If that was you, there is nothing to do.",
        resetLink,
        "This was not me: choose a new password",
        null,
        "Any link to reset your password that we sent before this change no longer works.",
      ),
    ),
  );
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
