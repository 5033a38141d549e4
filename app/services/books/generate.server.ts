import { and, eq, sql } from "drizzle-orm";
import type { StoryBrief, WrittenStory } from "~/domain/story/book";
import { PAGE_COUNT } from "~/domain/story/book";
import { imageKey, imageUrl } from "~/domain/story/book-view";
import { specialElementList } from "~/domain/story/form";
import { briefCompanion, likesList } from "~/domain/children/child";
import { companionsSchema } from "~/domain/children/child-schema";
import type { Illustrator } from "../ai/image";
import type { StoryWriter } from "../ai/text";
import type { Db } from "../db/client.server";
import { deductForBook } from "../db/credits.server";
import { ownerOf } from "../db/owner.server";
import { log } from "../log.server";
import { storybookPages, storybooks } from "../db/schema/index";
import type { Moderator } from "../moderation/types";
import type { Watermarker } from "../storage/watermark.server";
import { formOf, layoutRows } from "./books.server";
import { isSampleOwner } from "./samples.server";

/**
 * The durable steps of making a book, each safe to run again: the Workflow calls them inside
 * `step.do`, and a step that runs twice (a crash between doing and recording) changes nothing twice.
 */
export interface GenerateDeps {
  db: Db;
  images: R2Bucket;
  writer: StoryWriter;
  illustrator: Illustrator;
  moderator: Moderator;
  watermark: Watermarker;
}

/** A failure no retry can mend (the book is gone, a refusal): the Workflow stops retrying. */
export class PermanentFailure extends Error {
  constructor(
    message: string,
    readonly parentMessage: string,
  ) {
    super(message);
    this.name = "PermanentFailure";
  }
}

const nowIso = () => new Date().toISOString();

/** What the parent reads on a finished book that could not be charged. */
export const UNPAID_MESSAGE =
  "Your book is ready, but the credit it was holding is no longer there, so it cannot be opened yet. Add a credit, then press Retry to open it.";

async function loadBook(db: Db, bookId: string) {
  const [row] = await db.select().from(storybooks).where(eq(storybooks.bookId, bookId)).limit(1);
  if (!row) throw new PermanentFailure(`Book ${bookId} does not exist`, "This book no longer exists.");
  return row;
}

/** Step 1: the record exists; mark it (step1complete). */
export async function recordStep(db: Db, bookId: string): Promise<void> {
  await loadBook(db, bookId);
  await db
    .update(storybooks)
    .set({ step1Complete: true, status: "writing", lastUpdated: nowIso() })
    .where(and(eq(storybooks.bookId, bookId), eq(storybooks.step1Complete, false)));
}

