import type { SampleBook } from "~/domain/story/library";
import { and, eq, inArray } from "drizzle-orm";
import { PAGE_COUNT } from "~/domain/story/book";
import { BUILT_IN_THEMES, fillPlaceholders } from "~/domain/story/themes";
import type { Db } from "../db/client.server";
import { ownerColumns, type Owner } from "../db/owner.server";
import { storybookPages, storybooks } from "../db/schema/index";
import { STALL_MS, workflowInstanceId, type BookService } from "./books.server";

/**
 * The sample books of /real-stories: fixed briefs made by the same book engine as
 * every family's book (the offline writer and illustrator when no keys are set), owned by a reserved
 * system owner, public from the start, never charged, never in anyone's library.
 * See docs/decisions/013-sample-books.md.
 */

/** The reserved owner. A visitor cookie is 24 to 64 letters and digits, so no visitor can ever be this one. */
export const SAMPLE_OWNER_ID = "storynest-samples";
export const SAMPLE_OWNER: Owner = { kind: "visitor", visitorId: SAMPLE_OWNER_ID };

export function isSampleOwner(owner: Pick<Owner, "kind"> & { visitorId?: string | null; userProfileId?: string | null }): boolean {
  return owner.kind === "visitor" && owner.visitorId === SAMPLE_OWNER_ID;
}

export interface SampleBrief {
  /** fixed, letters and digits */
  bookId: string;
  /** fixed public slug: /story/{slug} */
  slug: string;
  childName: string;
  age: number;
  gender: "girl" | "boy" | "child";
  authorName: string;
  /** one of the built-in themes */
  theme: string;
  artStyle: string;
  /** when set, replaces the theme template's description */
  storyDescription?: string;
  moralLesson?: string;
  specialElements?: string;
}

/** Six books across the five themes; order is the order they are drawn and shown. */
export const SAMPLE_BRIEFS: readonly SampleBrief[] = [
  {
    bookId: "sampleAdventureMia",
    slug: "mia-adventure-sample",
    childName: "Mia",
    age: 6,
    gender: "girl",
    authorName: "Grandma Rose",
    theme: "Adventure",
    artStyle: "watercolor",
  },
  { bookId: "sampleSpaceLeo", slug: "leo-space-sample", childName: "Leo", age: 7, gender: "boy", authorName: "Dad", theme: "Space", artStyle: "cartoon" },
  {
    bookId: "sampleAnimalsAmara",
    slug: "amara-animals-sample",
    childName: "Amara",
    age: 4,
    gender: "girl",
    authorName: "Mum",
    theme: "Animals",
    artStyle: "storybook",
  },
  {
    bookId: "sampleFantasyArjun",
    slug: "arjun-fantasy-sample",
    childName: "Arjun",
    age: 8,
    gender: "boy",
    authorName: "Nani",
    theme: "Fantasy",
    artStyle: "fairy tale",
  },
  {
    bookId: "sampleOceanSofia",
    slug: "sofia-ocean-sample",
    childName: "Sofia",
    age: 5,
    gender: "girl",
    authorName: "Papa",
    theme: "Ocean",
    artStyle: "paper cut-out",
  },
  {
    bookId: "sampleAnimalsNoah",
    slug: "noah-animals-sample",
    childName: "Noah",
    age: 3,
    gender: "child",
    authorName: "Auntie Jo",
    theme: "Animals",
    artStyle: "crayon",
    storyDescription:
      "Noah's little puppy Biscuit is afraid of the dark, so Noah takes a torch and a blanket and shows Biscuit all the friendly night-time animals in the garden.",
    moralLesson: "Being gentle with someone who is scared helps them feel brave.",
    specialElements: "a puppy called Biscuit, a torch, a friendly owl, a sleepy hedgehog",
  },
];

export const SAMPLE_BOOK_IDS = SAMPLE_BRIEFS.map((s) => s.bookId);

/** The storybooks row a brief becomes (a draft: the Workflow writes and draws it). */
export function sampleRow(s: SampleBrief): typeof storybooks.$inferInsert {
  const template = BUILT_IN_THEMES.find((t) => t.theme === s.theme);
  if (!template) throw new Error(`Sample ${s.bookId}: unknown theme ${s.theme}`);
  return {
    bookId: s.bookId,
    ...ownerColumns(SAMPLE_OWNER),
    childName: s.childName,
    age: s.age,
    gender: s.gender,
    authorName: s.authorName,
    theme: s.theme,
    storyDescription: s.storyDescription ?? fillPlaceholders(template.description, s.childName),
    moralLesson: s.moralLesson ?? template.moralLesson,
    specialElements: s.specialElements ?? template.specialElements,
    artStyle: s.artStyle,
    storyLength: "medium",
    status: "draft",
    slug: s.slug,
    isPublic: true,
  };
}

/** A sample as /real-stories shows it. */
export type SampleCard = SampleBook;

export interface SampleState {
  total: number;
  complete: number;
  /** the sample being made right now, if any */
  drawing: string | null;
  books: SampleCard[];
}

