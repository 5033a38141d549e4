import type { AppEnv } from "./env.server";
import { createDb, type Db } from "./db/client.server";
import { createOutboxReader, createOutboxSender, type OutboxReader } from "./email/outbox.server";
import { createDeliveries, type Deliveries } from "./email/deliveries.server";
import { createEmailLinks, type EmailLinks } from "./email/links.server";
import { createNotifications, type Notifications } from "./email/notifications.server";
import { createNewsletter, type Newsletter } from "./email/newsletter.server";
import { createResendSender } from "./email/resend.server";
import type { EmailSender } from "./email/types";
import { createThemeService, type ThemeService } from "./themes.server";
import { createBookService, type BookService } from "./books/books.server";
import type { GenerateDeps } from "./books/generate.server";
import { createUploadService, type UploadService } from "./books/uploads.server";
import { createChildService, type ChildService } from "./books/saved-children.server";
import { createStoryDrafts, type StoryDrafts } from "./books/drafts.server";
import { createSampleService, type SampleService } from "./books/samples.server";
import { createSharingService, type SharingService } from "./books/sharing.server";
import { createEditService, type EditService } from "./books/edit.server";
import { chooseProviders } from "./ai/providers.server";
import { offlineIllustrator, offlineWriter } from "./ai/offline.server";
import { quickIllustrator } from "./ai/quick-illustrator.server";
import { buildCharacterSheet } from "~/domain/story/writer";
import { createWatermarker } from "./storage/watermark.server";
import { chooseChat, type ChatProvider } from "./ai/chat.server";
import type { Moderator } from "./moderation/types";
import { createNinoService, type NinoService } from "./nino/nino.server";
import { createAccountService, type AccountService } from "./auth/accounts.server";
import { createProfileService, type ProfileService } from "./auth/profile.server";
import { createAccountDeletion, type AccountDeletion } from "./auth/delete-account.server";
import { createClaimService, type ClaimService } from "./auth/claim.server";
import { log } from "./log.server";
import { createRatesService } from "./pricing/rates.server";
import { createPricingService, type PricingService } from "./pricing/pricing.server";
import { createPaymentService, type PaymentService } from "./payments/payments.server";
import { createStripeProvider } from "./payments/stripe.server";
import { createTestProvider, TEST_WEBHOOK_SECRET, type TestProvider } from "./payments/test-provider.server";
import { createSocialService, type SocialService } from "./social/index.server";
import { createClock } from "./social/clock.server";
import { createAnalytics, type AnalyticsRecorder } from "./analytics/record.server";

export interface Services {
  db: Db;
  /** first-party analytics with consent: the tracker's batches and activity (app/services/analytics) */
  analytics: AnalyticsRecorder;
  themes: ThemeService;
  /** Resend when RESEND_API_KEY is set, otherwise the D1 outbox (read at /dev/outbox). */
  email: EmailSender;
  outbox: OutboxReader;
  /** the durable queue of the e-mails the server sends on its own (retried by the cron trigger) */
  deliveries: Deliveries;
  /** the links in e-mails that work without signing in (read-only book, PDF, unsubscribe ...) */
  emailLinks: EmailLinks;
  /** the story, PDF and purchase e-mails: recipients, links and pictures from the database only */
  notifications: Notifications;
  /** the newsletter list: sign-up with double opt-in, confirmation, unsubscribe (both lists' links) */
  newsletter: Newsletter;
  books: BookService;
  uploads: UploadService;
  /** a signed-in parent's saved children, which every new book can start from (decision 054) */
  children: ChildService;
  /** the story form a visitor filled before signing up, kept for their browser (KV, a day) */
  drafts: StoryDrafts;
  /** public links by slug (/story/{slug}) */
  sharing: SharingService;
  /** the /real-stories sample books */
  samples: SampleService;
  /** what the book Workflow's steps use: writer, illustrator and moderator chosen from the env */
  generation: GenerateDeps;
  /** checks free text (offline rules, or OpenAI's moderation when OPENAI_API_KEY is set) */
  moderator: Moderator;
  /** Nino's chat completions: OpenAI when OPENAI_API_KEY is set, null otherwise (scripted replies) */
  chat: ChatProvider | null;
  /** editing a finished book: text, title, one page's picture again */
  edits: EditService;
  /** Nino's memory of a family and its conversations (the /nino-friendship page) */
  nino: NinoService;
  /** accounts: sign-up, sign-in, links by e-mail, passwords, names (app/services/auth) */
  accounts: AccountService;
  /** the parent's picture (/profile) */
  profile: ProfileService;
  /** "Delete my account" (/myaccount): everything the account owns */
  accountDeletion: AccountDeletion;
  /** the claim on sign-in: a browser's books, credits, Nino memory and photos become the profile's */
  claims: ClaimService;
  /** the plans priced in a market's currency, at the hour's exchange rates (KV), or the kept snapshot */
  pricing: PricingService;
  /** checkout, the webhook, orders, subscriptions and the credit history */
  payments: PaymentService;
  /** the built-in test payment provider (its checkout page, renewals, refunds), when it is the provider in use */
  testPayments: TestProvider | null;
  /** sharing with family, reactions, comments, privacy settings (app/services/social) */
  social: SocialService;
}

