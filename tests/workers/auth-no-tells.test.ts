import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { makeAccount, PASSWORD } from "./account-helpers";
import { Browser, createAccount, ORIGIN, outboxFor, pageText, postSignUp, readOutboxLink, uniqueEmail, uniqueIp } from "./auth-helpers";
import { resendBaseUrl } from "./email-helpers";
import { uid } from "./db-helpers";

// What the account forms give away, and what a parent is told: sign-up and reset take as long for an
// address with an account as for one without; a new password is announced, and the reset links sent
// before it stop working.

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  expect(res.status).toBe(302);
  return performance.now() - started;
}

/** Whether two medians are too close for one request to tell them apart (`floorMs`: noise a busy machine adds). */
function expectIndistinguishable(known: number[], unknown: number[], floorMs = 10) {
  const [a, b] = [median(known), median(unknown)];
  expect(Math.abs(a - b), `medians ${a.toFixed(1)} and ${b.toFixed(1)} ms`).toBeLessThan(Math.max(floorMs, 0.3 * Math.max(a, b)));
}

const ROUNDS = 11;

/**
 * A reset request through the Worker with a real e-mail provider that takes 800 ms to answer (the
 * fake Resend): the time until the answer. The work after it goes on, untimed, and is waited for in
 * `after` (all of it at once at the end, not 800 ms after each request).
 */
async function timedReset(email: string, resendKey: string, after: Promise<void>[]): Promise<number> {
  const request = new Request(`${ORIGIN}/auth/forgot-password`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host, "CF-Connecting-IP": uniqueIp() },
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const settings = { ...env, RESEND_API_KEY: resendKey, RESEND_BASE_URL: resendBaseUrl() } as Env;
  const ms = await timed(() => worker.fetch(request, settings, ctx));
  after.push(waitOnExecutionContext(ctx));
  return ms;
}

describe("an account's existence does not show in the timing", () => {
  it("sign-up takes as long for an address with an account as for a new one (both hash the password)", async () => {
    const existing = await Promise.all(Array.from({ length: ROUNDS }, () => makeAccount()));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      known.push(await timed(() => postSignUp(new Browser(), existing[i].email, "a brand new long phrase")));
      unknown.push(await timed(() => postSignUp(new Browser(), uniqueEmail("timing"), "a brand new long phrase")));
    }
    expectIndistinguishable(known, unknown);
  });

  it("a reset request takes as long for a known address as for an unknown one (the e-mail goes after the answer)", async () => {
    const existing = await Promise.all(Array.from({ length: ROUNDS }, () => makeAccount()));
    const resendKey = `re_slow_${uid("reset")}`;
    const known: number[] = [];
    const unknown: number[] = [];
    const after: Promise<void>[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      known.push(await timedReset(existing[i].email, resendKey, after));
      unknown.push(await timedReset(uniqueEmail("nobody"), resendKey, after));
    }
    await Promise.all(after);
    // the provider's 800 ms would show in every known answer if the e-mail went before it
    expectIndistinguishable(known, unknown, 100);
    expect(median(known)).toBeLessThan(700);
  }, 30_000);
});

describe("after a new password", () => {
  it("a change e-mails a notice, and a reset link sent before it no longer works", async () => {
    const { email, password, browser } = await createAccount();
    await new Browser().post("/auth/forgot-password", { email });
    const earlierReset = await readOutboxLink(email, "reset");
    const before = (await outboxFor(email)).length;

    const changed = await browser.post("/auth/change-password", { currentPassword: password, newPassword: "a fresh and different phrase" });
    expect(changed.status).toBe(302);
    const [notice] = await outboxFor(email, before + 1);
    expect(notice.subject).toBe("Your StoryNest password was changed");
    expect(notice.text).toContain("/auth/forgot-password");
    expect(await pageText(await new Browser().get(earlierReset))).toContain(AUTH_MESSAGES.linkInvalid);
  });

  it("a reset e-mails a notice too", async () => {
    const parent = await makeAccount({ password: PASSWORD });
    await new Browser().post("/auth/forgot-password", { email: parent.email });
    const link = await readOutboxLink(parent.email, "reset");
    const token = new URL(link, "http://example.com").searchParams.get("token")!;
    expect((await new Browser().post(link, { token, newPassword: "the morning after the reset" })).status).toBe(302);
    const mails = await outboxFor(parent.email, 2);
    expect(mails[0].subject).toBe("Your StoryNest password was changed");
  });
});
