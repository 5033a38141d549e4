import { FIELD_BORDER, signupLook, STATUS_BOX, submitLabel, type SignupAnswer } from "./signup-look";

/**
 * Draws a sign-up's progress and answer on a form the browser kept from the server's markup (the
 * footer's, app/components/layout/Footer.tsx), as ./NewsletterSignup draws them: the button busy,
 * then the answer in the status line, the field marked when the address is wrong, and the focus
 * moved to the field when something is wrong. `id` is the form's anchor (its elements' id prefix).
 */
export function drawSignup(section: HTMLElement, id: string, busy: boolean, answer: SignupAnswer | undefined): void {
  const button = section.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) {
    button.disabled = busy;
    button.textContent = submitLabel(busy);
  }
  if (!answer) return;
  const look = signupLook(answer.status, id);
  const input = section.querySelector<HTMLInputElement>(`#${id}-email`);
  if (input) {
    if (look.invalid) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", look.describedBy);
    input.classList.remove(FIELD_BORDER.invalid, FIELD_BORDER.valid);
    input.classList.add(look.border);
  }
  const status = section.querySelector<HTMLElement>(`#${id}-status`);
  if (status) {
    status.classList.remove(...STATUS_BOX.failed.split(" "), ...STATUS_BOX.done.split(" "));
    if (look.box) status.classList.add(...look.box.split(" "));
    status.dataset.status = answer.status;
    status.textContent = look.text;
  }
  if (!busy && look.failed) input?.focus();
}
