import { seriousViolations } from "./axe";
import { signedInParent, uniqueEmail } from "./accounts";
import { expect, grantCredits, test, type Page } from "./fixtures";
import { screens } from "./screens";

// A parent's saved children (decision 054) in the browser: saved once with their family and pets,
// every new book starts from them, and a finished book leads on to "another adventure".

/** A birthday that makes the child 7 today, whatever today is. */
function sevenYearsAgo(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - 7, now.getUTCMonth(), now.getUTCDate() - 10)).toISOString().slice(0, 10);
}

async function signIn(page: Page) {
  return signedInParent(page, { email: uniqueEmail("children"), firstName: "Sam", lastName: "Parent" });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Saves Maya through the editor, with a pet and a sister: her page's address. */
async function saveMaya(page: Page): Promise<string> {
  await page.goto("/myaccount/children/new");
  await expect(page.locator('form[data-hydrated="true"]')).toBeVisible();
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Birthday").fill(sevenYearsAgo());
  await page
    .locator("label")
    .filter({ hasText: /^Girl$/ })
    .click();
  await page.getByLabel("Things they love").fill("dinosaurs, football");
  const rows = page.getByTestId("companion-row");
  await rows.nth(0).getByLabel("Name").fill("Biscuit");
  await rows.nth(0).getByLabel("Who they are").selectOption("pet");
  await rows.nth(0).getByLabel("Which animal").selectOption("dog");
  await page.getByRole("button", { name: "Add a person or pet" }).click();
  await rows.nth(1).getByLabel("Name").fill("Rosie");
  await rows.nth(1).getByLabel("Who they are").selectOption("baby sister");
  await page.getByRole("button", { name: "Save this child" }).click();
  await expect(page).toHaveURL(/\/myaccount\/children\/[A-Za-z0-9]{24}\?saved=1$/);
  await expect(page.getByTestId("child-saved")).toHaveText("Maya is saved. Every new book can start from Maya.");
  return new URL(page.url()).pathname;
}

test.describe("saved children", () => {
  test("a parent saves a child with a companion, starts a book from her, and another adventure starts from her again", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    await grantCredits(page.request, 3);

    await page.goto("/myaccount/children");
    await expect(page.getByRole("heading", { name: "No children saved yet" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "Save your first child" }).click();
    await expect(page).toHaveURL(/\/myaccount\/children\/new$/);
    await expectNoSeriousViolations(page);

    const childPage = await saveMaya(page);
    // a photo: kept, and its colours become the look the pictures take
    await page.locator('input[name="photo"]').setInputFiles("tests/fixtures/photos/gps.jpg");
    await page.getByRole("checkbox", { name: /I am this child's parent or guardian/ }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    const kept = page.getByTestId("child-photo").getByRole("img", { name: "The photo of Maya" });
    await expect(kept).toBeVisible();
    await expect.poll(() => kept.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId("child-look")).toContainText("Colours the pictures take from the photo");
    await expectNoSeriousViolations(page);
    await screens(page, "child-editor");
    await screens(page, "child-companions", { element: page.locator("fieldset").filter({ hasText: "Family, friends and pets" }) });

    await page.getByRole("link", { name: "Children", exact: true }).click();
    await expect(page).toHaveURL(/\/myaccount\/children$/);
    const card = page.getByTestId("child-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Maya");
    await expect(card).toContainText("7 years old");
    await expect(card).toContainText("Biscuit (pet dog), Rosie (baby sister)");
    await expectNoSeriousViolations(page);
    await screens(page, "children-list");

    // the story form starts from her (its part for saved children comes after the page's own code, without a hitch)
    const problems: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
    page.on("pageerror", (e) => problems.push(e.message));
    await card.getByRole("link", { name: "Make a book for Maya" }).click();
    await expect(page).toHaveURL(new RegExp(`/createstory\\?child=${childPage.split("/").pop()}$`));
    await expect(page.getByRole("heading", { name: "Who is this book for?" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Maya/ }).first()).toHaveAttribute("aria-current", "true");
    await expect(page.getByLabel("Child's first name")).toHaveValue("Maya");
    await expect(page.getByRole("radio", { name: "7", exact: true })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Girl", exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Biscuit (pet dog)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Rosie (baby sister)" })).toBeChecked();
    await expect(page.getByTestId("saved-child-photo")).toContainText("Maya's saved photo and look are used");
    await expectNoSeriousViolations(page);
    await screens(page, "story-form-from-child");
    await screens(page, "story-form-chooser", { element: page.getByTestId("saved-children") });
    // drawn by the server on a fresh load too, and kept while its code arrives
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Biscuit (pet dog)" })).toBeChecked();
    await expect(page.locator('form[data-hydrated="true"]')).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who is this book for?" })).toBeVisible();

    // Rosie stays at home this time
    await page.getByRole("checkbox", { name: "Rosie (baby sister)" }).uncheck();
    await page.locator('input[name="themeChoice"][value="Space"]').check({ force: true });
    await page.getByTestId("create-book").click();
    await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: 30_000 });
    const bookId = new URL(page.url()).pathname.split("/").pop()!;
    const book = await (await page.request.get(`/api/books/${bookId}`)).json();
    expect(book.story.formData).toMatchObject({ childName: "Maya", age: 7, gender: "girl", theme: "Space", childImage: expect.any(String) });
    expect(problems).toEqual([]);

    // the finished book leads on to the next one, with the same friends and world
    const another = page.getByRole("button", { name: "Another adventure with Maya" });
    await expect(another).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole("checkbox", { name: "Keep the same friends and world" })).toBeChecked();
    await screens(page, "another-adventure");
    await another.click();
    await expect(page).toHaveURL(new RegExp(`/createstory\\?child=[A-Za-z0-9]{24}&after=${bookId}&same=1$`));
    await expect(page.getByLabel("Child's first name")).toHaveValue("Maya");
    await expect(page.locator('input[name="themeChoice"][value="Space"]')).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Biscuit (pet dog)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Rosie (baby sister)" })).not.toBeChecked();
  });

  test("the children list at a phone's width: one column, nothing wider than the screen, large tap targets @phone", async ({ page }) => {
    await signIn(page);
    await saveMaya(page);
    await page.goto("/myaccount/children");
    const card = page.getByTestId("child-card");
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const name of ["Make a book for Maya", "Change Maya's details", "Save another child"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
    await expectNoSeriousViolations(page);
    await screens(page, "children-list-phone");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a child is saved, shown on the story form, and deleted after asking", async ({ page }) => {
    await signIn(page);
    await page.goto("/myaccount/children/new");
    await page.getByLabel("First name").fill("Leo");
    await page.getByLabel("Birthday").fill(sevenYearsAgo());
    await page.locator("label").filter({ hasText: /^Boy$/ }).click();
    const row = page.getByTestId("companion-row").first();
    await row.getByLabel("Name").fill("Grandpa Joe");
    await row.getByLabel("Who they are").selectOption("grandpa");
    await page.getByRole("button", { name: "Save this child" }).click();
    await expect(page.getByTestId("child-saved")).toBeVisible();
    const childId = new URL(page.url()).pathname.split("/").pop()!;

    await page.goto(`/createstory?child=${childId}`);
    await expect(page.getByLabel("Child's first name")).toHaveValue("Leo");
    await expect(page.getByRole("checkbox", { name: "Grandpa Joe (grandpa)" })).toBeChecked();

    await page.goto(`/myaccount/children/${childId}`);
    await page.getByRole("button", { name: "Delete Leo…" }).click();
    await expect(page.getByText("Delete Leo for good? This can't be undone.")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete Leo" }).click();
    await expect(page).toHaveURL(/\/myaccount\/children\?deleted=1$/);
    await expect(page.getByTestId("child-deleted")).toBeVisible();
    await expect(page.getByTestId("child-card")).toHaveCount(0);
  });
});
