import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { unsubscribeHeaders } from "~/services/email/links.server";
import { storyReadyId } from "~/services/email/notifications.server";
import { createResendSender } from "~/services/email/resend.server";
import { storyReadyEmail } from "~/services/email/templates";
import { isEmailSendError, type EmailMessage } from "~/services/email/types";
import { finishedBook } from "./book-fixtures";
import { uid } from "./db-helpers";
import { resendBaseUrl, resendKey, seenByResend } from "./email-helpers";

const SITE = "https://storynest.example";

async function storyMessage(to: string, unsubscribeUrl: string): Promise<EmailMessage> {
  const rendered = await storyReadyEmail({
    name: "Sam",
    title: "Mia and the Moon Picnic",
    childName: "Mia",
    coverUrl: `${SITE}/api/email/cover/c`,
    firstPageText: "Mia packs a picnic for the moon.",
    creditsUsed: 1,
    creditsLeft: 4,
    link: `${SITE}/read/r`,
    linkNote: null,
    unsubscribeUrl,
  });
  return { kind: "story", to, from: env.EMAIL_FROM, ...rendered, headers: unsubscribeHeaders(unsubscribeUrl) };
}

describe("the Resend provider (against the local fake Resend)", () => {
  it("sends the idempotency key as a header and List-Unsubscribe in the JSON body's headers", async () => {
    const apiKey = resendKey("re_ok_");
    const sender = createResendSender({ apiKey, baseUrl: resendBaseUrl() });
    const to = `${uid("parent")}@example.com`;
    const unsubscribe = `${SITE}/unsubscribe/${uid("u")}`;
    const idempotencyKey = `story:${uid("book")}`;

    const sent = await sender.send({ ...(await storyMessage(to, unsubscribe)), idempotencyKey });
    expect(sent).toEqual({ id: expect.stringMatching(/^fake_\d+$/), provider: "resend" });

    const [request] = await seenByResend(apiKey);
    expect(request).toMatchObject({ path: "POST /emails", idempotencyKey, contentType: expect.stringContaining("application/json") });
    expect(request.body.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(request.body).toMatchObject({ to: [to], subject: "Mia and the Moon Picnic is ready to read" });
    expect(String(request.body.html)).toMatch(/^<!DOCTYPE html/);
    expect(String(request.body.text)).toContain(`Stop these e-mails ${unsubscribe}`);
  });

  it("gets one id for two sends with one key, a new id for another key, and a refusal for one key with another message", async () => {
    const apiKey = resendKey("re_ok_");
    const sender = createResendSender({ apiKey, baseUrl: resendBaseUrl() });
    const message = await storyMessage(`${uid("parent")}@example.com`, `${SITE}/unsubscribe/${uid("u")}`);
    const key = `story:${uid("book")}`;

    const first = await sender.send({ ...message, idempotencyKey: key });
    const again = await sender.send({ ...message, idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const other = await sender.send({ ...message, idempotencyKey: `${key}-other` });
    expect(other.id).not.toBe(first.id);

    const changed = await sender.send({ ...message, subject: "Something else", idempotencyKey: key }).catch((e: unknown) => e);
    expect(isEmailSendError(changed) && changed.reason === "provider_error" && changed.status === 409).toBe(true);

    const seen = await seenByResend(apiKey);
    expect(seen.map((s) => s.idempotencyKey)).toEqual([key, key, `${key}-other`, key]);
  });

  it("gets the delivery's id as the idempotency key when the story e-mail goes through the queue", async () => {
    const apiKey = resendKey("re_ok_");
    const to = `${uid("v")}@example.com`;
    const bookId = await finishedBook(uid("vis"), { notifyEmail: to });
    const { notifications } = createServices(parseEnv({ ...env, RESEND_API_KEY: apiKey, RESEND_BASE_URL: resendBaseUrl() } as Env));
    const result = await notifications.storyReady(bookId, SITE);
    expect(result).toMatchObject({ ok: true, delivery: { status: "sent" } });

    const [request] = await seenByResend(apiKey);
    expect(request.idempotencyKey).toBe(storyReadyId(bookId));
    expect(request.body.headers).toMatchObject({ "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${SITE}/unsubscribe/[A-Za-z0-9_-]{43}>$`)) });
    expect(request.body.to).toEqual([to]);
  });
});