/** A started sample that has not written its first step after this long has lost its runner. */
const START_GRACE_MS = 60_000;
/**
 * A sample that failed is made again at most this often, whoever calls `ensure` and however often:
 * with a provider that keeps failing, each try spends its calls again.
 */
export const SAMPLE_RETRY_MS = 10 * 60 * 1000;

export interface SampleServiceDeps {
  db: Db;
  workflow: Workflow<{ bookId: string }>;
  books: Pick<BookService, "resumeIfStalled" | "retry">;
}

export function createSampleService({ db, workflow, books }: SampleServiceDeps) {
  async function list(): Promise<SampleCard[]> {
    const rows = await db
      .select({
        bookId: storybooks.bookId,
        slug: storybooks.slug,
        title: storybooks.title,
        childName: storybooks.childName,
        age: storybooks.age,
        theme: storybooks.theme,
        artStyle: storybooks.artStyle,
        storyDescription: storybooks.storyDescription,
        status: storybooks.status,
        pagesDrawn: storybooks.totalImagesGenerated,
      })
      .from(storybooks)
      .where(and(inArray(storybooks.bookId, SAMPLE_BOOK_IDS), eq(storybooks.visitorId, SAMPLE_OWNER_ID), eq(storybooks.isPublic, true)));
    const covers = await db
      .select({ bookId: storybookPages.bookId, url: storybookPages.imageUrl })
      .from(storybookPages)
      .where(and(inArray(storybookPages.bookId, SAMPLE_BOOK_IDS), eq(storybookPages.pageNumber, 1), eq(storybookPages.isGenerated, true)));
    const coverOf = new Map(covers.map((c) => [c.bookId, c.url]));
    const byId = new Map(rows.map((r) => [r.bookId, r]));
    return SAMPLE_BOOK_IDS.flatMap((id) => {
      const r = byId.get(id);
      if (!r || !r.slug) return [];
      return [{ ...r, slug: r.slug, coverUrl: coverOf.get(id) ?? null, totalPages: PAGE_COUNT }];
    });
  }

  /** Starts a sample's first Workflow instance; false when it exists already. */
  async function start(bookId: string): Promise<boolean> {
    try {
      await workflow.create({ id: workflowInstanceId(bookId, 1), params: { bookId } });
      return true;
    } catch (error) {
      if (!/already exists|duplicate/i.test(String(error))) throw error;
      return false;
    }
  }

  /**
   * Idempotent: writes the sample rows that are missing, then keeps exactly one unfinished sample in
   * the making (in the fixed order), so the samples never crowd out a family's book being drawn on
   * the same server. Call it again (the seed step polls it; /real-stories calls it) to move on.
   */
  async function ensure(): Promise<SampleState> {
    // D1 binds at most 100 parameters a statement: two rows at a time.
    const rows = SAMPLE_BRIEFS.map(sampleRow);
    for (let i = 0; i < rows.length; i += 2)
      await db
        .insert(storybooks)
        .values(rows.slice(i, i + 2))
        .onConflictDoNothing();

    const states = await db
      .select({
        bookId: storybooks.bookId,
        status: storybooks.status,
        attempt: storybooks.generationAttempt,
        step1: storybooks.step1Complete,
        lastUpdated: storybooks.lastUpdated,
      })
      .from(storybooks)
      .where(inArray(storybooks.bookId, SAMPLE_BOOK_IDS));
    const stateOf = new Map(states.map((s) => [s.bookId, s]));
    let drawing: string | null = null;
    for (const id of SAMPLE_BOOK_IDS) {
      const s = stateOf.get(id);
      if (!s || s.status === "complete") continue;
      drawing = id;
      const idle = Date.now() - Date.parse(s.lastUpdated);
      if (s.status === "failed") {
        if (idle > SAMPLE_RETRY_MS) await books.retry(SAMPLE_OWNER, id);
      } else if (s.status === "draft" && !s.step1 && s.attempt === 1) {
        // Its turn: start it (a second start of the same instance is ignored). The state comes from
        // D1, not from asking the Workflow engine about instances that may not exist yet.
        if (await start(id)) {
          await db
            .update(storybooks)
            .set({ lastUpdated: new Date().toISOString() })
            .where(and(eq(storybooks.bookId, id), eq(storybooks.status, "draft")));
        } else if (idle > START_GRACE_MS) {
          await books.resumeIfStalled(id); // started a while ago and never moved: a lost runner
        }
      } else if (idle > (s.status === "writing" ? STALL_MS.writing : STALL_MS.illustrating)) {
        // started before but its runner is gone (a restart): the book engine's watchdog resumes it
        await books.resumeIfStalled(id);
      }
      break;
    }
    const books_ = await list();
    return { total: SAMPLE_BRIEFS.length, complete: books_.filter((b) => b.status === "complete").length, drawing, books: books_ };
  }

  return {
    list,
    ensure,
  };
}

export type SampleService = ReturnType<typeof createSampleService>;
