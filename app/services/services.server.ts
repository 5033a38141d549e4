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
import { createSampleService, type SampleService } from "./books/samples.server";
import { createSharingService, type SharingService } from "./books/sharing.server";
import { createEditService, type EditService } from "./books/edit.server";
import { chooseProviders } from "./ai/providers.server";
import { offlineIllustrator, offlineWriter } from "./ai/offline.server";
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

/** Every service for one request, chosen from the environment in this one place. */
export function createServices(env: AppEnv, ctx?: ExecutionContext): Services {
  const db = createDb(env.DB);
  const { RESEND_API_KEY, RESEND_BASE_URL } = env.secrets;
  const providers = chooseProviders(env.secrets, {
    writer: () => offlineWriter,
    illustrator: () => offlineIllustrator,
    characterSheet: buildCharacterSheet,
  });
  const generation: GenerateDeps = {
    db,
    images: env.BOOK_IMAGES,
    writer: providers.writer,
    illustrator: providers.illustrator,
    moderator: providers.moderator,
    watermark: createWatermarker(WATERMARK),
  };
  const email = RESEND_API_KEY ? createResendSender({ apiKey: RESEND_API_KEY, baseUrl: RESEND_BASE_URL }) : createOutboxSender(db);
  const deliveries = createDeliveries({ db, sender: email, from: env.secrets.EMAIL_FROM, log });
  const emailLinks = createEmailLinks(db);
  const notifications = createNotifications({ db, deliveries, links: emailLinks, log });
  const books = createBookService({ db, images: env.BOOK_IMAGES, workflow: env.STORY_WORKFLOW, moderator: providers.moderator, limiter: env.BOOK_LIMITER });
  const pricing = createPricingService({ db, rates: createRatesService({ kv: env.CACHE, url: env.secrets.EXCHANGE_RATES_URL, log }) });
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env.secrets;
  const stripe = STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET ? createStripeProvider({ secretKey: STRIPE_SECRET_KEY, apiUrl: STRIPE_API_URL }) : null;
  // Without Stripe keys, the test provider takes (pretend) payments, except in production, where nothing can be bought.
  const site = env.secrets.WEBSITE_URL ?? "http://localhost:8787";
  const testPayments =
    stripe || env.secrets.ENVIRONMENT === "production"
      ? null
      : createTestProvider({
          db,
          deliver: (body, signature) => payments.handleWebhook(body, signature, site),
          waitUntil: (work) => (ctx ? ctx.waitUntil(work) : void work.catch(() => undefined)),
          log,
        });
  const analytics = createAnalytics(db, log);
  const payments: PaymentService = createPaymentService({
    db,
    provider: stripe ?? testPayments?.provider ?? null,
    webhookSecret: stripe ? STRIPE_WEBHOOK_SECRET! : testPayments ? TEST_WEBHOOK_SECRET : null,
    pricing,
    notifications,
    log,
    analytics,
  });
  // The clock of shares' expiry: movable outside production (POST /api/test/clock), read once per request.
  const clock = createClock({ kv: env.CACHE, movable: env.secrets.ENVIRONMENT !== "production" });
  const sharing = createSharingService({ db, emailLinks, now: () => clock.now() });
  const social = createSocialService({
    db,
    clock,
    moderator: providers.moderator,
    sharing,
    sendShareEmail: (input) => notifications.storyShared(input),
    log,
  });
  return {
    analytics,
    social,
    pricing,
    payments,
    testPayments,
    db,
    themes: createThemeService(db, env.CACHE),
    books,
    sharing,
    samples: createSampleService({ db, workflow: env.STORY_WORKFLOW, books }),
    uploads: createUploadService({ images: env.BOOK_IMAGES, db }),
    generation,
    edits: createEditService(generation),
    email,
    outbox: createOutboxReader(db),
    deliveries,
    emailLinks,
    notifications,
    newsletter: createNewsletter({ db, deliveries, links: emailLinks, log }),
    moderator: providers.moderator,
    chat: chooseChat(env.secrets),
    nino: createNinoService({ db, conversations: env.NINO_SESSION }),
    accounts: createAccountService({ db, email, emailFrom: env.secrets.EMAIL_FROM, log }),
    profile: createProfileService({ db, images: env.BOOK_IMAGES }),
    accountDeletion: createAccountDeletion({
      db,
      images: env.BOOK_IMAGES,
      conversations: env.NINO_SESSION,
      books,
      log,
      cancelSubscriptions: (owner) => payments.cancelAllNow(owner),
    }),
    claims: createClaimService({ db, images: env.BOOK_IMAGES }),
  };
}
