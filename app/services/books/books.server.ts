import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { deletePrefix } from "../storage/delete-prefix.server";
import { pageTitle, pageType, PAGE_COUNT } from "~/domain/story/book";
import type { BookView, PageView } from "~/domain/story/book-view";
import { storyFormSchema, type StoryForm, type StoryFormInput } from "~/domain/story/form";
import { fieldErrors } from "~/domain/validation";
import type { ChildLook, Companion } from "~/domain/children/child";
import { creditsLead, outOfCreditsMessage, type CreditsLead } from "~/domain/story/credits";
import type { Db } from "../db/client.server";
import { BOOK_CREDIT_COST, creditBalance } from "../db/credits.server";
import { rowWhere } from "../db/conditional-insert.server";
import { ownedBy, ownerColumns, type Owner } from "../db/owner.server";
import { log } from "../log.server";
import { findOwned } from "../db/storybooks.server";
import { creditLedger, storybookPages, storybooks } from "../db/schema/index";
import type { Moderator } from "../moderation/types";
import { ACCOUNT_WELCOME_CREDITS } from "../auth/account-welcome.server";
import { newBookId } from "./book-id.server";
import { uploadFolder, uploadFolders, uploadKey } from "./uploads.server";
import { grantVisitorWelcome, visitorWelcomePending } from "./welcome.server";
import { countBook, dayCapReached, dayCaps, perMinute, withinDayCaps, type Throttled } from "./book-limits.server";
import { isSampleOwner } from "./samples.server";

export type CreateResult =
  | { ok: true; bookId: string; created: boolean }
  | { ok: false; status: 400; fieldErrors: Partial<Record<string, string>> }
  /** out of credits: `lead` is the way on (sign up for a visitor, the credit packs for a parent) */
  | { ok: false; status: 402; message: string; lead: CreditsLead }
  | { ok: false; status: 422; field: string; message: string }
  /** too many books started (a minute) or made (a day): wait `retryAfterS` seconds */
  | ({ ok: false } & Throttled);

export type RetryResult =
  | { ok: true }
  | { ok: false; status: 404 | 409; message: string }
  | { ok: false; status: 402; message: string; lead: CreditsLead }
  | ({ ok: false } & Throttled);

/**
 * Who is asking for a book: `client` is the client's address key (clientKey), for the visitor
 * welcome limit; without it a visitor is given no welcome credit.
 */
export interface CreateOptions {
  idempotencyKey?: string;
  client?: string;
  /**
   * A visitor without an account: the address to tell when the book is ready (checked by the
   * caller). Kept with the book only; a signed-in parent's e-mail goes to the account's address.
   */
  notifyEmail?: string | null;
  /** the site the book was made on, for the links in its e-mail when WEBSITE_URL is not set */
  site?: string;
  /**
   * The parent's saved child the book is for, already checked to be theirs (decision 054): the
   * book keeps its id, the companions chosen and the likes, and draws the child's look.
   */
  child?: { id: string; look: ChildLook; likes: string; companions: Companion[] };
}

/**
 * A book in the making that has not moved for this long is taken to be lost (a crash, a restart).
 * Pictures arrive every few seconds; a real model may take minutes to write the whole story.
 */
export const STALL_MS = { illustrating: 45_000, writing: 240_000 } as const;

export interface BookServiceDeps {
  db: Db;
  images: R2Bucket;
  workflow: Workflow<{ bookId: string; site?: string }>;
  moderator: Moderator;
  /** counts book starts per minute (the BOOK_LIMITER binding); without it, only the day caps apply */
  limiter?: RateLimit;
}

/** The free-text fields moderation reads before anything is made. */
const MODERATED_FIELDS = ["childName", "authorName", "theme", "storyDescription", "moralLesson", "specialElements", "plotOutline"] as const;

type BookRow = typeof storybooks.$inferSelect;
type PageRow = typeof storybookPages.$inferSelect;

