import { screens as shoot } from "./screens";
import { expect, type APIRequestContext, type Page } from "./fixtures";

// What the account specs share: addresses of their own, the links the development outbox holds,
// signing up, in and out through the pages, and the header's account control at either width.

export const PASSWORD = "kites over the windy hill";

/**
 * How long to wait for what a form post leads to: a sign-up, sign-in or new password hashes the
 * password (PBKDF2, 100,000 rounds), which a busy two-core machine can take seconds over.
 */
export const AFTER_POST = { timeout: 15_000 };

/** An address no other test (nor an earlier run against the same server) uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/**
 * The newest link of a kind e-mailed to an address, read from the development outbox (newest first).
 * Only the e-mails the list says went to that address are opened. Reset and resend e-mails are sent
 * just after the page answers, so a missing link is looked for again for a few seconds.
 */
export async function outboxLink(request: APIRequestContext, email: string, kind: "callback" | "reset-password"): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const link = await findOutboxLink(request, email, kind);
    if (link) return link;
    if (attempt >= 20) throw new Error(`no ${kind} link for ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function findOutboxLink(request: APIRequestContext, email: string, kind: "callback" | "reset-password"): Promise<string | null> {
  const list = await (await request.get("/dev/outbox")).text();
  const ids = [...list.matchAll(/href="\/dev\/outbox\/(outbox_[^"?#]+)"[\s\S]*?To: ([^<]*)</g)].filter((m) => m[2].includes(email)).map((m) => m[1]);
  for (const id of [...new Set(ids)]) {
    const page = await (await request.get(`/dev/outbox/${id}`)).text();
    // the e-mail itself, not the outbox's list beside it
    const start = page.indexOf('data-testid="outbox-email"');
    const html = page.slice(start, page.indexOf("</article>", start));
    if (!html.includes(email)) continue;
    const link = new RegExp(`/auth/${kind}\\?token=[A-Za-z0-9_-]+`).exec(html);
    if (link) return link[0];
  }
  return null;
}

/**
 * A confirmed parent with a profile, and this page's browser signed in to them (POST /api/test/sign-in,
 * outside production only): for the tests whose subject is not signing up. The page's request context
 * shares the browser's cookies, so the next page the browser opens is signed in. A password, if given,
 * works on the sign-in page too. Answers the address and the parent's profile id.
 */
export async function signedInParent(
  page: { request: APIRequestContext },
  {
    email = uniqueEmail("parent"),
    firstName = "Sam",
    lastName = "Parent",
    password,
  }: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
): Promise<{ email: string; userProfileId: string }> {
  const res = await page.request.post("/api/test/sign-in", { data: { email, firstName, lastName, ...(password ? { password } : {}) } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, userProfileId: ((await res.json()) as { userProfileId: string }).userProfileId };
}

/** Sign-up with e-mail and password, up to the "Check your inbox" step. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/auth/signup");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused(AFTER_POST);
}

/** Opens the confirmation link of a new account and presses its button: signed in, at the profile step. */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  await page.goto(await outboxLink(page.request, email, "callback"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page).toHaveURL(/\/auth\/complete-profile/, AFTER_POST);
}

/**
 * The profile step: names, then on to where the sign-in was going. With JavaScript, only once the
 * page is hydrated: a press of the button while React takes the form over can be lost.
 */
export async function completeProfile(page: Page, firstName: string, lastName: string): Promise<void> {
  // The page's inline scripts set __remixContext: a browser without JavaScript never runs them.
  if (await page.evaluate(() => "__remixContext" in window)) await hydrated(page);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).not.toHaveURL(/\/auth\/complete-profile/, AFTER_POST);
}

/** Sign-in with e-mail and password on /auth/login (the outcome is the caller's to check). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Below the header's wide layout (Tailwind's lg, 1024 px) the account sits in the menu. */
function phoneHeader(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/**
 * Waits until React has hydrated the page (its root's first commit). A tap on the header's menu
 * while the page is still hydrating can stop React altogether (React 18.3's "Root did not complete",
 * error #345), so the account controls are used only after it.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
      const root = key ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : null;
      return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    null,
    AFTER_POST,
  );
}

/** Opens the phone's menu (once the page is hydrated: the menu is a script's dialog). */
async function openPhoneMenu(page: Page) {
  await hydrated(page);
  await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header names the signed-in parent (their first name, or "My account" before they gave one). */
export async function expectSignedInAs(page: Page, label: string): Promise<void> {
  if (phoneHeader(page)) {
    const dialog = await openPhoneMenu(page);
    await expect(dialog.getByText("Signed in as")).toContainText(label);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await expect(page.getByRole("banner").getByTestId("account-name").first()).toHaveText(label);
  }
}

/** Sign-out through the header's account menu (the phone's menu on a narrow screen). */
export async function signOutFromHeader(page: Page): Promise<void> {
  if (phoneHeader(page)) {
    await (await openPhoneMenu(page)).getByRole("button", { name: "Sign out" }).click();
  } else {
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByTestId("account-menu");
    await hydrated(page);
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sign out" }).click();
  }
  await expect(page).toHaveURL(/\/auth\/logout$/, AFTER_POST);
  await expect(page.getByRole("heading", { name: "You are signed out" })).toBeVisible();
}

/** With SCREENSHOTS=1, the page at a phone's and a desktop's width in test-results/screens/auth-<name>-<width>.png. */
export function screens(page: Page, name: string): Promise<void> {
  return shoot(page, `auth-${name}`);
}
