import type { StoryFormActionData } from "./page-data";

/**
 * Action data for a story-form submission that got no usable answer from the server (see
 * client-action.ts). Apart so that the root route can tell it without loading the form's code.
 */
export interface UnsentSubmission extends StoryFormActionData {
  unsent: true;
}

export function isUnsentSubmission(result: unknown): result is UnsentSubmission {
  return typeof result === "object" && result !== null && (result as { unsent?: unknown }).unsent === true;
}
