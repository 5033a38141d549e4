import {
  AFTER_POST,
  completeProfile,
  confirmEmail,
  expectSignedInAs,
  outboxLink,
  PASSWORD,
  screens,
  signInWithPassword,
  signedInParent,
  signOutFromHeader,
  signUp,
  uniqueEmail,
} from "./accounts";
import { seriousViolations } from "./axe";
import { testBook, type BookForm } from "./books";
import { expect, test, testAddress, type Page } from "./fixtures";

// The account journeys end to end: a book made signed out belongs to the account made next, on every
// device it signs in on; a forgotten password; Google sign-in (against the local fake Google); and
// every account page's accessibility (with SCREENSHOTS=1, pictures of them to look at).

const FORM: BookForm = {
  childName: "Ilse",
  age: 5,
  gender: "girl",
  authorName: "Mum",
  theme: "Space",
  storyDescription: "Ilse rides a paper rocket to the moon and back before bedtime.",
  moralLesson: "Curiosity takes us far.",
  specialElements: "a paper rocket, a sleepy moon",
  artStyle: "cartoon",
};

const BAD_CREDENTIALS = "That e-mail and password do not match an account.";

const cards = (page: Page) => page.getByTestId("library-book");

// A visitor who has answered the cookie question: the banner would cover the forms' lower buttons on a phone.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

test.describe("journeys", () => {
  // several pages and password hashes each: room for a busy two-core machine
  test.describe.configure({ timeout: 60_000 });

  test("a book made signed out is the new account's at once, on another device too; signing out there hides it there only", async ({
    page,
    browser,
    baseURL,
  }) => {
    const bookId = await testBook(page, FORM);
    await page.goto("/library");
    await expect(cards(page).first()).toHaveAttribute("data-book-id", bookId);

    const email = uniqueEmail("claim");
    await signUp(page, email);
    await confirmEmail(page, email);
    await completeProfile(page, "Lena", "Brook");
    await expect(page).toHaveURL(/\/library$/, AFTER_POST);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute("data-book-id", bookId);
    await expectSignedInAs(page, "Lena");

    // another device: its own browser and its own internet connection
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": testAddress() } });
    try {
      const second = await other.newPage();
      await signInWithPassword(second, email, PASSWORD);
      await expect(second).toHaveURL(/\/library$/, AFTER_POST);
      await expect(cards(second)).toHaveCount(1);
      await expect(cards(second).first()).toHaveAttribute("data-book-id", bookId);
      await signOutFromHeader(second);
      await second.goto("/library");
      await expect(second.getByTestId("library-empty")).toBeVisible();
      await expect(cards(second)).toHaveCount(0);
    } finally {
      await other.close();
    }

    await page.reload();
    await expect(cards(page).first()).toHaveAttribute("data-book-id", bookId);
    await expectSignedInAs(page, "Lena");
  });

  test("a forgotten password: the e-mailed link (opening it spends nothing), a new password, signed in; the old one no longer works", async ({ page }) => {
    const email = uniqueEmail("reset");
    const newPassword = "a lantern by the garden gate";
    await signUp(page, email);

    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused(AFTER_POST);
    await screens(page, "forgot-password-sent");

    const link = await outboxLink(page.request, email, "reset-password");
    // a mail scanner's visit (a GET) leaves the link working
    expect((await page.request.get(link)).status()).toBe(200);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Save my new password" }).click();
    // signed in (the reset also confirms the address); the account has no name yet
    await expect(page).toHaveURL(/\/auth\/complete-profile/, AFTER_POST);
    await expectSignedInAs(page, "My account");

    // the link is spent
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

    await signOutFromHeader(page);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page.getByTestId("auth-alert")).toContainText(BAD_CREDENTIALS, AFTER_POST);
    await signInWithPassword(page, email, newPassword);
    await expect(page).toHaveURL(/\/auth\/complete-profile/, AFTER_POST);
    await expectSignedInAs(page, "My account");
  });

  test("Google sign-in: the button, Google's answer back at /auth/callback, signed in with Google's names", async ({ page, baseURL }) => {
    // The fake Google signs in whoever the login_hint names: this test's own address.
    const email = uniqueEmail("google");
    const fakeGoogle = `http://127.0.0.1:${Number(new URL(baseURL ?? "http://127.0.0.1:8799").port) + 3000}`;
    // (A route on the fake's own address would not see the browser follow a redirect to it, so the
    // redirect itself, the answer to the Google button's post, gets the hint.)
    await page.route("**/auth/google", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()["location"] ?? "");
      location.searchParams.set("login_hint", email);
      await route.fulfill({ response, headers: { ...response.headers(), location: location.toString() } });
    });
    const visited: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest()) visited.push(r.url());
    });

    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // Google gave the first and last names, so there is no profile step
    await expect(page).toHaveURL(/\/library$/, AFTER_POST);
    expect(visited.some((u) => u.startsWith(`${fakeGoogle}/o/oauth2/v2/auth?`))).toBe(true);
    expect(visited.some((u) => /\/auth\/callback\?code=[^&]+&state=/.test(u))).toBe(true);
    await expectSignedInAs(page, "Parent");
    await page.goto("/myaccount");
    await expect(page.getByText(email)).toBeVisible();
  });
});

