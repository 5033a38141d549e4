import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { makeAccount, PASSWORD } from "./account-helpers";
import { Browser, createAccount, outboxFor, pageText, postSignUp, readOutboxLink, uniqueEmail } from "./auth-helpers";

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

/** Whether two medians are too close for one request to tell them apart. */
function expectIndistinguishable(known: number[], unknown: number[]) {
  const [a, b] = [median(known), median(unknown)];
  // a few milliseconds of D1 either way is noise beside a request's own spread
  expect(Math.abs(a - b), `medians ${a.toFixed(1)} and ${b.toFixed(1)} ms`).toBeLessThan(Math.max(10, 0.3 * Math.max(a, b)));
}

const ROUNDS = 9;

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
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      known.push(await timed(() => new Browser().post("/auth/forgot-password", { email: existing[i].email })));
      // the e-mail is sent after the answer: let it go before the next measurement
      expect(await outboxFor(existing[i].email, 1)).toHaveLength(1);
      unknown.push(await timed(() => new Browser().post("/auth/forgot-password", { email: uniqueEmail("nobody") })));
    }
    expectIndistinguishable(known, unknown);
  });
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