/** The brand of the watermark on every picture. */
export const WATERMARK = { brand: "StoryNest", year: new Date().getUTCFullYear() };

/** Where a lazy object keeps the functions that build its properties. */
const BUILDERS = Symbol("builders");

/**
 * The prototype of one kind of lazy object: a getter per name that builds the value on first read
 * and keeps it on the object. Made on the kind's first use, so a request's lazy objects cost one
 * object each, not a property definition per service.
 */
function lazyPrototype(names: string[]): object {
  const prototype = {};
  for (const name of names) {
    Object.defineProperty(prototype, name, {
      enumerable: true,
      get(this: { [BUILDERS]: Record<string, () => unknown> }) {
        const value = this[BUILDERS][name]();
        Object.defineProperty(this, name, { value, enumerable: true, configurable: false, writable: false });
        return value;
      },
    });
  }
  return prototype;
}

/** One kind of lazy object (one call site): every object of a kind has the same property names. */
interface LazyKind {
  prototype?: object;
}
const INTERNAL: LazyKind = {};
const SERVICES: LazyKind = {};

/**
 * An object whose properties are built on first read and kept: a request pays only for the
 * services it uses (a page that reads its books builds the book queries, not payments or e-mail).
 */
function lazy<T extends object>(kind: LazyKind, build: { [K in keyof T]: () => T[K] }): T {
  kind.prototype ??= lazyPrototype(Object.keys(build));
  const made = Object.create(kind.prototype) as T & { [BUILDERS]: typeof build };
  made[BUILDERS] = build;
  return made;
}

/**
 * Every service for one request, chosen from the environment in this one place. Each one is built
 * when first read (then kept for the request), with the same dependencies as ever.
 */
