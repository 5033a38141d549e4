import { expect, test } from "./fixtures";

test("home shows the five built-in themes and leads to /createstory?theme=", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const title of ["Magical Adventure", "Space Explorer", "Animal Friends", "Princess & Knights", "Ocean Discovery"]) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
});

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  const res = await page.goto("/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible();
});
