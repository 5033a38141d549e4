import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { hydrated, signedInParent, uniqueEmail } from "./accounts";
import { seriousViolations } from "./axe";
import { testBook } from "./books";
import { expect, test, testAddress, type Browser, type Page } from "./fixtures";
import { screens } from "./screens";

/**
 * Keeping the comments on a book kind: a reader reports a comment and it is gone for them at once;
 * the owner sees it marked, blocks its author and deletes it. Three parents, each in a browser of
 * their own; the book and the cousin's comment come through the API (sharing and writing comments
 * are social.spec.ts's subject).
 */

const CONSENT = "story-app-cookie-consent";

async function parentIn(browser: Browser, baseURL: string | undefined, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { "CF-Connecting-IP": testAddress() } });
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
  const page = await context.newPage();
  const { email } = await signedInParent(page, { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName });
  return { context, page, email };
}

/** The book's comments, loaded as the section comes near the screen. */
async function commentsOf(page: Page) {
  await hydrated(page);
  await page.getByTestId("social-panel").evaluate((el) => el.scrollIntoView());
  return page.getByTestId("comments");
}

/** Copies this run's pictures (SCREENSHOTS=1) to /tmp/shots-moderation, to look at. */
function keepScreens() {
  if (process.env.SCREENSHOTS !== "1") return;
  mkdirSync("/tmp/shots-moderation", { recursive: true });
  for (const f of readdirSync("test-results/screens").filter((n) => n.startsWith("comments-")))
    copyFileSync(`test-results/screens/${f}`, `/tmp/shots-moderation/${f}`);
}

test("a reported comment is hidden for the reader at once; the owner sees it reported, blocks its author and deletes it", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await parentIn(browser, baseURL, "Olivia", "Owner");
  const reader = await parentIn(browser, baseURL, "Ann", "Grand");
  const cousin = await parentIn(browser, baseURL, "Cory", "Cousin");
  try {
    const bookId = await testBook(owner.page, {
      childName: "Noor",
      age: 6,
      gender: "girl",
      authorName: "Mum",
      theme: "Animals",
      storyDescription: "Noor helps a lost hedgehog find its way home through the autumn leaves.",
      moralLesson: "Helping others makes the world warmer.",
      specialElements: "a hedgehog, a red scarf",
      artStyle: "watercolor",
    });
    for (const email of [reader.email, cousin.email])
      expect((await owner.page.request.post(`/api/books/${bookId}/shares`, { data: { email } })).status()).toBe(201);
    const said = "Page four is a bit odd, isn't it?";
    expect((await cousin.page.request.post(`/api/books/${bookId}/comments`, { data: { text: said } })).status()).toBe(201);

    // the reader reports it from the book they were sent; it is gone for them at once
    await reader.page.goto("/library");
    await reader.page.getByTestId("shared-with-me-book").click();
    const readersComments = await commentsOf(reader.page);
    const theirs = readersComments.getByTestId("comment").filter({ hasText: said });
    await expect(theirs).toBeVisible({ timeout: 20_000 });
    await expect(theirs.getByRole("button", { name: "Block Cory Cousin from commenting on your books" })).toHaveCount(0);
    await screens(reader.page, "comments-reader", { element: readersComments });
    await theirs.getByRole("button", { name: "Report the comment by Cory Cousin" }).click();
    await expect(theirs.getByRole("group", { name: /Report this comment\?/ })).toBeVisible();
    await theirs.getByRole("button", { name: "Yes, report" }).click();
    await expect(readersComments.getByTestId("comment")).toHaveCount(0);
    await expect(reader.page.getByText("Comment reported")).toBeVisible();
    await reader.page.reload();
    await expect((await commentsOf(reader.page)).getByText("No comments yet.")).toBeVisible({ timeout: 20_000 });

    // the owner sees it reported, blocks its author, then deletes it
    await owner.page.goto(`/youraistory/${bookId}`);
    const ownersComments = await commentsOf(owner.page);
    const reported = ownersComments.getByTestId("comment").filter({ hasText: said });
    await expect(reported.getByTestId("comment-reported")).toHaveText("Reported by a reader", { timeout: 20_000 });
    expect(await seriousViolations(owner.page, { within: ['[data-testid="comments"]'] })).toEqual([]);
    for (const button of await reported.getByRole("button").all()) expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await screens(owner.page, "comments-owner", { element: ownersComments });
    await reported.getByRole("button", { name: "Block Cory Cousin from commenting on your books" }).click();
    await screens(owner.page, "comments-owner-block-confirm", { element: ownersComments });
    await reported.getByRole("button", { name: "Yes, block Cory Cousin" }).click();
    await expect(reported.getByTestId("comment-author-blocked")).toHaveText("Blocked");
    await reported.getByRole("button", { name: "Delete the comment by Cory Cousin" }).click();
    await reported.getByRole("button", { name: "Yes, delete" }).click();
    await expect(ownersComments.getByTestId("comment")).toHaveCount(0);

    // the cousin can no longer comment
    expect((await cousin.page.request.post(`/api/books/${bookId}/comments`, { data: { text: "Hello?" } })).status()).toBe(403);
    keepScreens();
  } finally {
    await Promise.all([owner.context.close(), reader.context.close(), cousin.context.close()]);
  }
});
