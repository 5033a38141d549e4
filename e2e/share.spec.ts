import { AFTER_POST, hydrated, signedInParent, uniqueEmail } from "./accounts";
import { testBook } from "./books";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Sharing: a finished book made public opens in a fresh browser by its
 * link and stops working when sharing stops; /real-stories shows the sample books made at seed time.
 * A public link needs a signed-in parent whose privacy settings allow public sharing.
 */

const FORM = {
  childName: "Ella",
  age: 5,
  gender: "girl",
  authorName: "Mum",
  theme: "Ocean",
  storyDescription: "Ella swims with a friendly turtle and finds a shell that sings.",
  moralLesson: "Looking after the sea is a job for everyone.",
  specialElements: "a turtle, a singing shell",
  artStyle: "watercolor",
};

test.describe("sharing a book", () => {
  test("make it public, read it in a fresh browser, stop sharing and the link is gone", async ({ page, browser }) => {
    test.setTimeout(60_000);
    await signedInParent(page, { email: uniqueEmail("sharer"), firstName: "Nora", lastName: "Sharer" });
    // public sharing on, with the privacy settings page's switch
    await page.goto("/profile/privacy");
    await page.getByLabel("Allow public links").check();
    await page.getByRole("button", { name: "Save my settings" }).click();
    await expect(page.getByTestId("privacy-notice")).toHaveText("Your privacy settings are saved.");
    const bookId = await testBook(page, FORM);

    await page.goto(`/youraistory/${bookId}`);
    await page.getByRole("button", { name: "Share this book" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this book" });
    await expect(dialog).toContainText("anyone with the link can read it");
    await expect(dialog).toContainText("The photo itself is never shown.");
    const toggle = dialog.getByRole("switch", { name: "Anyone with the link can read it" });
    await expect(toggle).toHaveAttribute("aria-checked", "false", { timeout: 20_000 });
    await toggle.click();
    // (the server may be busy drawing a sample book: give each answer time)
    await expect(toggle).toHaveAttribute("aria-checked", "true", { timeout: 20_000 });
    const linkBox = dialog.getByRole("textbox", { name: "Link to the book" });
    // 100 random bits, nothing of the child's name or the title
    await expect(linkBox).toHaveValue(/\/story\/[a-km-np-z2-9]{20}$/);
    const link = await linkBox.inputValue();
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    expect(await seriousViolations(page)).toEqual([]);

    // A stranger: a fresh browser context with no cookies of the owner.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    const res = await stranger.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("private, no-cache");
    await expect(stranger.getByTestId("book-title")).toHaveText(/Ella/);
    await expect(stranger.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^https?://[^/]+/api/images/${bookId}/\\d+/page-1\\.png\\?share=[a-km-np-z2-9]{20}$`),
    );
    // the pictures come through the link; the book id alone opens none
    const og = new URL((await stranger.locator('meta[property="og:image"]').getAttribute("content"))!);
    const picture = new URL(og.pathname + og.search, stranger.url()).href;
    const shown = await stranger.request.get(picture);
    expect(shown.status()).toBe(200);
    expect(shown.headers()["cache-control"]).toBe("private, no-cache");
    expect((await stranger.request.get(picture.split("?")[0])).status()).toBe(404);
    await expect(stranger.locator('meta[property="og:type"]')).toHaveAttribute("content", "book");
    await expect(stranger.getByRole("button", { name: "Share this book" })).toHaveCount(0);
    await expect(stranger.getByRole("link", { name: "Edit this book" })).toHaveCount(0);
    // It reads like the owner's book: turn to the next page (once hydrated: this page is not the
    // fixture's, which waits for a page's scripts, and a press before hydration is lost).
    await hydrated(stranger);
    await stranger.getByRole("button", { name: "Next page" }).click();
    await expect(stranger.getByTestId("page-announcement")).toHaveText(/page 2 of 24/i);
    await expect(stranger.getByRole("link", { name: "Make a book" })).toBeVisible();
    expect(await seriousViolations(stranger)).toEqual([]);

    // A signed-in reader reacts and comments through the link: the page's calls carry its slug,
    // without which the book's id opens nothing.
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await signedInParent(reader, { email: uniqueEmail("reader"), firstName: "Rita", lastName: "Reader" });
    await reader.goto(link);
    await hydrated(reader);
    const slug = new URL(link).pathname.split("/").pop();
    const reacted = reader.waitForResponse((r) => new URL(r.url()).pathname === `/api/books/${bookId}/reactions` && r.request().method() === "POST");
    await reader.getByRole("button", { name: /^Love it/ }).click();
    const reaction = await reacted;
    expect(reaction.status()).toBe(201);
    expect(new URL(reaction.url()).searchParams.get("share")).toBe(slug);
    await expect(reader.getByTestId("reaction-count-heart")).toHaveText("1");
    await reader.getByLabel("Write a comment").fill("A singing shell!");
    await reader.getByRole("button", { name: "Post comment" }).click();
    await expect(reader.getByTestId("comment").filter({ hasText: "A singing shell!" }).getByTestId("comment-author")).toHaveText("Rita Reader", AFTER_POST);
    expect((await reader.request.get(`/api/books/${bookId}/comments`)).status()).toBe(404);
    await readerContext.close();

    // Stop sharing: the link is the not-found page.
    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", "false", { timeout: 20_000 });
    await expect(dialog.getByTestId("share-notice")).toHaveText("Sharing stopped. The old link no longer works.");
    const gone = await stranger.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
    // and so are its pictures, at once
    expect((await stranger.request.get(picture)).status()).toBe(404);
    await other.close();

    // Sharing again gives a new link.
    await toggle.click();
    await expect(linkBox).toHaveValue(/\/story\//, { timeout: 20_000 });
    expect(await linkBox.inputValue()).not.toBe(link);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share this book" })).toBeFocused();
  });
});

test.describe("sample books", () => {
  test("/real-stories shows at least six sample books across the themes, and a finished one opens", async ({ page }) => {
    // The first sample takes about 15 s to draw on a quiet machine (the e2e server starts it before
    // the first test, scripts/e2e-server.mjs); longer when it is busy: a whole book's allowance.
    test.setTimeout(120_000);
    await page.goto("/real-stories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("See what a StoryNest book looks like");
    const cards = page.getByTestId("sample-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const themes = new Set(await page.getByTestId("sample-card").locator("p span:first-child").allTextContents());
    expect([...themes].sort()).toEqual(["Adventure", "Animals", "Fantasy", "Ocean", "Space"]);

    // On a fresh server the samples are drawn one by one; the page refreshes itself meanwhile.
    const read = page.getByRole("link", { name: /^Read / }).first();
    await expect(read).toBeVisible({ timeout: 100_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const title = (await read.getAttribute("aria-label"))!.replace(/^Read /, "");
    await read.click();
    // A client-side navigation changes the address once the book's data has arrived: the server may
    // be busy drawing the next sample.
    await expect(page).toHaveURL(/\/story\/[a-z0-9-]+-sample$/, { timeout: 15_000 });
    await expect(page.getByTestId("book-title")).toHaveText(title);
    await expect(page.getByText(/^A sample book · /)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
