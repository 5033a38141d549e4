import { button, escapeHtml, frame, type RenderedEmail } from "./templates";

/**
 * The account e-mails: confirm an address (sign-up, or a new address), reset a password, and the
 * note to an address that already has an account when someone signs up with it again. Each link
 * works once; the text says how long it lasts.
 */
function linkEmail(subject: string, intro: string, link: string, action: string, lasts: string, outro: string): RenderedEmail {
  const html = frame(
    subject,
    `<p style="margin:0 0 14px">${escapeHtml(intro)}</p>${button(link, action)}` +
      `<p style="margin:0 0 14px;font-size:14px;color:#5b5470">The link works once and lasts ${escapeHtml(lasts)}. If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>` +
      `<p style="margin:0;font-size:14px;color:#5b5470">${escapeHtml(outro)}</p>`,
  );
  const text = [intro, "", `${action}: ${link}`, "", `The link works once and lasts ${lasts}.`, "", outro].join("\n");
  return { subject, html, text };
}

export function confirmEmail(link: string): RenderedEmail {
  return linkEmail(
    "Confirm your e-mail address for StoryNest",
    "Welcome to StoryNest! Please confirm your e-mail address to finish making your account.",
    link,
    "Confirm my address",
    "24 hours",
    "If you did not sign up for StoryNest, you can ignore this e-mail: nothing happens without the link.",
  );
}

export function resetPasswordEmail(link: string): RenderedEmail {
  return linkEmail(
    "Reset your StoryNest password",
    "Someone (we hope you) asked to reset the password of your StoryNest account.",
    link,
    "Choose a new password",
    "1 hour",
    "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  );
}

export function changeEmailEmail(link: string): RenderedEmail {
  return linkEmail(
    "Confirm your new e-mail address for StoryNest",
    "You asked to use this address for your StoryNest account. Please confirm it.",
    link,
    "Confirm my new address",
    "24 hours",
    "If you did not ask for this, you can ignore this e-mail: the account keeps its old address.",
  );
}

/** To an address that has an account already, when someone signs up with it (the page says the same either way). */
export function alreadyRegisteredEmail(signInLink: string, resetLink: string): RenderedEmail {
  const subject = "You already have a StoryNest account";
  const intro = "Someone (we hope you) tried to sign up for StoryNest with this address, which already has an account.";
  const html = frame(
    subject,
    `<p style="margin:0 0 14px">${escapeHtml(intro)}</p>${button(signInLink, "Sign in")}` +
      `<p style="margin:0 0 14px">Forgot your password? <a href="${escapeHtml(resetLink)}">Reset it here</a>.</p>` +
      `<p style="margin:0;font-size:14px;color:#5b5470">If this was not you, you can ignore this e-mail.</p>`,
  );
  const text = [intro, "", `Sign in: ${signInLink}`, `Forgot your password? ${resetLink}`, "", "If this was not you, you can ignore this e-mail."].join("\n");
  return { subject, html, text };
}
