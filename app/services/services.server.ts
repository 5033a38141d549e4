import type { AppEnv } from "./env.server";
import { createDb, type Db } from "./db/client.server";
import { createOutboxReader, createOutboxSender, type OutboxReader } from "./email/outbox.server";
import { createResendSender } from "./email/resend.server";
import type { EmailSender } from "./email/types";
import { createThemeService, type ThemeService } from "./themes.server";

export interface Services {
  db: Db;
  themes: ThemeService;
  /** Resend when RESEND_API_KEY is set, otherwise the D1 outbox (read at /dev/outbox). */
  email: EmailSender;
  outbox: OutboxReader;
}

/** Every service for one request, chosen from the environment in this one place. */
export function createServices(env: AppEnv, _ctx: ExecutionContext): Services {
  const db = createDb(env.DB);
  const { RESEND_API_KEY, RESEND_BASE_URL } = env.secrets;
  return {
    db,
    themes: createThemeService(db, env.CACHE),
    email: RESEND_API_KEY ? createResendSender({ apiKey: RESEND_API_KEY, baseUrl: RESEND_BASE_URL }) : createOutboxSender(db),
    outbox: createOutboxReader(db),
  };
}
