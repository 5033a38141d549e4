import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { AFTER_POST, hydrated, signedInParent, uniqueEmail } from "./accounts";
import { seriousViolations } from "./axe";
import { testBook } from "./books";
import { expect, test, testAddress, type Browser, type BrowserContext, type Page } from "./fixtures";
import { screens } from "./screens";

/**
 * Sharing with family, reactions and comments, and the privacy settings: two parents, each signed
 * in in a browser of their own. One shares a finished book by e-mail; the other opens it from the
 * e-mail in the development outbox, reacts and comments; the owner sees both; the share expires
 * when the test clock is moved past its year.
 */

const CONSENT = "story-app-cookie-consent";
const SHARE_LINK = /\/shared\/[A-Za-z0-9]{1,64}-[0-9a-z]{1,12}-[0-9a-z]{20}/;
/** A share lasts a year: a day more (the test clock moves at most 366 days). */
const PAST_A_YEAR_MS = 366 * 24 * 60 * 60_000;

const FORM = {
  childName: "Noor",
  age: 6,
  gender: "girl",
  authorName: "Mum",
  theme: "Animals",
  storyDescription: "Noor helps a lost hedgehog find its way home through the autumn leaves.",
  moralLesson: "Helping others makes the world warmer.",
  specialElements: "a hedgehog, a red scarf",
  artStyle: "watercolor",
};

/** A browser of its own (own cookies, own internet address), without the cookie banner. */
async function newBrowser(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { "CF-Connecting-IP": testAddress() } });
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
  return context;
}

/** A new parent with a name, signed in (the sign-up pages are auth-journeys.spec.ts's subject). */
async function newParent(page: Page, email: string, firstName: string, lastName: string): Promise<void> {
  await signedInParent(page, { email, firstName, lastName });
}

/** The /shared/ link of the newest share e-mail to an address, opened in the outbox like a person would. */
async function shareLinkFromOutbox(page: Page, to: string): Promise<string> {
  await expect
    .poll(
      async () => {
        await page.goto("/dev/outbox");
        return page
          .getByTestId("outbox-list")
          .getByRole("link")
          .filter({ hasText: `To: ${to}` })
          .count();
      },
      { timeout: 60_000, intervals: [1000, 2000] },
    )
    .toBeGreaterThan(0);
  await page
    .getByTestId("outbox-list")
    .getByRole("link")
    .filter({ hasText: `To: ${to}` })
    .first()
    .click();
  await expect(page.getByTestId("outbox-email")).toContainText(to);
  // the link as the e-mail's plain-text part gives it (its HTML part has the same one)
  const text = (await page.getByTestId("outbox-text").textContent()) ?? "";
  const link = SHARE_LINK.exec(text);
  expect(link, "a /shared/ link in the e-mail").not.toBeNull();
  return link![0];
}

/** Copies this run's pictures (SCREENSHOTS=1) to /tmp/i14-shots, to look at. */
function keepScreens() {
  if (process.env.SCREENSHOTS !== "1") return;
  mkdirSync("/tmp/i14-shots", { recursive: true });
  for (const f of readdirSync("test-results/screens").filter((n) => n.startsWith("social-"))) copyFileSync(`test-results/screens/${f}`, `/tmp/i14-shots/${f}`);
}

test.describe("a share link that opens nothing", () => {
  test("an unknown or malformed code is a 404 page with words, nothing else", async ({ page }) => {
    // two page loads and an axe check: room for a busy two-core machine
    test.setTimeout(60_000);
    for (const code of ["not-a-code", `abc123-${Date.now().toString(36)}-${"a".repeat(20)}`]) {
      const res = await page.goto(`/shared/${code}`);
      expect(res?.status()).toBe(404);
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this shared book");
    }
    expect(await seriousViolations(page, { within: ["main"] })).toEqual([]);
  });
});

