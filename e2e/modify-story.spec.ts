import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { testBook, type BookForm } from "./books";

/**
 * Editing a finished book at /modify-story/{bookId}: change a page's words and
 * see them in the reader, undo, draw a new picture, nobody else gets in, and delete it.
 */

const FORM: BookForm = {
  childName: "Noor",
  age: 7,
  gender: "girl",
  authorName: "Auntie Sara",
  theme: "Animals",
  storyDescription: "Noor helps a lost baby owl find its way back to the big oak tree.",
  moralLesson: "Helping others makes us brave.",
  specialElements: "a red scarf, a sleepy owl",
  artStyle: "storybook",
};

test.describe("editing a book", () => {
  test("edit a page, read it, undo, draw a new picture; nobody else gets in", async ({ page, browser }) => {
    test.setTimeout(60_000);
    const bookId = await testBook(page, FORM);

    await page.goto(`/modify-story/${bookId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // wait for the scripts, so the forms save in the background
    await expect(page.getByTestId("book-editor")).toHaveAttribute("data-ready", "true");

    const box = page.getByLabel("Words on page 4", { exact: true });
    const original = await box.inputValue();
    expect(original.length).toBeGreaterThan(0);

    // a refused text stays in the box with the reason beside it
    await box.fill("   ");
    await page.getByRole("button", { name: "Save page 4" }).click();
    await expect(page.getByTestId("error-page-4")).toHaveText("Please write some words for this page.");

    const words = "Noor tied her red scarf around the branch so the little owl could always find home.";
    await box.fill(words);
    await page.getByRole("button", { name: "Save page 4" }).click();
    await expect(page.getByTestId("status-page-4")).toContainText("Saved");
    await expect(page.getByRole("button", { name: "Undo the last change to page 4" })).toBeVisible();

    // the reader shows it
    await page.goto(`/youraistory/${bookId}?page=4`);
    await expect(page.getByText(words).first()).toBeVisible();

    // undo puts the earlier words back, on the server too
    await page.goto(`/modify-story/${bookId}`);
    await expect(page.getByTestId("book-editor")).toHaveAttribute("data-ready", "true");
    await expect(page.getByLabel("Words on page 4", { exact: true })).toHaveValue(words);
    const other = "The owl hooted a thank-you song all the way home.";
    await page.getByLabel("Words on page 4", { exact: true }).fill(other);
    await page.getByRole("button", { name: "Save page 4" }).click();
    await page.getByRole("button", { name: "Undo the last change to page 4" }).click();
    await expect(page.getByLabel("Words on page 4", { exact: true })).toHaveValue(words);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/books/${bookId}`)).json()) as { pages: Array<{ content: string }> }).pages[3].content)
      .toBe(words);

    // a new picture for page 4: the next interaction index
    const picture = page.getByTestId("picture-4");
    await expect(picture).toHaveAttribute("src", `/api/images/${bookId}/1/page-4.png`);
    await page.getByTestId("redraw-4").click();
    await expect(picture).toHaveAttribute("src", `/api/images/${bookId}/2/page-4.png`, { timeout: 30_000 });
    await expect(page.getByTestId("redraw-4")).toHaveText(/Draw a new picture/);
    const img = await page.request.get(`/api/images/${bookId}/2/page-4.png`);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    // the other pages keep theirs
    await expect(page.getByTestId("picture-5")).toHaveAttribute("src", `/api/images/${bookId}/1/page-5.png`);

    // the edit page is accessible
    expect(await seriousViolations(page, { tags: ["wcag2a", "wcag2aa"], everyImpact: true })).toEqual([]);

    // without JavaScript the forms still save (a plain form post), and the cover follows the title
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await noJs.addCookies(await page.context().cookies());
    const plain = await noJs.newPage();
    await plain.goto(`/modify-story/${bookId}`);
    await plain.getByRole("textbox", { name: "Book title", exact: true }).fill("Noor’s Big Night Flight");
    await plain.getByRole("button", { name: "Save title" }).click();
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Noor’s Big Night Flight");
    await expect(plain.getByLabel("Words on page 1", { exact: true })).toHaveValue("Noor’s Big Night Flight");
    await plain.getByRole("textbox", { name: "Book title", exact: true }).fill("");
    await plain.getByRole("button", { name: "Save title" }).click();
    await expect(plain.getByText("Please give the book a title.")).toBeVisible();
    await noJs.close();

    // anyone else gets the not-found page
    const context = await browser.newContext();
    const stranger = await context.newPage();
    const res = await stranger.goto(`/modify-story/${bookId}`);
    expect(res?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
    await context.close();

    // Deleting: the library has the book (and caches it); after "Delete this book" it is gone from
    // the shelf at once, the library says so, and the reader is the not-found page.
    await page.goto("/library");
    await expect(page.locator(`[data-book-id="${bookId}"]`)).toBeVisible();
    await page.goto(`/modify-story/${bookId}`);
    await expect(page.getByTestId("book-editor")).toHaveAttribute("data-ready", "true");
    await page.getByText("Delete this book…").click();
    await page.getByRole("button", { name: "Yes, delete this book" }).click();
    await expect(page).toHaveURL(/\/library\?deleted=/);
    await expect(page.getByTestId("library-deleted")).toContainText("was deleted, with its pictures and photo.");
    await expect(page.locator(`[data-book-id="${bookId}"]`)).toHaveCount(0);
    expect((await page.goto(`/youraistory/${bookId}`))?.status()).toBe(404);
  });
});

test("an id that is not letters and digits is the not-found page", async ({ page }) => {
  const res = await page.goto("/modify-story/not-a-book!");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
});
