import { seriousViolations } from "./axe";
import { signedInParent, uniqueEmail } from "./accounts";
import { expect, test, type Page } from "./fixtures";

// /profile and /myaccount in the browser: a signed-in parent (the sign-in fixture, POST
// /api/test/sign-in, so these tests need none of the sign-in pages), with and without JavaScript.

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A confirmed account with a profile, and this browser signed in to it (the sign-in fixture). */
async function signIn(page: Page): Promise<{ email: string }> {
  return signedInParent(page, { email: uniqueEmail("e2e"), firstName: "Sam", lastName: "Parent" });
}

async function hydrated(page: Page) {
  await expect(page.locator('nav[data-hydrated="true"]')).toBeVisible();
}

async function pictureLoaded(page: Page) {
  const img = page.getByRole("img", { name: "Your picture" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a parent saves their name, uploads a picture, and meets the 60 s rule", async ({ page }) => {
    await signIn(page);
    await page.goto("/profile");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name is saved.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Ada");

    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Saved a moment ago: changes within a minute of the last one are not saved.")).toBeVisible();
  });

  test("the picture shows once uploaded, and the account is deleted in two steps", async ({ page }) => {
    const { email } = await signIn(page);
    await page.goto("/profile");
    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Your new picture is saved.")).toBeVisible();
    await pictureLoaded(page);

    await page.getByRole("link", { name: "Account and security" }).click();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByTestId("browser")).toContainText("This browser");
    await page.getByRole("button", { name: "Delete my account…" }).click();
    await page.getByLabel("To confirm, type your e-mail address or the word DELETE").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Your account is deleted" })).toBeVisible();
    await page.goto("/myaccount");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fmyaccount$/);
  });
});

test.describe("with JavaScript", () => {
  test("errors take the focus; a file that is not a picture is refused before it is sent", async ({ page }) => {
    await signIn(page);
    await page.goto("/profile");
    await hydrated(page);

    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not a photo") });
    await expect(page.getByText("Please choose a JPEG, PNG or WebP picture. That file is not one.")).toBeVisible();
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByLabel("Choose a photo")).toBeFocused();
    expect(posts).toEqual([]);

    await page.goto("/myaccount");
    await hydrated(page);
    await page.getByLabel("New e-mail address").fill("not-an-address");
    await page.getByRole("button", { name: "Change e-mail" }).click();
    await expect(page.getByLabel("New e-mail address")).toBeFocused();
    await expect(page.getByText("Please enter an e-mail address like name@example.com.")).toBeVisible();

    await page.getByRole("button", { name: "Delete my account…" }).click();
    await expect(page.getByLabel("To confirm, type your e-mail address or the word DELETE")).toBeFocused();
  });

  for (const path of ["/profile", "/myaccount"]) {
    test(`${path} passes an accessibility check`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Your account" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