test.describe("two families", () => {
  test("one shares a book by e-mail; the other opens it from the outbox, reacts and comments; the owner sees both; the share expires", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const ownerEmail = uniqueEmail("owner");
    const readerEmail = uniqueEmail("grandma");
    const ownerContext = await newBrowser(browser, baseURL);
    const readerContext = await newBrowser(browser, baseURL);
    const owner = await ownerContext.newPage();
    const reader = await readerContext.newPage();
    try {
      await newParent(owner, ownerEmail, "Olivia", "Owner");
      await newParent(reader, readerEmail, "Ann", "Grand");

      // the privacy settings: the defaults, explained; saved without JavaScript too
      await owner.goto("/myaccount");
      await owner.getByRole("link", { name: "your privacy settings" }).click();
      await expect(owner).toHaveURL(/\/profile\/privacy$/);
      await expect(owner.getByLabel("Allow public links")).not.toBeChecked();
      await expect(owner.getByLabel("Let family find me")).toBeChecked();
      await expect(owner.getByRole("radio", { name: /^Private/ })).toBeChecked();
      for (const label of ["New reactions", "New comments", "Family requests", "Books shared with me"]) await expect(owner.getByLabel(label)).toBeChecked();
      await expect(owner.getByLabel("Allow public links")).toHaveAccessibleDescription(/withdraws every public link you have made/);
      expect(await seriousViolations(owner, { within: ["main"] })).toEqual([]);
      await screens(owner, "social-privacy");
      const noScript = await browser.newContext({ baseURL, storageState: await ownerContext.storageState(), javaScriptEnabled: false });
      try {
        const plain = await noScript.newPage();
        await plain.goto("/profile/privacy");
        await plain.getByLabel("Family requests").uncheck();
        await plain.getByRole("button", { name: "Save my settings" }).click();
        await expect(plain.getByTestId("privacy-notice")).toHaveText("Your privacy settings are saved.");
        await expect(plain.getByLabel("Family requests")).not.toBeChecked();
        await expect(plain.getByLabel("New comments")).toBeChecked();
      } finally {
        await noScript.close();
      }

      const bookId = await testBook(owner, FORM);
      const title = ((await (await owner.request.get(`/api/books/${bookId}`)).json()) as { title: string }).title;

      // the owner shares it with the other parent's address; public links are off, and the dialog says why
      await owner.goto(`/youraistory/${bookId}`);
      await hydrated(owner);
      await owner.getByRole("button", { name: "Share this book" }).click();
      const dialog = owner.getByRole("dialog", { name: "Share this book" });
      const toggle = dialog.getByRole("switch", { name: "Anyone with the link can read it" });
      await expect(toggle).toHaveAttribute("aria-checked", "false", { timeout: 20_000 });
      await expect(dialog.getByTestId("share-public-off")).toContainText("Public links are turned off in your privacy settings");
      await expect(dialog.getByTestId("share-public-off").getByRole("link", { name: "your privacy settings" })).toHaveAttribute("href", "/profile/privacy");
      await expect(toggle).toBeDisabled();
      await expect(toggle).toHaveAccessibleDescription(/Public links are turned off in your privacy settings/);

      await dialog.getByLabel("Their e-mail address").fill(readerEmail);
      await dialog.getByRole("button", { name: "Share", exact: true }).click();
      await expect(dialog.getByTestId("share-family-notice")).toContainText(`Ann Grand has StoryNest: “${title}” is in their library now`, AFTER_POST);
      await expect(dialog.getByTestId("share-family-item")).toContainText(readerEmail);
      await expect(dialog.getByTestId("share-family-item")).toContainText(/Until \d+ \w+ \d{4}/);
      await owner.keyboard.press("Escape");

      // the other parent: the e-mail in the outbox, its link, the book
      const link = await shareLinkFromOutbox(reader, readerEmail);
      const opened = await reader.goto(link);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["cache-control"]).toBe("private, no-store");
      await expect(reader.getByTestId("book-title")).toHaveText(title);
      await expect(reader.getByTestId("shared-banner")).toContainText("Olivia");
      await hydrated(reader);

      // reacts (a toggle: on, off, on) and comments, with a line break kept as typed
      const heart = reader.getByRole("button", { name: /^Love it/ });
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await expect(reader.getByTestId("reaction-count-heart")).toHaveText("1");
      const star = reader.getByRole("button", { name: /^Star story/ });
      await star.click();
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await star.click();
      await expect(star).toHaveAttribute("aria-pressed", "false");
      await expect(reader.getByTestId("reaction-count-star")).toHaveText("0");
      const comment = "What a brave hedgehog!\nNoor is a true friend.";
      await reader.getByLabel("Write a comment").fill(comment);
      await expect(reader.getByTestId("comment-count").first()).toHaveText(`${comment.length} of 1000 characters`);
      await reader.getByRole("button", { name: "Post comment" }).click();
      const posted = reader.getByTestId("comment").filter({ hasText: "What a brave hedgehog!" });
      await expect(posted.getByTestId("comment-author")).toHaveText("Ann Grand");
      expect(await posted.getByTestId("comment-text").innerText()).toBe(comment);

      // the book is under "Shared with me" in their library
      await reader.goto("/library");
      await expect(reader.getByTestId("shared-with-me-book")).toContainText(title);
      await expect(reader.getByTestId("shared-with-me-book")).toContainText("shared by Olivia");
      expect(await seriousViolations(reader, { within: ["main"] })).toEqual([]);
      await screens(reader, "social-shared-with-me", { at: reader.getByTestId("shared-with-me") });

      // the owner sees both, and answers the comment
      await owner.goto(`/youraistory/${bookId}`);
      await hydrated(owner);
      // the section loads as it comes near the screen
      await owner.getByTestId("social-panel").evaluate((el) => el.scrollIntoView());
      await expect(owner.getByTestId("reaction-count-heart")).toHaveText("1", { timeout: 20_000 });
      const theirs = owner.getByTestId("comment").filter({ hasText: "What a brave hedgehog!" });
      await expect(theirs.getByTestId("comment-author")).toHaveText("Ann Grand");
      await expect(theirs.getByTestId("comment-delete")).toBeVisible();
      await theirs.getByRole("button", { name: "Reply to Ann Grand" }).click();
      await owner.getByLabel("Reply to Ann Grand").fill("Thank you, Grandma!");
      await owner.getByRole("button", { name: "Send reply" }).click();
      await expect(owner.getByTestId("comment").filter({ hasText: "Thank you, Grandma!" }).getByTestId("comment-author")).toHaveText("Olivia Owner");
      expect(await seriousViolations(owner, { within: ["main"] })).toEqual([]);
      await screens(owner, "social-reader-comments", { at: owner.getByTestId("social-panel") });
      await owner.goto("/library");
      await expect(owner.locator(`[data-book-id="${bookId}"]`).getByTestId("library-reactions")).toHaveText(/1 reaction$/);

      // a browser not signed in: the page asks for the addressee's sign-in and shows nothing of the book
      const strangerContext = await newBrowser(browser, baseURL);
      try {
        const stranger = await strangerContext.newPage();
        await stranger.goto(link);
        await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Sign in to read this book");
        await expect(stranger.getByTestId("shared-masked-email")).not.toContainText(readerEmail);
        await expect(stranger.getByText(title)).toHaveCount(0);
        await expect(stranger.getByTestId("shared-sign-in-link")).toHaveAttribute("href", `/auth/login?redirectTo=${encodeURIComponent(link)}`);
      } finally {
        await strangerContext.close();
      }

      // a year and a day later the share has expired, and the page says so
      const moved = await reader.request.post("/api/test/clock", { data: { advanceMs: PAST_A_YEAR_MS } });
      expect(moved.ok()).toBe(true);
      try {
        const expired = await reader.goto(link);
        expect(expired?.status()).toBe(410);
        await expect(reader.getByRole("heading", { level: 1 })).toHaveText("This share has expired");
        await expect(reader.getByText(title)).toHaveCount(0);
        expect(await seriousViolations(reader, { within: ["main"] })).toEqual([]);
        await screens(reader, "social-shared-expired");
        await reader.goto("/library");
        await expect(reader.getByTestId("shared-with-me")).toHaveCount(0);
      } finally {
        await reader.request.post("/api/test/clock", { data: { reset: true } });
      }
      keepScreens();
    } finally {
      await ownerContext.close();
      await readerContext.close();
    }
  });
});