export function createServices(env: AppEnv, ctx?: ExecutionContext): Services {
  const db = createDb(env.DB);
  const { RESEND_API_KEY, RESEND_BASE_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env.secrets;
  // Without Stripe keys, the test provider takes (pretend) payments, except in production, where nothing can be bought.
  const site = env.secrets.WEBSITE_URL ?? "http://localhost:8787";
  const stripeKeys = Boolean(STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET);
  // Built once for the request when first needed; shared by the services that use it.
  const internal = lazy<{
    providers: ReturnType<typeof chooseProviders>;
    stripe: ReturnType<typeof createStripeProvider> | null;
    clock: ReturnType<typeof createClock>;
  }>(INTERNAL, {
    providers: () =>
      chooseProviders(
        env.secrets,
        {
          writer: () => offlineWriter,
          illustrator: () => offlineIllustrator,
          quickIllustrator: () => quickIllustrator,
          characterSheet: buildCharacterSheet,
        },
        { images: env.BOOK_IMAGES },
      ),
    stripe: () => (stripeKeys ? createStripeProvider({ secretKey: STRIPE_SECRET_KEY!, apiUrl: STRIPE_API_URL }) : null),
    // The clock of shares' and checkouts' expiry, of the refund window and of a saved child's age: movable outside production (POST /api/test/clock), read once per request.
    clock: () => createClock({ kv: env.CACHE, movable: env.secrets.ENVIRONMENT !== "production" }),
  });
  const services: Services = lazy<Services>(SERVICES, {
    db: () => db,
    analytics: () => createAnalytics(db, log),
    social: () =>
      createSocialService({
        db,
        clock: internal.clock,
        moderator: services.moderator,
        sharing: services.sharing,
        sendShareEmail: (input) => services.notifications.storyShared(input),
        notifyReport: (input) => services.notifications.commentReported(input),
        log,
      }),
    pricing: () => createPricingService({ db, rates: createRatesService({ kv: env.CACHE, url: env.secrets.EXCHANGE_RATES_URL, log }) }),
    payments: () =>
      createPaymentService({
        db,
        provider: internal.stripe ?? services.testPayments?.provider ?? null,
        webhookSecret: internal.stripe ? STRIPE_WEBHOOK_SECRET! : services.testPayments ? TEST_WEBHOOK_SECRET : null,
        pricing: services.pricing,
        notifications: services.notifications,
        log,
        analytics: services.analytics,
        seller: { name: env.secrets.SELLER_NAME, address: env.secrets.SELLER_ADDRESS },
        now: () => internal.clock.now(),
      }),
    testPayments: () =>
      stripeKeys || env.secrets.ENVIRONMENT === "production"
        ? null
        : createTestProvider({
            db,
            deliver: (body, signature) => services.payments.handleWebhook(body, signature, site),
            waitUntil: (work) => (ctx ? ctx.waitUntil(work) : void work.catch(() => undefined)),
            log,
            clock: () => internal.clock.now(),
          }),
    themes: () => createThemeService(db, env.CACHE),
    books: () => createBookService({ db, images: env.BOOK_IMAGES, workflow: env.STORY_WORKFLOW, moderator: services.moderator, limiter: env.BOOK_LIMITER }),
    sharing: () => createSharingService({ db, emailLinks: services.emailLinks, now: () => internal.clock.now() }),
    samples: () => createSampleService({ db, workflow: env.STORY_WORKFLOW, books: services.books }),
    uploads: () => createUploadService({ images: env.BOOK_IMAGES, db }),
    children: () =>
      createChildService({ db, images: env.BOOK_IMAGES, uploads: services.uploads, moderator: services.moderator, now: () => internal.clock.now() }),
    drafts: () => createStoryDrafts(env.CACHE),
    generation: () => ({
      db,
      images: env.BOOK_IMAGES,
      writer: internal.providers.writer,
      illustrator: internal.providers.illustrator,
      moderator: internal.providers.moderator,
      watermark: createWatermarker(WATERMARK),
    }),
    edits: () => createEditService(services.generation),
    email: () => (RESEND_API_KEY ? createResendSender({ apiKey: RESEND_API_KEY, baseUrl: RESEND_BASE_URL }) : createOutboxSender(db)),
    outbox: () => createOutboxReader(db),
    deliveries: () => createDeliveries({ db, sender: services.email, from: env.secrets.EMAIL_FROM, log }),
    emailLinks: () => createEmailLinks(db),
    notifications: () => createNotifications({ db, deliveries: services.deliveries, links: services.emailLinks, log }),
    newsletter: () => createNewsletter({ db, deliveries: services.deliveries, links: services.emailLinks, log }),
    moderator: () => internal.providers.moderator,
    chat: () => chooseChat(env.secrets),
    nino: () => createNinoService({ db, conversations: env.NINO_SESSION }),
    accounts: () =>
      createAccountService({
        db,
        email: services.email,
        emailFrom: env.secrets.EMAIL_FROM,
        log,
        defer: ctx ? (work) => ctx.waitUntil(work) : undefined,
      }),
    profile: () => createProfileService({ db, images: env.BOOK_IMAGES }),
    accountDeletion: () =>
      createAccountDeletion({
        db,
        images: env.BOOK_IMAGES,
        conversations: env.NINO_SESSION,
        books: services.books,
        log,
        cancelSubscriptions: (owner) => services.payments.cancelAllNow(owner),
      }),
    claims: () => createClaimService({ db, images: env.BOOK_IMAGES }),
  });
  return services;
}
