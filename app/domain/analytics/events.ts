import { z } from "zod";

/**
 * What the browser's tracker may send to POST /api/analytics: one batch of at most 50 events and,
 * once per tab, the visitor's registration. Every string is capped and unknown fields are refused,
 * so a batch is small and holds only what the privacy policy names. The visitor id is never sent:
 * the server takes it from its own cookie.
 */
export const ANALYTICS_LIMITS = {
  /** events in one batch */
  batch: 50,
  /** bytes of one request body (413 above) */
  body: 32 * 1024,
  /** events a visitor may send in one minute (429 above; the client drops the batch) */
  perMinute: 300,
  url: 2048,
  title: 300,
  text: 500,
  /** device components: how many, and each value's length */
  components: 60,
  component: 300,
} as const;

const L = ANALYTICS_LIMITS;
const url = z.string().max(L.url);
const text = z.string().max(L.text);
const screen = z.strictObject({ width: z.number().int().min(0).max(100_000), height: z.number().int().min(0).max(100_000) });
/** The per-tab session id (sessionStorage): letters, digits, - and _. */
export const analyticsSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const pageViewSchema = z.strictObject({
  name: z.literal("page_view"),
  sessionId: analyticsSessionIdSchema,
  path: z.string().min(1).max(L.url).startsWith("/"),
  referrer: url,
  url,
  title: z.string().max(L.title),
  screen,
  userAgent: text,
  language: z.string().max(35),
});

export const analyticsEventSchema = z.discriminatedUnion("name", [pageViewSchema]);

/** Device components: a flat record of short values (the tracker flattens and caps them). */
const componentValue = z.union([z.string().max(L.component), z.number(), z.boolean(), z.null()]);

export const visitorMetaSchema = z.strictObject({
  components: z
    .record(z.string().max(40), componentValue)
    .refine((c) => Object.keys(c).length <= L.components, { message: `at most ${L.components} components` }),
  userAgent: text,
  language: z.string().max(35),
  platform: z.string().max(100),
  screen,
  timezone: z.string().max(64),
  /** minutes, as Date#getTimezoneOffset */
  timezoneOffset: z
    .number()
    .int()
    .min(-24 * 60)
    .max(24 * 60),
  referrer: url,
  url,
  /** when the browser registered, ms since the epoch */
  timestamp: z.number().int().min(0),
});

export const analyticsBatchSchema = z.strictObject({
  visitor: visitorMetaSchema.optional(),
  events: z.array(analyticsEventSchema).max(L.batch),
});

export type PageViewEvent = z.infer<typeof pageViewSchema>;
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type VisitorMeta = z.infer<typeof visitorMetaSchema>;
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** What the server records in user_activity (each where the thing happens). */
export const ACTIVITY_EVENTS = [
  "book_started",
  "book_finished",
  "book_failed",
  "pdf_downloaded",
  "book_shared",
  "checkout_started",
  "purchase_completed",
  "nino_started",
  "nino_story_handoff",
] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];
