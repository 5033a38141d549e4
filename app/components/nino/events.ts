/**
 * Opening Nino's panel from anywhere (the floating button, the creation page's "Make it up with
 * Nino", the demo page's "Talk to Nino") without loading the panel's code up front: a window event
 * that the launcher, mounted once in the root layout, listens for.
 */
export const NINO_OPEN_EVENT = "storynest:nino-open";

export function openNino(): void {
  window.dispatchEvent(new CustomEvent(NINO_OPEN_EVENT));
}
