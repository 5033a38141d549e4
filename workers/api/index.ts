import { Hono } from "hono";
import { costlyLimit } from "./rate-limit";
import { samplesLimit, streamLimit } from "./connection-limits";
import { getLoadContext } from "../load-context";
import type { ApiEnv } from "./env";
import { answerError, notFoundBody } from "./errors";
import { devOnly, notInProduction } from "./dev-only";
import { sendEmail } from "./email";
import { emailLinks } from "./email-links";
import { storyCompletion } from "./story-completion";
import { newsletter } from "./newsletter";
import { clientErrors } from "./client-errors";
import { bookImages } from "./book-images";
import { books } from "./books";
import { samples, sharing } from "./sharing";
import { social } from "./social";
import { bookEdits } from "./book-edits";
import { pdf } from "./pdf";
import { health } from "./health";
import { uploads } from "./uploads";
import { images } from "./images";
import { library } from "./library";
import { nino } from "./nino";
import { chat } from "./chat";
import { ninoTranscribe } from "./nino-transcribe";
import { markets, pricing } from "./markets";
import { paymentsWebhook, testPayments } from "./payments";
import { sameSiteOnly } from "./same-site";
import { analytics } from "./analytics";

export const api = new Hono<ApiEnv>().basePath("/api");

// Only this site's pages: another site's POST, PUT or DELETE is 403, and no cross-origin header is sent (./same-site.ts).
api.use("*", sameSiteOnly);
api.use("*", async (c, next) => {
  c.set("app", getLoadContext(c.env, c.executionCtx as ExecutionContext, crypto.randomUUID(), c.req.raw));
  await next();
});

// Endpoints that spend a provider's money or much CPU: a limit per client (workers/api/rate-limit.ts).
// The chat and image endpoints check theirs after their body (costlyGuard in chat.ts and images.ts).
api.use("/nino/transcribe", costlyLimit("transcribe"));
api.use("/books/:bookId/pages/:pageNumber/picture", costlyLimit("redraw"));
// Live-progress streams and sample drawing: per address and per visitor (workers/api/connection-limits.ts).
api.use("/books/:bookId/events", streamLimit);
api.use("/samples", samplesLimit);

api.route("/health", health);
api.route("/books", books);
api.route("/books", sharing);
api.route("/books", social);
api.route("/samples", samples);
api.route("/library", library);
api.route("/books", bookEdits);
api.route("/books", pdf);
api.route("/uploads", uploads);
api.route("/images", bookImages);
api.route("/test/payments", testPayments);
api.route("/test", devOnly);
api.route("/markets", markets);
api.route("/pricing", pricing);
api.route("/payments/webhook", paymentsWebhook);
api.route("/send-email", sendEmail);
api.route("/emails/story-completion", storyCompletion);
api.route("/email", emailLinks);
api.route("/subscribe-newsletter", newsletter);
api.route("/client-errors", clientErrors);
api.route("/analytics", analytics);
// Before the conversation route (/nino/{sessionId}): "transcribe" is no session id, but say so in order.
api.route("/nino/transcribe", ninoTranscribe);
api.route("/nino", nino);
api.route("/", chat);
api.route("/", images);

// Development only: every route the API answers, for the fuzz drill (scripts/fuzz.mjs).
api.get("/test/routes", notInProduction, (c) => c.json({ routes: [...new Set(api.routes.map((r) => `${r.method} ${r.path}`))] }));

api.notFound((c) => c.json(notFoundBody(c), 404));

// A handler's exception: 500 with a generic sentence and the error id; the detail goes to the log.
api.onError(answerError);
