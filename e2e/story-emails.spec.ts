import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { seriousViolations } from "./axe";
import { expect, test, type BrowserContext, type Locator, type Page } from "./fixtures";
import { hydrated as pageHydrated, uniqueEmail } from "./accounts";
import { screens } from "./screens";

/**
 * The e-mails a family asks for while making and reading a book: "E-mail me when it's ready" on the
 * creation form (a visitor without an account), the story e-mail's read-only link opened in another
 * browser, and "E-mail me the PDF" under the finished reader (and, on the same real book, the PDF
 * downloaded under the reader). The e-mails are read from the development outbox (/dev/outbox).
 */

const CONSENT = "story-app-cookie-consent";
const BOOK_TIMEOUT = 100_000;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('form[data-hydrated="true"]')).toBeVisible();
}

/** Chooses a radio by tapping its card or chip (the input is visually hidden inside its label). */
async function choose(radio: Locator) {
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

/** The newest e-mail of a kind ("Story ready", "PDF ready") to an address, opened in the outbox. */
async function openOutboxEmail(page: Page, to: string, kind: string): Promise<void> {
  await page.goto("/dev/outbox");
  const item = page
    .getByTestId("outbox-list")
    .getByRole("link")
    .filter({ hasText: `To: ${to}` })
    .filter({ hasText: kind });
  await item.first().click();
  await expect(page.getByTestId("outbox-email")).toContainText(to);
}

async function outboxCount(page: Page, to: string): Promise<number> {
  await page.goto("/dev/outbox");
  return page
    .getByTestId("outbox-list")
    .getByRole("link")
    .filter({ hasText: `To: ${to}` })
    .count();
}

test.describe("E-mail me when it's ready", () => {
  test("a visitor sees the optional field with what it is for; a bad address is refused beside it before anything is sent", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    const field = page.getByLabel("E-mail me when it's ready");
    await expect(field).toHaveAttribute("type", "email");
    await expect(field).toHaveAccessibleDescription(/We'll send one e-mail when this book is ready, with a link to read it\./);
    await page.getByLabel("Child's first name").fill("Mia");
    await choose(page.getByRole("radio", { name: "5", exact: true }));
    await field.fill("mia at example");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByTestId("create-book").click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[data-field-error="notifyEmail"]')).toHaveText(/Please enter a valid e-mail address, or leave it empty\./);
    expect(posts).toEqual([]);
    await field.fill("mia@example.com");
    await expect(page.locator('[data-field-error="notifyEmail"]')).toHaveCount(0);
    expect(await seriousViolations(page, { within: ["main"] })).toEqual([]);
    await screens(page, "story-emails-form-field", { at: field });
  });
});

test.describe("/read/{token}", () => {
  test("a link that no longer opens a book says so in words, with a way home", async ({ page }) => {
    const res = await page.goto(`/read/${"A".repeat(43)}`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This reading link no longer works");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
    expect(await seriousViolations(page, { within: ["main"] })).toEqual([]);
    await screens(page, "story-emails-read-expired");
  });
});

test.describe("the story e-mail and the PDF e-mail", () => {
  test("a visitor's book is e-mailed when ready; its link opens the book in another browser; the owner downloads the PDF and has it e-mailed", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const to = uniqueEmail("story");
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    await page.getByLabel("Child's first name").fill("Mia");
    await choose(page.getByRole("radio", { name: "5", exact: true }));
    await page.getByLabel("Written by").fill("Auntie Sara");
    await page.getByLabel("E-mail me when it's ready").fill(to);
    await page.getByTestId("create-book").click();
    await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: 30_000 });
    const bookId = new URL(page.url()).pathname.split("/").pop()!;

    // the book is made; the story e-mail is queued after its last step
    const status = async () => {
      try {
        return ((await (await page.request.get(`/api/books/${bookId}`, { timeout: 20_000 })).json()) as { status: string }).status;
      } catch {
        return "busy";
      }
    };
    await expect.poll(status, { timeout: BOOK_TIMEOUT, intervals: [1000, 2000] }).toBe("complete");
    const title = ((await (await page.request.get(`/api/books/${bookId}`)).json()) as { title: string }).title;
    await expect.poll(() => outboxCount(page, to), { timeout: 20_000, intervals: [1000, 2000] }).toBe(1);

    await openOutboxEmail(page, to, "Story ready");
    const readLink = page.frameLocator('[data-testid="outbox-html"]').getByRole("link", { name: "Read the story" });
    const href = await readLink.getAttribute("href");
    expect(href).toMatch(/\/read\/[A-Za-z0-9_-]{43}$/);

    // someone else's browser: no cookies of the family's
    const fresh: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const reader = await fresh.newPage();
      const res = await reader.goto(href!);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
      expect(res?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(reader.getByTestId("book-title")).toHaveText(title);
      await expect(reader.getByTestId("read-link-banner")).toContainText(`A read-only copy of ${title}, shared with you by e-mail. The link works until`);
      await expect(reader.getByRole("link", { name: "Make a story" })).toBeVisible();
      await expect(reader.getByRole("link", { name: "Create a free account" })).toBeVisible();
      await screens(reader, "story-emails-read-page");
      await expect(reader.getByText("E-mail me the PDF")).toHaveCount(0);
      await expect(reader.getByText("Edit this book")).toHaveCount(0);
      // it reads like the owner's book: turn to the next page; every page is there. (This page is
      // not the fixture's, which waits for a page's scripts: a press before hydration is lost.)
      await pageHydrated(reader);
      await reader.getByRole("button", { name: "Next page" }).click();
      await expect(reader.getByTestId("page-announcement")).toHaveText(/page 2 of 24/i);
      await expect(reader.getByText("All 24 pages")).toBeVisible();
      await expect(reader.locator('img[src^="/api/images/"]').first()).toBeVisible();
      expect(await seriousViolations(reader, { within: ["main"] })).toEqual([]);
    } finally {
      await fresh.close();
    }

    // the owner, back on the reader: the PDF downloaded (%PDF, 24 pages, named after the book)
    await page.goto(`/youraistory/${bookId}`);
    const button = page.getByRole("link", { name: "Download PDF" });
    await expect(button).toBeVisible();
    // hold the response a moment so the preparing state can be seen
    await page.route(`**/api/books/${bookId}/pdf`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const downloading = page.waitForEvent("download", { timeout: 60_000 });
    await button.click();
    await expect(page.getByText("Preparing your PDF…")).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(download.suggestedFilename()).toContain("Mia");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(24);
    expect(doc.getTitle()).toBe(title);
    expect(doc.getAuthor()).toBe("Auntie Sara");
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Your PDF is ready" })).toBeVisible();

    // and the PDF by e-mail
    const send = page.getByRole("button", { name: "E-mail me the PDF" });
    await expect(send).toBeVisible();
    await send.click();
    await expect(page.getByRole("status").filter({ hasText: "We've e-mailed a download link to" })).toContainText(
      `We've e-mailed a download link to s***@example.com. It works for 7 days.`,
    );
    await screens(page, "story-emails-reader-pdf-sent", { at: page.getByTestId("email-pdf-status") });
    await expect.poll(() => outboxCount(page, to), { timeout: 30_000 }).toBe(2);
    await openOutboxEmail(page, to, "PDF ready");
    await expect(page.getByTestId("outbox-text")).toContainText("/api/email/pdf/");
  });
});