export function formOf(row: BookRow): StoryForm {
  return {
    childName: row.childName,
    age: row.age ?? 7,
    gender: (row.gender as StoryForm["gender"]) ?? "child",
    authorName: row.authorName ?? "",
    theme: row.theme,
    storyDescription: row.storyDescription,
    moralLesson: row.moralLesson ?? "",
    specialElements: row.specialElements ?? "",
    childImage: row.childImageKey?.split("/").pop() ?? undefined,
    childImageCropped: row.childImageCroppedKey?.split("/").pop() ?? undefined,
    artStyle: row.artStyle ?? "storybook",
    plotOutline: row.plotOutline ?? undefined,
    length: row.storyLength,
    ...paletteOf(row),
  };
}

/** The hero's colours as the book keeps them (JSON {hair, skin, eyes}), or null when there are none. */
function paletteJson(p: { hair?: string; skin?: string; eyes?: string }): string | null {
  return p.hair || p.skin || p.eyes ? JSON.stringify({ hair: p.hair, skin: p.skin, eyes: p.eyes }) : null;
}

/** The photo's colours stored with the book, as form fields. */
export function paletteOf(row: BookRow): { photoHair?: string; photoSkin?: string; photoEyes?: string } {
  if (!row.photoPalette) return {};
  try {
    const p = JSON.parse(row.photoPalette) as Record<string, unknown>;
    const hex = (v: unknown) => (typeof v === "string" && /^#[0-9a-fA-F]{6}$/.test(v) ? v : undefined);
    return { photoHair: hex(p.hair), photoSkin: hex(p.skin), photoEyes: hex(p.eyes) };
  } catch {
    return {};
  }
}

export function toPageView(p: PageRow): PageView {
  return {
    pageNumber: p.pageNumber,
    pageType: p.pageType,
    title: p.title || pageTitle(p.pageNumber),
    scene: p.scene,
    content: p.content,
    url: p.imageUrl,
    isBlank: p.isBlank,
    isGenerated: p.isGenerated,
    generationProgress: p.generationProgress,
  };
}

/**
 * A book whose every picture is drawn but which was not charged, and stopped (its charge failed:
 * the credit it held was taken elsewhere meanwhile): it is not delivered until it is paid, so its
 * pages are not shown. Retry, with a credit to spare, charges it and opens it.
 */
export function isHeldUnpaid(row: Pick<BookRow, "status" | "isAmountDeducted">, pages: Pick<PageRow, "isGenerated">[]): boolean {
  return row.status === "failed" && !row.isAmountDeducted && pages.length > 0 && pages.every((p) => p.isGenerated);
}

export function toBookView(row: BookRow, allPages: PageRow[]): BookView {
  const held = isHeldUnpaid(row, allPages);
  const pages = held ? [] : allPages;
  let interactions: unknown[] = [];
  try {
    const parsed = JSON.parse(row.gptInteractions);
    if (Array.isArray(parsed) && !held) interactions = parsed;
  } catch {
    /* a damaged list shows as empty */
  }
  return {
    bookId: row.bookId,
    title: row.title,
    status: row.status,
    error: row.status === "failed" ? (row.failureReason ?? "We couldn't finish this book.") : null,
    pages: pages.map(toPageView),
    story: {
      content: held ? null : row.storyContent,
      prompt: held ? null : row.storyPrompt,
      response: held ? null : row.storyResponse,
      shouldGenerateImages: row.shouldGenerateImages,
      formData: formOf(row),
    },
    gptInteractions: interactions,
    stats: { totalImagesGenerated: row.totalImagesGenerated },
    step1complete: row.step1Complete,
    step2complete: row.step2Complete,
    step3complete: row.step3Complete,
    images_generated: row.imagesGenerated,
    is_generated: row.isGenerated,
    isAmountDeducted: row.isAmountDeducted,
    createdAt: row.createdAt,
    lastUpdated: row.lastUpdated,
  };
}

/** The Workflow instance of a book's n-th attempt (instance ids are unique for good). */
export function workflowInstanceId(bookId: string, attempt: number): string {
  return attempt <= 1 ? bookId : `${bookId}-r${attempt}`;
}

async function startWorkflow(workflow: BookServiceDeps["workflow"], bookId: string, attempt: number, site?: string): Promise<void> {
  try {
    await workflow.create({ id: workflowInstanceId(bookId, attempt), params: site ? { bookId, site } : { bookId } });
  } catch (error) {
    // A double submit or a retried request: the instance already exists and is doing the work.
    if (!/already exists|duplicate/i.test(String(error))) throw error;
  }
}

/** Credits an owner can spend now: the balance less the books in the making that hold theirs. */
function spendable(owner: Owner) {
  return sql`(SELECT coalesce(sum(${creditLedger.delta}), 0) FROM ${creditLedger}
      WHERE ${ownedBy(creditLedger, owner)} AND ${creditLedger.affectsBalance} = 1)
    - (SELECT count(*) FROM ${storybooks}
      WHERE ${ownedBy(storybooks, owner)} AND ${storybooks.isAmountDeducted} = 0 AND ${storybooks.status} IN ('draft', 'writing', 'illustrating')) * ${BOOK_CREDIT_COST}`;
}

export function createBookService({ db, images, workflow, moderator, limiter }: BookServiceDeps) {
  /** The R2 key of an owner's upload, or null when it has none by that id. */
  async function findUpload(owner: Owner, uploadId: string): Promise<string | null> {
    for (const folder of uploadFolders(owner)) {
      if (await images.head(uploadKey(folder, uploadId))) return uploadKey(folder, uploadId);
    }
    return null;
  }

  /** Books already started and not yet charged or failed hold their credit until they finish. */
  async function heldCredits(owner: Owner): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)` })
      .from(storybooks)
      .where(and(ownedBy(storybooks, owner), eq(storybooks.isAmountDeducted, false), inArray(storybooks.status, ["draft", "writing", "illustrating"])));
    return Number(row?.n ?? 0) * BOOK_CREDIT_COST;
  }

  /**
   * What the owner can spend. Nothing is granted here: with the client's address, a visitor who has
   * not had its welcome credit yet, and would get it, sees it counted (the story form shows what
   * Create will find).
   */
  async function available(owner: Owner, options: { client?: string } = {}): Promise<{ balance: number; available: number }> {
    const welcome = owner.kind === "visitor" && options.client ? await visitorWelcomePending(db, owner.visitorId, options.client) : 0;
    const balance = (await creditBalance(db, owner)) + welcome;
    return { balance, available: balance - (await heldCredits(owner)) };
  }

  const leadFor = (owner: Owner) => creditsLead(owner.kind === "profile", ACCOUNT_WELCOME_CREDITS);

  const service = {
    price: BOOK_CREDIT_COST,
    available,
    /** where someone out of credits goes: sign up (a visitor) or the credit packs (a signed-in parent) */
    lead: leadFor,

    async create(owner: Owner, input: StoryFormInput | unknown, options: CreateOptions = {}): Promise<CreateResult> {
      const parsed = storyFormSchema.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) };
      const form = parsed.data;
      const ownerId = uploadFolder(owner);
      const bookId = await newBookId(ownerId, options.idempotencyKey);

      // A double submit: the book exists already, so this is the same request again.
      const existing = await findOwned(db, owner, bookId);
      if (existing) return { ok: true, bookId, created: false };

      // Photos must be uploads of this owner (a signed-in parent's are kept under the profile; one
      // added in this browser before signing in is found in the browser's folder).
      const photoKeys: Partial<Record<"childImage" | "childImageCropped", string>> = {};
      for (const field of ["childImage", "childImageCropped"] as const) {
        const id = form[field];
        if (!id) continue;
        const key = await findUpload(owner, id);
        if (!key) return { ok: false, status: 400, fieldErrors: { [field]: "That photo upload was not found. Please add the photo again." } };
        photoKeys[field] = key;
      }

      // Starts per minute, per address and per owner (before moderation, which may call a provider).
      const throttled = await perMinute(limiter, "create", owner, options.client);
      if (throttled) return { ok: false, ...throttled };

      const texts = Object.fromEntries(MODERATED_FIELDS.map((f) => [f, String(form[f] ?? "")]));
      const verdict = await moderator.check(texts);
      if (!verdict.ok) return { ok: false, status: 422, field: verdict.field, message: verdict.message };

      // A visitor's one free credit, within its address's daily number of welcomes (idempotent).
      if (owner.kind === "visitor" && options.client) await grantVisitorWelcome(db, owner.visitorId, options.client);

      // The credit check and the insert are one statement: parallel requests cannot both pass it.
      const row: typeof storybooks.$inferInsert = {
        bookId,
        ...ownerColumns(owner),
        childName: form.childName,
        age: form.age,
        gender: form.gender,
        authorName: form.authorName,
        theme: form.theme,
        storyDescription: form.storyDescription,
        moralLesson: form.moralLesson,
        specialElements: form.specialElements,
        childImageKey: photoKeys.childImage ?? null,
        childImageCroppedKey: photoKeys.childImageCropped ?? null,
        artStyle: form.artStyle,
        plotOutline: form.plotOutline || null,
        storyLength: form.length,
        photoPalette: paletteJson(options.child ? options.child.look : { hair: form.photoHair, skin: form.photoSkin, eyes: form.photoEyes }),
        childId: options.child?.id ?? null,
        companions: options.child ? JSON.stringify(options.child.companions) : null,
        likes: options.child ? options.child.likes : null,
        status: "draft",
        notifyEmail: owner.kind === "visitor" ? options.notifyEmail?.trim().toLowerCase() || null : null,
      };
      // One batch: the book goes in only while the owner can pay for it and the day caps have room,
      // and the caps count it only if it went in.
      const now = Date.now();
      const caps = dayCaps(owner, options.client);
      const insert = db
        .insert(storybooks)
        .select(rowWhere(storybooks, row, sql`${spendable(owner)} >= ${BOOK_CREDIT_COST} AND ${withinDayCaps(caps, now)}`))
        .onConflictDoNothing()
        .toSQL();
      const [made] = await db.$client.batch([db.$client.prepare(insert.sql).bind(...insert.params), ...countBook(db, caps, bookId, now)]);
      if ((made.meta.changes ?? 0) === 0) {
        // the same request made it meanwhile (a double submit), a day cap is full, or there were not enough credits
        if (await findOwned(db, owner, bookId)) return { ok: true, bookId, created: false };
        const capped = await dayCapReached(db, caps, now);
        if (capped) return { ok: false, ...capped };
        const credits = await available(owner);
        const lead = leadFor(owner);
        return { ok: false, status: 402, message: outOfCreditsMessage(BOOK_CREDIT_COST, credits.available, lead), lead };
      }
      await startWorkflow(workflow, bookId, 1, options.site);
      return { ok: true, bookId, created: true };
    },

    async get(owner: Owner, bookId: string): Promise<BookView | null> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return null;
      const pages = await db.select().from(storybookPages).where(eq(storybookPages.bookId, bookId)).orderBy(asc(storybookPages.pageNumber));
      return toBookView(row, pages);
    },

    /** A cheap fingerprint of the book's progress, for the live stream to notice changes. */
    async version(owner: Owner, bookId: string): Promise<string | null> {
      const [row] = await db
        .select({ lastUpdated: storybooks.lastUpdated, status: storybooks.status, images: storybooks.totalImagesGenerated })
        .from(storybooks)
        .where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)))
        .limit(1);
      return row ? `${row.status}:${row.images}:${row.lastUpdated}` : null;
    },

    async latest(owner: Owner): Promise<string | null> {
      const [row] = await db
        .select({ bookId: storybooks.bookId })
        .from(storybooks)
        .where(ownedBy(storybooks, owner))
        .orderBy(desc(storybooks.createdAt), desc(storybooks.bookId))
        .limit(1);
      return row?.bookId ?? null;
    },

    /**
     * The watchdog: a book still in the making whose Workflow instance is gone, finished or errored,
     * or that has not moved for STALL_MS, gets a new attempt. Every step is idempotent (drawn pages
     * are skipped, the charge is keyed by the book), so a second runner can never duplicate a page or
     * a charge; the compare-and-set on generation_attempt lets one caller start it.
     */
    async resumeIfStalled(bookId: string, now = Date.now(), options: { runnerGone?: boolean } = {}): Promise<"running" | "resumed" | "finished"> {
      const [row] = await db.select().from(storybooks).where(eq(storybooks.bookId, bookId)).limit(1);
      if (!row || row.status === "complete" || row.status === "failed") return "finished";
      const idle = now - Date.parse(row.lastUpdated);
      // `runnerGone`: the caller knows its runner is gone (the local runtime just started: resumeInterrupted)
      let instanceState = options.runnerGone ? "gone" : "unknown";
      if (!options.runnerGone) {
        try {
          instanceState = (await (await workflow.get(workflowInstanceId(bookId, row.generationAttempt))).status()).status;
        } catch {
          /* no such instance */
        }
        const lost = ["errored", "terminated", "complete", "unknown"].includes(instanceState);
        if (!lost && idle < (row.status === "illustrating" ? STALL_MS.illustrating : STALL_MS.writing)) return "running";
        if (lost && idle < 3_000) return "running"; // just made: give the instance a moment to appear
      }
      const attempt = row.generationAttempt + 1;
      const claimed = await db
        .update(storybooks)
        .set({ generationAttempt: attempt, lastUpdated: new Date(now).toISOString() })
        .where(and(eq(storybooks.bookId, bookId), eq(storybooks.generationAttempt, row.generationAttempt)))
        .returning({ bookId: storybooks.bookId });
      if (claimed.length === 0) return "running"; // another request resumed it
      log.warn("resuming a stalled book", { bookId, attempt, instanceState, idleMs: idle });
      // The new runner first (the book moves again sooner); the old one is stopped after.
      await startWorkflow(workflow, bookId, attempt);
      try {
        await (await workflow.get(workflowInstanceId(bookId, row.generationAttempt))).terminate();
      } catch {
        /* already gone */
      }
      return "resumed";
    },

    /**
     * The scheduled sweep (workers/app.ts, every 5 minutes): the watchdog for books nobody is
     * watching. Books still in the making that have not moved for a minute get `resumeIfStalled`,
     * oldest first, at most `limit` per run; one book's trouble never stops the others.
     */
    async sweepStalled(now = Date.now(), limit = 25): Promise<{ checked: number; resumed: number }> {
      const quietSince = new Date(now - 60_000).toISOString();
      const rows = await db
        .select({ bookId: storybooks.bookId })
        .from(storybooks)
        .where(and(inArray(storybooks.status, ["draft", "writing", "illustrating"]), lt(storybooks.lastUpdated, quietSince)))
        .orderBy(asc(storybooks.lastUpdated))
        .limit(limit);
      let resumed = 0;
      for (const { bookId } of rows) {
        try {
          if ((await service.resumeIfStalled(bookId, now)) === "resumed") resumed += 1;
        } catch (error) {
          log.error("sweep could not resume a book", { bookId, error });
        }
      }
      return { checked: rows.length, resumed };
    },

    /**
     * Deletes a book for good (the owner's choice, and the privacy policy's promise): every picture,
     * the PDF and the child's photo in R2 (a photo another of the owner's books still uses is kept),
     * then the row, whose pages, share link, comments and reactions go with it. The credit ledger
     * keeps its entries (the book id there becomes empty). A book still being made cannot be deleted:
     * its runner would write pictures for a book that is gone. The files go first, so a failure part
     * way leaves a book the owner can see and delete again, never a hidden copy of the photo.
     */
    async remove(owner: Owner, bookId: string): Promise<{ ok: true; title: string } | { ok: false; status: 404 | 409; message: string }> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return { ok: false, status: 404, message: "Book not found" };
      if (row.status === "draft" || row.status === "writing" || row.status === "illustrating") {
        return { ok: false, status: 409, message: "This book is still being made. You can delete it once it is finished." };
      }
      await deletePrefix(images, `${bookId}/`);
      for (const key of new Set([row.childImageKey, row.childImageCroppedKey].filter((k): k is string => !!k))) {
        const [shared] = await db
          .select({ bookId: storybooks.bookId })
          .from(storybooks)
          .where(and(sql`${storybooks.bookId} <> ${bookId}`, sql`(${storybooks.childImageKey} = ${key} or ${storybooks.childImageCroppedKey} = ${key})`))
          .limit(1);
        if (!shared) await images.delete(key);
      }
      await db.delete(storybooks).where(and(eq(storybooks.bookId, bookId), ownedBy(storybooks, owner)));
      return { ok: true, title: row.title ?? "" };
    },

    /**
     * Starts a failed book again (a new Workflow instance; finished pages are kept, nothing is charged
     * twice). Like a new book, it holds a credit until it is charged, so the owner must have one to
     * spare: the check and the change of state are one statement. A book already charged (it failed
     * after its charge) and the /real-stories samples need none.
     */
    async retry(owner: Owner, bookId: string, options: { client?: string } = {}): Promise<RetryResult> {
      const row = await findOwned(db, owner, bookId);
      if (!row) return { ok: false, status: 404, message: "Book not found" };
      if (row.status !== "failed") return { ok: false, status: 409, message: "This book is not in a failed state." };
      const throttled = isSampleOwner(owner) ? null : await perMinute(limiter, "retry", owner, options.client);
      if (throttled) return { ok: false, ...throttled };
      const attempt = row.generationAttempt + 1;
      const paid = isSampleOwner(owner) ? sql`1` : sql`(${storybooks.isAmountDeducted} = 1 OR ${spendable(owner)} >= ${BOOK_CREDIT_COST})`;
      const updated = await db
        .update(storybooks)
        .set({ status: "draft", failureReason: null, generationAttempt: attempt })
        .where(and(eq(storybooks.bookId, bookId), eq(storybooks.status, "failed"), ownedBy(storybooks, owner), paid))
        .returning({ bookId: storybooks.bookId });
      if (updated.length === 0) {
        const now = await findOwned(db, owner, bookId);
        if (now?.status !== "failed") return { ok: true }; // a concurrent retry won
        const credits = await available(owner);
        const lead = leadFor(owner);
        return { ok: false, status: 402, message: outOfCreditsMessage(BOOK_CREDIT_COST, credits.available, lead), lead };
      }
      await startWorkflow(workflow, bookId, attempt);
      return { ok: true };
    },
  };
  return service;
}

export type BookService = ReturnType<typeof createBookService>;

/** The 24 pages of a book's layout (app/domain/story/book.ts), as rows to insert once the story is written. */
export function layoutRows(bookId: string, texts: Array<{ scene: string; content: string }>): Array<typeof storybookPages.$inferInsert> {
  return Array.from({ length: PAGE_COUNT }, (_, i) => {
    const n = i + 1;
    const t = texts[i] ?? { scene: "", content: "" };
    return {
      bookId,
      pageNumber: n,
      pageType: pageType(n),
      title: pageTitle(n),
      scene: t.scene,
      content: t.content,
      interactionIndex: 1,
      isGenerated: false,
      generationProgress: 0,
    };
  });
}
