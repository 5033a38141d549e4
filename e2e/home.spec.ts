import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * How long a click may take to land on a page this browser has not opened yet: the router asks the
 * server for the page's route, then its data and its code, one after the other. While the other
 * test worker's book is being drawn, the local runtime (one thread) answers each of those seconds
 * late; in CI that chain once took more than the default 7 s.
 */
const FIRST_VISIT_NAVIGATION = { timeout: 20_000 };

const THEMES = [
  { title: "Magical Adventure", theme: "adventure" },
  { title: "Space Explorer", theme: "space" },
  { title: "Animal Friends", theme: "animals" },
  { title: "Princess & Knights", theme: "fantasy" },
  { title: "Ocean Discovery", theme: "ocean" },
] as const;

test.describe("home", () => {
  test("shows the five themes as cards, each leading to /createstory?theme=", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("your child");
    const themes = page.getByRole("region", { name: "Pick an adventure to begin" });
    for (const t of THEMES) {
      const link = themes.getByRole("link", { name: t.title, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", `/createstory?theme=${t.theme}`);
      // The description is shown with the stand-in name, never the raw placeholder.
      await expect(themes.getByRole("listitem").filter({ has: page.getByRole("link", { name: t.title, exact: true }) })).toContainText("Mia");
    }
    await expect(themes).not.toContainText("[ChildName]");
    await expect(themes.getByText("Popular", { exact: true })).toHaveCount(3);
    await expect(themes.getByText("Ages 5–10")).toBeVisible();
  });

  test("choosing a theme goes to /createstory with that theme", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Space Explorer", exact: true }).click();
    await expect(page).toHaveURL(/\/createstory\?theme=space$/, FIRST_VISIT_NAVIGATION);
  });

  test("has the promise, the three steps, Nino, the safety promise and a closing call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Create your child's story" })).toHaveAttribute("href", "/createstory");
    for (const name of [
      "Three small steps to a book of their own",
      "A kind little friend for story time",
      "Safe for children, honest with grown-ups",
      "Tonight's story could star your child",
    ]) {
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 3, name: /Step 1: Tell us about your child/ })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/lorem ipsum/i);
  });

  test("axe finds no serious or critical accessibility problems", async ({ page }) => {
    await page.goto("/");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the footer links to every information page and shows the year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const path of ["/about", "/faq", "/contact", "/terms", "/returns", "/cookies", "/privacy", "/sitemap"]) {
      await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} StoryNest`);
  });
});

test.describe("main navigation", () => {
  test("desktop shows every link in the header; phones get a menu that works with the keyboard @phone", async ({ page }, testInfo) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const labels = ["Create a story", "Library", "Sample stories", "Blog"];

    if (testInfo.project.name === "desktop") {
      for (const label of labels) await expect(header.getByRole("link", { name: label, exact: true })).toBeVisible();
      await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
      return;
    }

    const menuButton = header.getByRole("button", { name: "Menu" });
    await expect(menuButton).toBeVisible();
    await expect(header.getByRole("link", { name: "Library", exact: true })).toBeHidden();

    // Reach the menu button with Tab alone (skip link, logo, menu).
    let reached = false;
    for (let i = 0; i < 6 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await menuButton.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const box = await menuButton.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    // While the menu is open the rest of the page is hidden from assistive technology, so find the
    // trigger by its attributes rather than its role.
    await expect(page.locator('header button[aria-haspopup="dialog"]')).toHaveAttribute("aria-expanded", "true");
    for (const label of labels) await expect(dialog.getByRole("link", { name: label, exact: true })).toBeVisible();
    // Focus moves into the menu and stays there.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A link in the menu navigates and closes it.
    await menuButton.click();
    await dialog.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stories about stories");
  });
});