test.describe("accessibility of every account page", () => {
  // a few of them sign up first
  test.describe.configure({ timeout: 60_000 });

  async function expectAccessible(page: Page, screenName: string) {
    expect(await seriousViolations(page)).toEqual([]);
    await screens(page, screenName);
  }

  /** A new account, confirmed: this browser is signed in, at the profile step. */
  async function signedIn(page: Page) {
    const email = uniqueEmail("axe");
    await signUp(page, email);
    await confirmEmail(page, email);
    return email;
  }

  for (const [name, path] of [
    ["login", "/auth/login"],
    ["forgot-password", "/auth/forgot-password"],
    ["reset-password-dead", "/auth/reset-password?token=not-a-live-token"],
    ["callback-dead", "/auth/callback?token=not-a-live-token"],
    ["google-failed", "/auth/callback?code=4%2Ffake&state=not-the-state"],
    ["google", "/auth/google"],
    ["logout", "/auth/logout"],
    ["stop-email-change-dead", "/auth/stop-email-change?token=not-a-live-token"],
  ] as const) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page, name);
    });
  }

  test("/auth/signup, and its inbox step", async ({ page }) => {
    await page.goto("/auth/signup");
    await expectAccessible(page, "signup");
    await signUp(page, uniqueEmail("axe"));
    await expectAccessible(page, "signup-sent");
  });

  test("/auth/callback?token= (a live link: the confirm button)", async ({ page }) => {
    const email = uniqueEmail("axe");
    await signUp(page, email);
    await page.goto(await outboxLink(page.request, email, "callback"));
    await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toBeVisible();
    await expectAccessible(page, "callback");
  });

  test("/auth/callback?token= on another browser: it names the address, asks for the password, and marks a wrong one", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("elsewhere");
    await signUp(page, email);
    const link = await outboxLink(page.request, email, "callback");
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": testAddress() } });
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByTestId("confirm-address")).toHaveText(email);
    await phone.getByLabel("Your password").fill("not the password at all");
    await phone.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(phone.getByText("That is not the password of this account.")).toBeVisible(AFTER_POST);
    await expect(phone.getByLabel("Your password")).toBeFocused();
    await expectAccessible(phone, "callback-other-browser");
    await phone.getByLabel("Your password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(phone).toHaveURL(/\/auth\/complete-profile/, AFTER_POST);
    await other.close();
  });

  test("/auth/reset-password?token= (a live link)", async ({ page }) => {
    const email = uniqueEmail("axe");
    await signUp(page, email);
    await page.goto("/auth/forgot-password");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page).toHaveURL(/sent=1$/, AFTER_POST);
    await page.goto(await outboxLink(page.request, email, "reset-password"));
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    await expectAccessible(page, "reset-password");
  });

  test("/auth/complete-profile", async ({ page }) => {
    await signedIn(page);
    await expectAccessible(page, "complete-profile");
  });

  test("/auth/change-password (signed in)", async ({ page }) => {
    await signedInParent(page, { password: PASSWORD });
    await page.goto("/auth/change-password");
    await expectAccessible(page, "change-password");
  });

  test("/auth/logout (signed in: the sign-out button)", async ({ page }) => {
    await signedInParent(page);
    await page.goto("/auth/logout");
    await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
    await expectAccessible(page, "logout-signed-in");
  });
});
