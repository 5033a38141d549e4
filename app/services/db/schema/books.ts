import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, isoNow, nowIso, oneOf, ownerPresent, updatedAt } from "./common";
import { savedChildren } from "./children";
import { userProfiles } from "./users";

/** Where a book is in the making (the server-side counterpart of the step flags). */
export const BOOK_STATUSES = ["draft", "writing", "illustrating", "complete", "failed"] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const PAGE_TYPES = ["Front Cover", "Title Page", "Story Page"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * storybooks: one row per book. The library fields, the owner (a visitor and, once
 * claimed on login, a user profile), and everything the browser keeps as "Book data" so the book
 * can live on the server: the form data (child images as R2 keys, never inline data), the story
 * text and the AI exchange, the step flags and the credit flag.
 */
export const storybooks = sqliteTable(
  "storybooks",
  {
    /** alphanumeric: a path segment is a book id only if it is letters and digits */
    bookId: text("book_id").primaryKey(),
    visitorId: text("visitor_id"),
    userProfileId: text("user_profile_id").references(() => userProfiles.id, { onDelete: "cascade" }),

    // formData
    childName: text("child_name").notNull(),
    age: integer("age"),
    gender: text("gender"),
    authorName: text("author_name"),
    theme: text("theme").notNull(),
    storyDescription: text("story_description").notNull().default(""),
    moralLesson: text("moral_lesson"),
    /** comma-and-space separated, like theme_templates.special_elements */
    specialElements: text("special_elements"),
    /** R2 keys in BOOK_IMAGES of the uploaded photo and its cropped version */
    childImageKey: text("child_image_key"),
    childImageCroppedKey: text("child_image_cropped_key"),
    artStyle: text("art_style"),
    /** the custom path: the parent's own plot outline, and how much text a page carries */
    plotOutline: text("plot_outline"),
    storyLength: text("story_length", { enum: ["short", "medium", "long"] })
      .notNull()
      .default("medium"),
    /** how many times the book's Workflow was started (Retry starts a new instance) */
    generationAttempt: integer("generation_attempt").notNull().default(1),
    /** JSON {hair, skin, eyes} read from the photo in the browser, when there is one */
    photoPalette: text("photo_palette"),
    /** the saved child the book was made for (decision 054); null for a one-off child, or once the child is deleted */
    childId: text("child_id").references(() => savedChildren.id, { onDelete: "set null" }),
    /** a saved child's companions chosen for this book, JSON [{id, name, relation, animal}], kept as they were when it was made */
    companions: text("companions"),
    /** a saved child's likes when the book was made */
    likes: text("likes"),
    /** a parent-friendly reason when status is failed */
    failureReason: text("failure_reason"),
    /**
     * JSON list of the generation's step timings, appended as each step finishes:
     * {step, startedAt (ISO), durationMs, attempt, ok}. Read by /test/timing.
     */
    generationTimings: text("generation_timings").notNull().default("[]"),

    title: text("title"),
    status: text("status", { enum: BOOK_STATUSES }).notNull().default("draft"),
    step1Complete: integer("step1_complete", { mode: "boolean" }).notNull().default(false),
    step2Complete: integer("step2_complete", { mode: "boolean" }).notNull().default(false),
    step3Complete: integer("step3_complete", { mode: "boolean" }).notNull().default(false),
    imagesGenerated: integer("images_generated", { mode: "boolean" }).notNull().default(false),
    /** stats.totalImagesGenerated */
    totalImagesGenerated: integer("total_images_generated").notNull().default(0),
    isGenerated: integer("is_generated", { mode: "boolean" }).notNull().default(false),
    isAmountDeducted: integer("is_amount_deducted", { mode: "boolean" }).notNull().default(false),
    shouldGenerateImages: integer("should_generate_images", { mode: "boolean" }).notNull().default(true),

    // story {content, prompt, response}; gptInteractions is a JSON list
    storyContent: text("story_content"),
    storyPrompt: text("story_prompt"),
    storyResponse: text("story_response"),
    gptInteractions: text("gpt_interactions").notNull().default("[]"),

    tokensWords: integer("tokens_words").notNull().default(0),
    slug: text("slug"),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    /**
     * A visitor without an account may leave an address to be told when this book is ready. It is
     * used for this book only (the story e-mail, and its PDF when asked) and deleted with the book.
     */
    notifyEmail: text("notify_email"),
    /**
     * Set in the same write that finishes the book; cleared once the story e-mail is queued. The
     * cron sweep queues it for a book whose runner stopped between the two.
     */
    readyEmailDue: integer("ready_email_due", { mode: "boolean" }).notNull().default(false),
    /**
     * When the owner's default story privacy was applied to the finished book (once per book: the
     * Workflow's step, or the cron sweep for a book whose runner stopped before it). Null: not yet.
     */
    privacyAppliedAt: text("privacy_applied_at"),
    createdAt: createdAt(),
    lastUpdated: text("last_updated").notNull().default(nowIso).$onUpdateFn(isoNow),
  },
  (t) => [
    // The library, one index per order and kind of owner, each holding the whole ORDER BY (book_id
    // breaks ties) after the owner's columns, so a page reads only its own rows, in order, with no
    // sort: newest/oldest first,
    index("storybooks_visitor_created_idx").on(t.visitorId, t.userProfileId, t.createdAt, t.bookId),
    index("storybooks_profile_created_idx").on(t.userProfileId, t.createdAt, t.bookId),
    // "latest" (last changed first, the default order),
    index("storybooks_visitor_updated_idx").on(t.visitorId, t.userProfileId, t.lastUpdated, t.bookId),
    index("storybooks_profile_updated_idx").on(t.userProfileId, t.lastUpdated, t.bookId),
    // and "name" (the child's name, then the title, case-insensitive: the very expressions the query
    // orders by, in storybooks.server.ts; written without commas, which drizzle-kit cannot keep in an index)
    index("storybooks_visitor_name_idx").on(
      t.visitorId,
      t.userProfileId,
      sql`lower(${t.childName})`,
      sql`case when ${t.title} is null then '' else lower(${t.title}) end`,
      sql`${t.createdAt} desc`,
      t.bookId,
    ),
    index("storybooks_profile_name_idx").on(
      t.userProfileId,
      sql`lower(${t.childName})`,
      sql`case when ${t.title} is null then '' else lower(${t.title}) end`,
      sql`${t.createdAt} desc`,
      t.bookId,
    ),
    // /story/{slug}
    uniqueIndex("storybooks_slug_unique").on(t.slug),
    // the claim on login: visitor_id matches and the profile is empty
    index("storybooks_unclaimed_idx")
      .on(t.visitorId)
      .where(sql`${t.userProfileId} IS NULL`),
    // a saved child's books (the last one's friends and world; the child's deletion sets them free)
    index("storybooks_child_idx")
      .on(t.childId, t.createdAt)
      .where(sql`${t.childId} IS NOT NULL`),
    // the default-privacy sweep: finished books the hook has not seen yet
    index("storybooks_privacy_due_idx")
      .on(t.lastUpdated)
      .where(sql`${t.privacyAppliedAt} IS NULL AND ${t.status} = 'complete'`),
    check("storybooks_owner", ownerPresent(t.visitorId, t.userProfileId)),
    check("storybooks_book_id", sql`length(${t.bookId}) BETWEEN 1 AND 64 AND ${t.bookId} NOT GLOB '*[^A-Za-z0-9]*'`),
    check("storybooks_slug", sql`${t.slug} IS NULL OR (length(${t.slug}) BETWEEN 1 AND 120 AND ${t.slug} NOT GLOB '*[^a-z0-9-]*')`),
    check("storybooks_age", sql`${t.age} IS NULL OR ${t.age} BETWEEN 0 AND 17`),
    check("storybooks_status", oneOf(t.status, BOOK_STATUSES)),
    check("storybooks_counts", sql`${t.tokensWords} >= 0 AND ${t.totalImagesGenerated} >= 0`),
  ],
);

/**
 * storybook_pages: the pages of a book. The image is stored in R2 under
 * {bookId}/{interactionIndex}/page-{n}.png (image_key); image_url is its public URL.
 */
export const storybookPages = sqliteTable(
  "storybook_pages",
  {
    id: integer("id").primaryKey(),
    bookId: text("book_id")
      .notNull()
      .references(() => storybooks.bookId, { onDelete: "cascade" }),
    pageNumber: integer("page_number").notNull(),
    pageType: text("page_type", { enum: PAGE_TYPES }).notNull(),
    title: text("title").notNull().default(""),
    scene: text("scene").notNull().default(""),
    content: text("content").notNull().default(""),
    imageKey: text("image_key"),
    imageUrl: text("image_url"),
    interactionIndex: integer("interaction_index").notNull().default(0),
    isBlank: integer("is_blank", { mode: "boolean" }).notNull().default(false),
    isGenerated: integer("is_generated", { mode: "boolean" }).notNull().default(false),
    generationProgress: integer("generation_progress").notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("storybook_pages_book_page_unique").on(t.bookId, t.pageNumber),
    check("storybook_pages_page_number", sql`${t.pageNumber} >= 1`),
    check("storybook_pages_page_type", oneOf(t.pageType, PAGE_TYPES)),
    check("storybook_pages_progress", sql`${t.generationProgress} BETWEEN 0 AND 100`),
    check("storybook_pages_interaction_index", sql`${t.interactionIndex} >= 0`),
  ],
);
