import { expect, test } from "./fixtures";

/** The PDF of a finished book: a failed download, from under the reader. */

test.describe("PDF download", () => {
  // (the PDF of a real book, downloaded from under the reader, is story-emails.spec.ts's whole-book journey)
  test("a failed download says so kindly and can be tried again", async ({ page }) => {
    // the playground's sample book is not a stored book: the server answers 404
    await page.goto("/test/reader");
    const button = page.getByRole("link", { name: "Download PDF" });
    await expect(button).toBeVisible();
    await button.click();
    const alert = page.getByRole("alert").filter({ hasText: "couldn't find this book" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // a server hiccup reads as a plain sentence, never a stack trace
    await page.route("**/api/books/*/pdf", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "TypeError: boom" }) }),
    );
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert")).toContainText("Something went wrong while making your PDF", { timeout: 15_000 });
    await expect(page.getByRole("alert")).not.toContainText("TypeError");
  });
});
