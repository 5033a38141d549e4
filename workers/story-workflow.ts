import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";

export interface StoryWorkflowParams {
  bookId: string;
}

/**
 * Making a book, one durable instance per book. The steps (create the record, write the story,
 * illustrate every page, charge once) arrive with the "Make a book" issue; the class is bound now so
 * the Worker's shape is final from the start.
 */
export class StoryWorkflow extends WorkflowEntrypoint<Env, StoryWorkflowParams> {
  async run(event: WorkflowEvent<StoryWorkflowParams>, step: WorkflowStep) {
    return step.do("acknowledge", async () => ({ bookId: event.payload.bookId, acknowledgedAt: new Date().toISOString() }));
  }
}
