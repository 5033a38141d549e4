import type { Owner } from "../db/owner.server";
import type { StoryFormInput } from "~/domain/story/form";
import { quickIllustrator } from "../ai/quick-illustrator.server";
import type { Db } from "../db/client.server";
import type { Moderator } from "../moderation/types";
import { createBookService, type CreateResult } from "./books.server";
import { drawStep, finishStep, pagesToDraw, recordStep, writeStep, type GenerateDeps } from "./generate.server";

type BookWorkflow = Workflow<{ bookId: string; site?: string }>;

/** A Workflow binding that starts nothing: the book is made right here instead. */
const noWorkflow = { create: async () => ({}), get: async () => ({}), createBatch: async () => [] } as unknown as BookWorkflow;

/**
 * A finished book for POST /api/test/books (workers/api/dev-only.ts, outside production only): the
 * record made and its credit held as POST /api/books makes it, then the book Workflow's own steps run
 * in this request (workers/story-workflow.ts): recorded, written by the configured writer, every page
 * drawn by the quick illustrator (plain pictures in milliseconds), charged once and finished. For the
 * end-to-end tests that need a finished book only as their starting point.
 */
export async function makeTestBook(
  deps: { db: Db; images: R2Bucket; moderator: Moderator; limiter?: RateLimit; generation: GenerateDeps },
  owner: Owner,
  form: StoryFormInput,
  options: { client: string; site: string },
): Promise<CreateResult> {
  const books = createBookService({ db: deps.db, images: deps.images, workflow: noWorkflow, moderator: deps.moderator, limiter: deps.limiter });
  const created = await books.create(owner, form, options);
  if (!created.ok) return created;
  const { db } = deps;
  const generation = { ...deps.generation, illustrator: quickIllustrator };
  const { bookId } = created;
  await recordStep(db, bookId);
  await writeStep(generation, bookId);
  for (const n of await pagesToDraw(db, bookId)) await drawStep(generation, bookId, n);
  await finishStep(db, bookId);
  return created;
}
