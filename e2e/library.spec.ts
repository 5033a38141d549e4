import { seriousViolations } from "./axe";
import { testBook } from "./books";
import { expect, grantCredits, test, type Page } from "./fixtures";

/**
 * /library: the visitor's books (finished ones from the book fixture), sorted and
 * searched with and without JavaScript, the empty shelf, and accessibility.
 */

const CONSENT = "story-app-cookie-consent";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page, { within: ["main"] })).toEqual([]);
}

/** A finished book of this browser's visitor (the book fixture, POST /api/test/books: quick pictures). */
function makeBook(page: Page, childName: string, age: number, theme: string, storyDescription: string): Promise<string> {
  return testBook(page, {
    childName,
    age,
    gender: "boy",
    authorName: "Grandpa",
    theme,
    storyDescription,
    moralLesson: "Kindness makes every journey shorter.",
    specialElements: "a paper boat, a lighthouse",
    artStyle: "cartoon",
  });
}

const cards = (page: Page) => page.getByTestId("library-book");

test("an empty library invites to make the first book or look at sample stories", async ({ page }) => {
  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "Your library" })).toBeVisible();
  const empty = page.getByTestId("library-empty");
  await expect(empty.getByRole("heading", { name: "Your shelf is ready for its first story" })).toBeVisible();
  await expect(empty.getByRole("link", { name: /Make your first book/ })).toHaveAttribute("href", "/createstory");
  await expect(empty.getByRole("link", { name: "Look at sample stories" })).toHaveAttribute("href", "/real-stories");
  await expectNoSeriousViolations(page);
});

test.describe("with books", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a visitor's book is first in the library; sort and search work at once, and without JavaScript; no one else sees them", async ({
    page,
    browser,
    baseURL,
  }) => {
    // (the story form itself makes a book in createstory.spec.ts)
    const zara = await makeBook(page, "Zara", 5, "Animals", "Zara finds a family of hedgehogs under the garden shed.");
    await page.goto(`/youraistory/${zara}`);
    // to the library through the site's own link
    await page.getByRole("banner").getByRole("link", { name: "Library", exact: true }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(cards(page).first()).toHaveAttribute("data-book-id", zara);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Zara");
    await expect(page.getByTestId("library-count")).toHaveText("1 book on your shelf");

    // a second book (made after the first, so it is the most recent): more than the one free book
    await grantCredits(page.request, 1);
    const aaron = await makeBook(page, "Aaron", 6, "Ocean", "Aaron sails a paper boat to a lighthouse that has forgotten how to shine.");
    await page.reload();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId("library-count")).toHaveText("2 books on your shelf");

    // newest: Aaron; oldest: Zara; name: Aaron before Zara; the URL says so (a reloadable view)
    await page.getByLabel("Sort by").selectOption("newest");
    await expect(cards(page).first()).toHaveAttribute("data-book-id", aaron);
    await expect(page).toHaveURL(/\/library\?sort=newest/);
    await page.getByLabel("Sort by").selectOption("oldest");
    await expect(cards(page).first()).toHaveAttribute("data-book-id", zara);
    await expect(page).toHaveURL(/\/library\?sort=oldest/);
    await page.getByLabel("Sort by").selectOption("name");
    await expect(cards(page).first()).toHaveAttribute("data-book-id", aaron);
    await expect(page).toHaveURL(/\/library\?sort=name/);
    await page.reload();
    await expect(cards(page).first()).toHaveAttribute("data-book-id", aaron);
    await expect(page.getByLabel("Sort by")).toHaveValue("name");

    // search: a word from the description
    await page.getByLabel("Search your books").fill("lighthouse");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute("data-book-id", aaron);
    await expect(page).toHaveURL(/q=lighthouse/);
    await expect(page.getByTestId("library-count")).toContainText("matching “lighthouse”");
    await page.getByLabel("Search your books").fill("no such word");
    await expect(page.getByTestId("library-no-matches")).toContainText("No books match “no such word”");
    await expectNoSeriousViolations(page);

    // the cards lead to the reader
    await page.goto("/library");
    await cards(page)
      .filter({ hasText: "Aaron" })
      .getByRole("link", { name: /^(Read|Open|Watch)/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/youraistory/${aaron}$`));

    // Once the cover is drawn, the card shows a small 4:3 thumbnail of it (never the 1024 px picture),
    // the one srcset offers for this screen
    const zaraCover = cards(page).filter({ hasText: "Zara" }).locator("img");
    await page.goto("/library");
    await expect(zaraCover).toBeVisible();
    await expect.poll(() => zaraCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
    const src = await zaraCover.evaluate((img: HTMLImageElement) => img.currentSrc);
    const width = Number(new URL(src).searchParams.get("w"));
    expect(src).toMatch(new RegExp(`/api/images/${zara}/\\d+/page-1\\.png\\?w=(320|480|640)$`));
    // the file itself: a PNG of that width, 4:3
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    const png = await file.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, (width * 3) / 4]);

    // Without JavaScript (the same visitor in a browser with scripts off): a plain GET form.
    const cookies = await page.context().cookies();
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const plain = await noScript.newPage();
    await plain.goto("/library");
    await expect(cards(plain)).toHaveCount(2);
    await plain.getByLabel("Sort by").selectOption("oldest");
    await plain.getByRole("button", { name: "Show books" }).click();
    await expect(plain).toHaveURL(/sort=oldest/);
    await expect(cards(plain).first()).toHaveAttribute("data-book-id", zara);
    await plain.getByLabel("Search your books").fill("lighthouse");
    await plain.getByRole("button", { name: "Show books" }).click();
    await expect(plain).toHaveURL(/q=lighthouse/);
    await expect(cards(plain)).toHaveCount(1);
    await noScript.close();

    // Another visitor (a fresh browser) never sees these books.
    const stranger = await browser.newContext({ baseURL });
    const other = await stranger.newPage();
    await other.goto("/library");
    await expect(other.getByTestId("library-empty")).toBeVisible();
    expect(await other.content()).not.toContain("lighthouse");
    await stranger.close();
  });
});
