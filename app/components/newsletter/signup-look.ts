import { SIGNUP_STATUS_TEXT, signupFailed, type SignupStatus } from "~/domain/newsletter";

/** What the /newsletter action answers a sign-up sent by script. */
export interface SignupAnswer {
  status: SignupStatus;
  message: string;
}

/** The field's border: red while the address is wrong. */
export const FIELD_BORDER = { invalid: "border-coral-dark", valid: "border-ink/15" } as const;
/** The box the result shows in: a problem, or done. */
export const STATUS_BOX = { failed: "border-2 border-coral-dark/40 bg-paper p-3", done: "border-2 border-mint bg-mint-soft p-3" } as const;

/**
 * How a sign-up form looks for a status (none yet, or the last answer): shared by the form drawn by
 * React (./NewsletterSignup) and the footer's kept markup drawn on (./signup-draw), so both look alike.
 */
export function signupLook(status: SignupStatus | null, id: string) {
  const failed = status !== null && signupFailed(status);
  return {
    failed,
    invalid: status === "invalid",
    describedBy: failed ? `${id}-status` : `${id}-promise`,
    border: status === "invalid" ? FIELD_BORDER.invalid : FIELD_BORDER.valid,
    box: status ? (failed ? STATUS_BOX.failed : STATUS_BOX.done) : undefined,
    text: status ? SIGNUP_STATUS_TEXT[status] : "",
  };
}

/** The Subscribe button's words while a sign-up is on its way, and otherwise. */
export const submitLabel = (busy: boolean) => (busy ? "Subscribing…" : "Subscribe");
