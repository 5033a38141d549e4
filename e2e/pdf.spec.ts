import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { finishedBook, type BookForm } from "./books";
import { PDFDocument } from "pdf-lib";

/** The PDF of a finished book: downloaded from under the reader. */

const FORM: BookForm = {
  childName: "Noor",
  age: 7,
  gender: "girl",
  authorName: "Auntie Sara",
  theme: "Animals",
  storyDescription: "Noor visits a farm and helps a shy lamb find its mother.",
  moralLesson: "Patience helps friends feel safe.",
  specialElements: "a straw hat, a little red wagon",
  artStyle: "crayon",
};

test.describe("PDF download", () => {
  test("the finished reader downloads the book as a PDF: %PDF, 24 pages, named after the book", async ({ page }) => {
    test.setTimeout(540_000);
    const bookId = await finishedBook(page, FORM, { timeoutMs: 400_000 });
    const book = (await (await page.request.get(`/api/books/${bookId}`)).json()) as { title: string };
    await page.goto(`/youraistory/${bookId}`);
    const button = page.getByRole("link", { name: "Download PDF" });
    await expect(button).toBeVisible();

    // hold the response a moment so the preparing state can be seen
    await page.route(`**/api/books/${bookId}/pdf`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const downloading = page.waitForEvent("download", { timeout: 120_000 });
    await button.click();
    await expect(page.getByText("Preparing your PDF…")).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(download.suggestedFilename()).toContain("Noor");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(24);
    expect(doc.getTitle()).toBe(book.title);
    expect(doc.getAuthor()).toBe("Auntie Sara");
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Your PDF is ready" })).toBeVisible();
  });

  test("a failed download says so kindly and can be tried again", async ({ page }) => {
    // the playground's sample book is not a stored book: the server answers 404
    await page.goto("/test/reader");
    const button = page.getByRole("link", { name: "Download PDF" });
    await expect(button).toBeVisible();
    await button.click();
    const alert = page.getByRole("alert").filter({ hasText: "couldn't find this book" });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    // a server hiccup reads as a plain sentence, never a stack trace
    await page.route("**/api/books/*/pdf", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "TypeError: boom" }) }),
    );
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert")).toContainText("Something went wrong while making your PDF", { timeout: 30_000 });
    await expect(page.getByRole("alert")).not.toContainText("TypeError");
  });
});
