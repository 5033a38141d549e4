import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { buildReport, describeError, newErrorId, reportClientError } from "~/components/overlays/error-report";
import type { StoryFormActionData } from "./page-data";
import { isUnsentSubmission, type UnsentSubmission } from "./unsent";
import { readFormValues } from "./values";

/**
 * The story form's submission in the browser. The form posts to the page's own action; when no
 * usable answer comes back (the connection dropped, the server restarted mid-request and answered
 * with a plain-text 503, an HTML error page, a body cut short, a server error), the parent stays on
 * the form with everything they typed and a clear message, instead of the crash screen. Pressing
 * Create again sends the same idempotency key, so a book the first try did start is found and
 * opened, never made twice (the key is kept for the life of the form: see StoryFormPage).
 */

export const SUBMIT_FAILED_MESSAGE =
  "We couldn't hear back from StoryNest, so your book may not have started. Everything you typed is still here: press Create again. If the book did start, you'll go straight to it and won't be charged twice.";

export async function storyFormClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<StoryFormActionData> {
  // A copy of what was sent, read only if the server's answer is lost.
  const sent = request.clone();
  try {
    return await serverAction<StoryFormActionData>();
  } catch (error) {
    // A redirect (to the new book) is the router's to follow.
    if (error instanceof Response) throw error;
    const path = new URL(request.url).pathname;
    reportClientError(buildReport(newErrorId(), new Error(`The story form's submission got no usable answer: ${describeError(error).message}`), path));
    const values = readFormValues(await sent.formData().catch(() => new FormData()));
    const unsent: UnsentSubmission = { values, errors: {}, notice: { kind: "error", message: SUBMIT_FAILED_MESSAGE }, unsent: true };
    return unsent;
  }
}

/**
 * After a submission that got no answer, the page's data is not reloaded: the server may still be
 * unreachable, and a failed reload would replace the form with the crash screen.
 */
export function skipRevalidationAfterUnsent({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isUnsentSubmission(actionResult) ? false : defaultShouldRevalidate;
}
