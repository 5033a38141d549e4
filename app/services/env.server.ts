import { z } from "zod";

/** Secrets and settings, parsed once per request. Every key is optional: offline providers fill in. */
const secretsSchema = z.object({
  /**
   * Fails closed: anything but an explicit "development" (npm start, the local scripts) or "test"
   * (the test runs) is production, so a plain deploy never exposes the development pages and APIs.
   */
  ENVIRONMENT: z.enum(["development", "test", "production"]).catch("production"),
  /** The site's public address for links in e-mails, shares and the sitemap; unset: the request's own origin (resolveSite). */
  WEBSITE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default("hello@storynest.example"),
  /**
   * The accounts that may open /admin (the dashboard for the people who run the product): their
   * e-mail addresses, comma-separated, compared lower-cased. Empty (the default): nobody.
   */
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email.includes("@")),
    ),
  EMAIL_FROM: z.string().min(3).default("StoryNest <stories@storynest.example>"),
  /** Who sells, as every receipt (the order page, the purchase e-mail) names them: wrangler.toml [vars]. */
  SELLER_NAME: z.string().trim().min(1).max(120).default("StoryNest Ltd"),
  /** The seller's postal address, its lines separated by commas. */
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default("1 Example Street, London EC1A 1AA, United Kingdom"),
  RESEND_API_KEY: z.string().min(1).optional(),
  /** Where the Resend client sends its calls; tests point it at a local server. */
  RESEND_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /**
   * "quick": books are drawn by the quick illustrator (plain 256 px pictures in milliseconds), for
   * the test runs whose subject is not the pictures. Ignored in production.
   */
  ILLUSTRATOR: z.enum(["quick"]).optional(),
  /** pictures drawn at once while making a book (default 4) */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(24).optional(),
  /** Where the OpenAI calls go (default https://api.openai.com/v1); tests point it at a local server. */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** Chat model for the story writer (default gpt-4o-mini) and image model (default gpt-image-1). */
  OPENAI_TEXT_MODEL: z.string().min(1).optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).optional(),
  /** Chat model for Nino's replies (default gpt-3.5-turbo). */
  OPENAI_CHAT_MODEL: z.string().min(1).optional(),
  /** A generic image provider (answers image URLs): used when both URL and key are set. */
  IMAGE_API_URL: z.string().url().optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  /** The fixed model name sent to the generic provider, and the name its error texts carry. */
  IMAGE_API_MODEL: z.string().min(1).optional(),
  IMAGE_API_NAME: z.string().min(1).max(40).optional(),
  /** Google sign-in (OpenID Connect): offered only when both the client id and its secret are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Google's sign-in and token endpoints are (default Google's own); tests point it at a local server, which is then also the expected issuer. */
  GOOGLE_OAUTH_URL: z.string().url().optional(),
  /** Stripe: payments are taken by Stripe Checkout when both are set; otherwise (never in production) by the built-in test provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe client sends its calls (default Stripe's own); tests point it at a local server. */
  STRIPE_API_URL: z.string().url().optional(),
  /** A public exchange-rate service answering US dollar rates as JSON `rates`; unset: the rates kept in the repository. */
  EXCHANGE_RATES_URL: z.string().url().optional(),
});

export type Secrets = z.infer<typeof secretsSchema>;

/**
 * What pages and API handlers see of the environment (the load context's `env`): the parsed
 * settings and nothing else. The bindings (D1, R2, KV, the Durable Objects, the Workflow) reach
 * code only through the services createServices builds from them.
 */
export interface Settings {
  secrets: Secrets;
}

/** The Worker's bindings with the parsed settings: what createServices builds the services from. */
export type AppEnv = Env & Settings;

/** The settings parsed once per bindings object (the Worker gets the same one for every request of an isolate). */
const parsed = new WeakMap<Env, AppEnv>();

export function parseEnv(env: Env): AppEnv {
  const known = parsed.get(env);
  if (known) return known;
  const appEnv = parseEnvOnce(env);
  parsed.set(env, appEnv);
  return appEnv;
}

function parseEnvOnce(env: Env): AppEnv {
  const raw = env as unknown as Record<string, unknown>;
  const blankToUndefined = Object.fromEntries(Object.keys(secretsSchema.shape).map((k) => [k, raw[k] === "" ? undefined : raw[k]]));
  const secrets = secretsSchema.parse(blankToUndefined);
  return Object.assign(Object.create(null), env, { secrets }) as AppEnv;
}

/** Production unless the explicit development flag (ENVIRONMENT=development or test) is set. */
export function isProduction(env: Settings): boolean {
  return env.secrets.ENVIRONMENT === "production";
}
