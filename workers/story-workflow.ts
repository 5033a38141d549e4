import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { parseEnv } from "../app/services/env.server";
import { drawStep, failStep, finishStep, pagesToDraw, PermanentFailure, recordStep, writeStep } from "../app/services/books/generate.server";
import { createServices } from "../app/services/services.server";
import { timed } from "../app/services/books/timings.server";
import { limitDrawing } from "../app/services/books/draw-slots.server";
import { log } from "../app/services/log.server";
import { siteFor } from "../app/services/email/site.server";

export interface StoryWorkflowParams {
  bookId: string;
  /** the site's address for the links in the story e-mail: WEBSITE_URL, else the origin the book was made on */
  site?: string;
}

/** Pictures drawn at once: bounded, so a provider is not flooded and the Worker stays in budget. */
export const DEFAULT_IMAGE_CONCURRENCY = 4;

const PARENT = "PARENT:";
const DEFAULT_FAILURE = "We couldn't finish this book. You have not been charged. Please try again in a moment.";

const WRITE: WorkflowStepConfig = { retries: { limit: 3, delay: "2 seconds", backoff: "exponential" }, timeout: "10 minutes" };
// A page may take the book's portrait, then up to three drawings, each checked (OpenAI's illustrator).
const DRAW: WorkflowStepConfig = { retries: { limit: 4, delay: "2 seconds", backoff: "exponential" }, timeout: "10 minutes" };
const QUICK: WorkflowStepConfig = { retries: { limit: 5, delay: "1 second", backoff: "exponential" }, timeout: "1 minute" };

/** A failure no retry can mend stops the retries and carries the parent's message. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PermanentFailure) throw new NonRetryableError(`${PARENT}${error.parentMessage}`);
    throw error;
  }
}

/** Runs `task` over `items` with at most `limit` at once, keeping every slot busy. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Making a book, one durable instance per book (per attempt). Every step is idempotent, so the
 * engine may replay any of them after a crash: pages already drawn are skipped and the charge is
 * keyed by the book. A book that finally fails is marked failed and never charged.
 */
export class StoryWorkflow extends WorkflowEntrypoint<Env, StoryWorkflowParams> {
  async run(event: WorkflowEvent<StoryWorkflowParams>, step: WorkflowStep) {
    const { bookId } = event.payload;
    const env = parseEnv(this.env);
    const services = createServices(env, this.ctx);
    // The offline (and quick) illustrator renders on this isolate's CPU, one render at a time whatever we do (a
    // render is one synchronous call); two page steps run, so one page's storing and records
    // overlap the next page's render, and a request waits for at most one render. Remote providers
    // wait on the network, so they draw IMAGE_CONCURRENCY at once; three times as many page steps
    // run: while one round's pictures are watermarked and stored (CPU on this one thread, slower on
    // a busy machine), the next round is with the provider and a third is already queued for its
    // slots, so a slot is handed on the moment the provider answers, never left idle until a page
    // step finishes (the provider still never has more than IMAGE_CONCURRENCY pictures in hand).
    const offline = ["offline", "quick"].includes(services.generation.illustrator.name);
    const concurrency = offline ? 1 : (env.secrets.IMAGE_CONCURRENCY ?? DEFAULT_IMAGE_CONCURRENCY);
    const deps = offline ? services.generation : { ...services.generation, illustrator: limitDrawing(services.generation.illustrator, concurrency) };
    const steps = offline ? 2 : concurrency * 3;
    try {
      // Each step's body is timed (shown at /test/timing); a replayed step is not run, so not timed twice.
      const db = services.db;
      await step.do("create the story record", QUICK, () => guarded(() => timed(db, bookId, "record", () => recordStep(db, bookId))));
      await step.do("write the story", WRITE, () => guarded(() => timed(db, bookId, "write", () => writeStep(deps, bookId))));
      const todo = await step.do("list the pages to draw", QUICK, () => guarded(() => pagesToDraw(db, bookId)));
      await pool(todo, steps, (n) =>
        step.do(`draw page ${n}`, DRAW, () => guarded(() => timed(db, bookId, `draw page ${n}`, () => drawStep(deps, bookId, n)))),
      );
      const finished = await step.do("charge once and finish", QUICK, () => guarded(() => timed(db, bookId, "finish", () => finishStep(db, bookId))));
      // The owner's default story privacy (private, family shares or a public link), claimed once per
      // book; before the story e-mail so its link is the public one. The cron sweep applies it if this
      // step never ran; a failure here never touches the finished book.
      await step.do("apply the default privacy", QUICK, async () => {
        try {
          const outcome = await services.social.defaultPrivacy.apply(bookId, siteFor(env, event.payload.site));
          return typeof outcome === "string" ? outcome : `family: ${outcome.family}`;
        } catch (error) {
          log.error("default privacy could not be applied", { bookId, error: error instanceof Error ? error.message : String(error) });
          return "left for the sweep";
        }
      });
      // The story e-mail, once (its id is the book's): a failure here never touches the finished book,
      // and the cron sweep queues it if this step never ran.
      await step.do("e-mail the parent", QUICK, async () => {
        try {
          const sent = await services.notifications.storyReady(bookId, siteFor(env, event.payload.site));
          return sent.ok ? sent.delivery.status : sent.reason;
        } catch (error) {
          log.error("story e-mail could not be queued", { bookId, error: error instanceof Error ? error.message : String(error) });
          return "left for the sweep";
        }
      });
      // Analytics: only when this book's start was recorded (the parent accepted); never fails the book.
      await step.do("record the finish for analytics", QUICK, () => services.analytics.followUp("book_started", "book_finished", { bookId }));
      return finished;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const parentMessage = message.includes(PARENT) ? message.slice(message.indexOf(PARENT) + PARENT.length) : DEFAULT_FAILURE;
      log.error("book failed", { bookId, error: message });
      await step.do("mark the book failed", QUICK, () => failStep(services.db, bookId, parentMessage));
      await step.do("record the failure for analytics", QUICK, () => services.analytics.followUp("book_started", "book_failed", { bookId }));
      return { failed: true };
    }
  }
}
