import { seriousViolations } from "./axe";
import { hydrated, outboxLink, PASSWORD, signUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

// The account pages in a browser: focus lands on what went wrong, the journey from sign-up to the
// header's menu and sign-out by keyboard, the forms without JavaScript, and axe.

// Every test is its own client address (the local runtime otherwise gives them all 127.0.0.1), so the
// per-address sign-up and sign-in limits of one test never meet another's.
test.beforeEach(async ({ page }) => {
  const ip = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
});

test.describe("with JavaScript", () => {
  test("sign-up: the browser's check focuses the first field at fault; the inbox step's heading takes focus", async ({ page }) => {
    await page.goto("/auth/signup");
    await page.getByRole("button", { name: "Create my account" }).click();
    const email = page.getByLabel("E-mail address");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
    await email.fill("someone@example.com");
    await expect(page.getByText("Please enter your e-mail address.")).toHaveCount(0);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

    // show and hide the password
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("abc");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    const address = uniqueEmail("focus");
    await signUp(page, address);
    await expect(page.getByText(address)).toBeVisible();
  });

  test("sign-in: a wrong password's message is the error summary, and it takes focus", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("E-mail address").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.getByTestId("auth-alert");
    await expect(alert).toContainText("That e-mail and password do not match an account.");
    await expect(alert).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the journey: confirm, complete the profile, the header's menu by keyboard, sign out @phone", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("journey");
    await signUp(page, email);
    const link = await outboxLink(request, email, "callback");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/auth\/complete-profile/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("First name").fill("Maya");
    await page.getByLabel("Last name").fill("Rivers");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/library$/);

    await page.evaluate(() => localStorage.setItem("story-app-library", "{}"));
    if (testInfo.project.name === "desktop") {
      const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Maya" });
      await menu.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
      expect(await seriousViolations(page, { within: ["header"] })).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeHidden();
      await expect(menu).toBeFocused();
      await page.keyboard.press("Enter");
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    } else {
      // a tap before the page is hydrated opens nothing
      await hydrated(page);
      await page.getByRole("button", { name: "Menu" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Signed in as")).toContainText("Maya");
      await dialog.getByRole("button", { name: "Sign out" }).click();
    }
    await expect(page).toHaveURL(/\/auth\/logout$/);
    await expect(page.getByRole("heading", { name: "You are signed out" })).toBeFocused();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("storynest-library-force-refresh"))).toBe("1");
    expect(await page.evaluate(() => localStorage.getItem("story-app-library"))).toBeNull();
    await expect(page.getByTestId("header-sign-in").first()).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post, show their errors and sign in; the header's menu opens and signs out @phone", async ({ page, request }, testInfo) => {
    await page.goto("/auth/signup");
    await page.getByLabel("E-mail address").fill("nobody@");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page.getByText("Please enter an e-mail address like name@example.com.")).toBeVisible();
    await expect(page.getByText("Please use at least 8 characters.")).toBeVisible();

    const email = uniqueEmail("noscript");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    await page.goto(await outboxLink(request, email, "callback"));
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.getByLabel("First name").fill("Noa");
    await page.getByLabel("Last name").fill("Script");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/library$/);

    if (testInfo.project.name === "desktop") {
      await page.getByRole("banner").getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Noa" }).click();
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    } else {
      await page.goto("/auth/logout");
      await page.getByRole("button", { name: "Sign out" }).click();
    }
    await expect(page.getByRole("heading", { name: "You are signed out" })).toBeVisible();

    await page.goto("/auth/login");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/library$/);
  });
});