export function briefOf(row: typeof storybooks.$inferSelect): StoryBrief {
  const form = formOf(row);
  return {
    childName: form.childName,
    age: form.age,
    gender: form.gender,
    authorName: form.authorName,
    theme: form.theme,
    storyDescription: form.storyDescription,
    plot: form.plotOutline || undefined,
    moralLesson: form.moralLesson,
    specialElements: specialElementList(form),
    artStyle: form.artStyle,
    photoPalette: form.photoHair || form.photoSkin || form.photoEyes ? { hair: form.photoHair, skin: form.photoSkin, eyes: form.photoEyes } : undefined,
    ...savedChildOf(row),
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a book of a saved child brings to the brief, as kept with the book when it was made (decision 054). */
function savedChildOf(row: typeof storybooks.$inferSelect): Pick<StoryBrief, "childId" | "companions" | "likes"> {
  const parsed = row.companions ? companionsSchema.safeParse(readJson(row.companions)) : null;
  const likes = row.likes ? likesList(row.likes) : [];
  return {
    ...(row.childId ? { childId: row.childId } : {}),
    ...(parsed?.success && parsed.data.length > 0 ? { companions: parsed.data.map(briefCompanion) } : {}),
    ...(likes.length > 0 ? { likes } : {}),
  };
}

function countWords(story: WrittenStory): number {
  return story.pages.reduce((n, p) => n + (p.content.match(/\S+/g)?.length ?? 0), 0);
}

/** Step 2: write the story, check it, and lay it out in the book's 24 pages (step2complete). */
export async function writeStep(deps: GenerateDeps, bookId: string): Promise<void> {
  const row = await loadBook(deps.db, bookId);
  if (row.step2Complete) return;
  const brief = briefOf(row);
  const story = await deps.writer.write({ brief, seed: bookId, plotOutline: row.plotOutline ?? undefined, length: row.storyLength });
  if (story.pages.length !== PAGE_COUNT - 2) throw new Error(`The writer returned ${story.pages.length} pages instead of ${PAGE_COUNT - 2}`);

  const texts: Record<string, string> = { title: story.title, dedication: story.dedication };
  story.pages.forEach((p, i) => (texts[`page ${i + 3}`] = p.content));
  const verdict = await deps.moderator.check(texts);
  if (!verdict.ok) {
    throw new PermanentFailure(
      `Generated text refused at ${verdict.field}: ${verdict.categories.join(", ")}`,
      "We couldn't write a story we were happy to show a child. You have not been charged; please try again or change the description.",
    );
  }

  const pageTexts = [
    { scene: story.coverScene, content: story.title },
    { scene: `A calm vignette for the title page of "${story.title}"`, content: story.dedication },
    ...story.pages,
  ];
  const content = JSON.stringify(story);
  // One batch (one transaction): the pages and the flag land together or not at all.
  // One batch is one transaction. If another runner wrote this book meanwhile (a resumed attempt),
  // its pages stand (insert or ignore) and its story stands (update only while step 2 is undone).
  // D1 binds at most 100 parameters a statement: the 24 rows go in chunks of 8.
  const rows = layoutRows(bookId, pageTexts);
  const inserts = Array.from({ length: Math.ceil(rows.length / 8) }, (_, i) =>
    deps.db
      .insert(storybookPages)
      .values(rows.slice(i * 8, i * 8 + 8))
      .onConflictDoNothing(),
  );
  const [first, ...rest] = inserts;
  await deps.db.batch([
    first,
    ...rest,
    deps.db
      .update(storybooks)
      .set({
        title: story.title,
        storyContent: content,
        storyPrompt: JSON.stringify({ brief, writer: deps.writer.name }),
        storyResponse: deps.writer.name === "offline" ? null : content,
        tokensWords: countWords(story),
        step2Complete: true,
        status: "illustrating",
        lastUpdated: nowIso(),
      })
      .where(and(eq(storybooks.bookId, bookId), eq(storybooks.step2Complete, false))),
  ]);
}

/** The page numbers still to draw. */
export async function pagesToDraw(db: Db, bookId: string): Promise<number[]> {
  const rows = await db
    .select({ n: storybookPages.pageNumber })
    .from(storybookPages)
    .where(and(eq(storybookPages.bookId, bookId), eq(storybookPages.isGenerated, false)));
  return rows.map((r) => r.n).sort((a, b) => a - b);
}

async function reference(deps: Pick<GenerateDeps, "images">, row: typeof storybooks.$inferSelect) {
  const key = row.childImageCroppedKey ?? row.childImageKey;
  if (!key) return undefined;
  const obj = await deps.images.get(key);
  if (!obj) return undefined;
  return { bytes: new Uint8Array(await obj.arrayBuffer()), contentType: obj.httpMetadata?.contentType ?? "image/jpeg" };
}

/** A watermark waits for pictures due within this long, and never longer than the second figure. */
const QUIET_WITHIN_MS = 250;
const QUIET_AT_MOST_MS = 400;

/**
 * One page's picture, watermarked, as the engine makes it: the book's character sheet, theme, art
 * style and photo reference through the chosen illustrator. Used by drawStep and by the edit page's
 * "draw a new picture" (app/services/books/edit.server.ts).
 */
export async function renderPage(
  deps: Pick<GenerateDeps, "images" | "illustrator" | "watermark">,
  row: typeof storybooks.$inferSelect,
  page: typeof storybookPages.$inferSelect,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const bookId = row.bookId;
  const pageNumber = page.pageNumber;
  const story = JSON.parse(row.storyContent ?? "{}") as Partial<WrittenStory>;
  if (!story.characterSheet) throw new PermanentFailure(`Book ${bookId} has no character sheet`, "This book's story is missing.");

  const request = {
    bookId,
    pageNumber,
    pageType: page.pageType,
    scene: page.scene,
    text: page.content,
    sheet: story.characterSheet,
    theme: row.theme,
    artStyle: row.artStyle ?? "storybook",
    bookTitle: row.title ?? "",
  };
  // Let waiting requests run before a CPU-heavy render (the Workflow shares the isolate locally).
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (deps.illustrator.drawSvg) {
    // a vector picture (offline) and its watermark in one render and one PNG encoding
    const { svg, width, height } = deps.illustrator.drawSvg(request);
    return deps.watermark.vector(svg, { width, height });
  }
  // the watermark's renderer is made ready while the first pictures are with the provider
  deps.watermark.warm?.();
  const png = await deps.illustrator.draw({ ...request, reference: await reference(deps, row) }, signal);
  await new Promise((resolve) => setTimeout(resolve, 0));
  // other pictures about to arrive are handed on before this one's watermark takes the isolate
  await deps.illustrator.quiet?.(QUIET_WITHIN_MS, QUIET_AT_MOST_MS);
  return deps.watermark.png(png);
}

/** Step 3, one page: draw, watermark, store in R2 at {bookId}/{index}/page-{n}.png, record. */
export async function drawStep(deps: GenerateDeps, bookId: string, pageNumber: number, signal?: AbortSignal): Promise<void> {
  const row = await loadBook(deps.db, bookId);
  const [page] = await deps.db
    .select()
    .from(storybookPages)
    .where(and(eq(storybookPages.bookId, bookId), eq(storybookPages.pageNumber, pageNumber)))
    .limit(1);
  if (!page) throw new PermanentFailure(`Page ${pageNumber} of ${bookId} was not laid out`, "This book's pages are missing.");
  if (page.isGenerated) return;
  const marked = await renderPage(deps, row, page, signal);
  const index = page.interactionIndex;
  const key = imageKey(bookId, index, pageNumber);
  // put is an upsert: a step run twice writes the same object again, never a second one.
  await deps.images.put(key, marked, { httpMetadata: { contentType: "image/png", cacheControl: "public, max-age=3600" } });
  await deps.db.batch([
    deps.db
      .update(storybookPages)
      .set({ imageKey: key, imageUrl: imageUrl(bookId, index, pageNumber), isGenerated: true, generationProgress: 100 })
      .where(and(eq(storybookPages.bookId, bookId), eq(storybookPages.pageNumber, pageNumber))),
    deps.db
      .update(storybooks)
      .set({
        totalImagesGenerated: sql`(SELECT count(*) FROM storybook_pages WHERE book_id = ${bookId} AND is_generated = 1)`,
        lastUpdated: nowIso(),
      })
      .where(eq(storybooks.bookId, bookId)),
  ]);
}

/** Last step: charge exactly once (the ledger key), then mark the book complete (step3complete). */
export async function finishStep(db: Db, bookId: string): Promise<{ charged: string }> {
  const row = await loadBook(db, bookId);
  const missing = await pagesToDraw(db, bookId);
  if (missing.length > 0) throw new Error(`Pages ${missing.join(", ")} are not drawn yet`);
  const owner = ownerOf({ visitorId: row.visitorId, userProfileId: row.userProfileId });
  // The /real-stories samples belong to the system and are never charged to anyone.
  const { status } = isSampleOwner(owner) ? { status: "sample-not-charged" as const } : await deductForBook(db, { owner, bookId });
  if (status === "insufficient-credits") {
    // Credits are held from the start, so this only happens when the held credit was taken meanwhile
    // (a refunded order). The book is not delivered unpaid: it stops as failed, its pages are not
    // shown (isHeldUnpaid), and Retry with a credit to spare charges it and opens it.
    log.warn("book finished without enough credits to charge", { bookId });
    throw new PermanentFailure(`Book ${bookId} could not be charged`, UNPAID_MESSAGE);
  }
  await db
    .update(storybooks)
    .set({ step3Complete: true, imagesGenerated: true, isGenerated: true, status: "complete", readyEmailDue: !row.isGenerated, lastUpdated: nowIso() })
    .where(eq(storybooks.bookId, bookId));
  return { charged: status };
}

/** A book that finally failed: a clear state, never a charge. */
export async function failStep(db: Db, bookId: string, parentMessage: string): Promise<void> {
  await db
    .update(storybooks)
    .set({ status: "failed", failureReason: parentMessage, lastUpdated: nowIso() })
    .where(and(eq(storybooks.bookId, bookId), eq(storybooks.isGenerated, false)));
}
