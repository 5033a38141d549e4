import { seriousViolations } from "./axe";
import { expect, test, type BrowserContext, type Page } from "./fixtures";

const CONSENT = "story-app-cookie-consent";
const CONNECTION_TOAST = "Failed to connect to the database. Please check your internet connection.";

/** Pages that are not about cookies start with a stored choice, so the banner stays out of the way. */
async function withConsentChosen(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
}

async function storedConsent(page: Page) {
  const local = await page.evaluate((k) => window.localStorage.getItem(k), CONSENT);
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT)?.value ?? null;
  return { local, cookie };
}

async function expectNoSeriousViolations(page: Page, selectors: string[]) {
  expect(await seriousViolations(page, { within: selectors })).toEqual([]);
}

test.describe("cookie consent banner", () => {
  for (const [button, value] of [
    ["Accept All", "granted"],
    ["Decline", "denied"],
  ] as const) {
    test(`${button} is stored and survives a reload without the banner flashing`, async ({ page }) => {
      await page.goto("/");
      const banner = page.getByTestId("cookie-banner");
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
      await banner.getByRole("button", { name: button, exact: true }).click();
      await expect(banner).toBeHidden();
      expect(await storedConsent(page)).toEqual({ local: value, cookie: value });

      const res = await page.reload();
      // The server already knows the choice: the banner is not even in the HTML.
      expect(await res?.text()).not.toContain('data-testid="cookie-banner"');
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
      expect(await storedConsent(page)).toEqual({ local: value, cookie: value });
    });
  }

  test("Close hides the banner without storing anything; it is back after a reload", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await banner.getByRole("button", { name: "Close", exact: true }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toEqual({ local: null, cookie: null });
    await page.reload();
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
  });

  test("the banner and the connection button pass axe", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await expect(page.getByTestId("connection-status")).toBeVisible();
    await expectNoSeriousViolations(page, ['[data-overlay="cookie-banner"]', '[data-overlay="connection-status"]']);
  });

  test("the connection button sits above the banner (beside it on a wide screen), at the left @phone", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("connection-status");
    await expect(button).toHaveText(/Connected/);
    const b = (await button.boundingBox())!;
    const banner = (await page.getByTestId("cookie-banner").boundingBox())!;
    const viewport = page.viewportSize()!;
    // the dock is one line from the wide layout (1024 px) up
    if (viewport.width >= 1024) expect(b.x + b.width).toBeLessThanOrEqual(banner.x + 1);
    else expect(b.y + b.height).toBeLessThanOrEqual(banner.y + 1);
    expect(b.x + b.width).toBeLessThan(viewport.width / 2);
  });
});

test.describe("connection status", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsentChosen(context, baseURL));

  test("shows Connected, then hides it after 3 s", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("connection-status");
    await expect(button).toHaveText(/Connected/);
    const shownAt = Date.now();
    await expect(button).toBeHidden({ timeout: 6_000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(5_000);
  });

  test("going offline shows Offline and the red toast; clicking opens the Connection Error modal", async ({ page, context }) => {
    await page.goto("/");
    const button = page.getByTestId("connection-status");
    await expect(button).toHaveText(/Connected/);

    await context.setOffline(true);
    await expect(button).toBeVisible();
    await expect(button).toHaveText(/Offline/);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(CONNECTION_TOAST);
    await expect(toast.getByRole("button", { name: "Refresh Page" })).toBeVisible();

    await button.click();
    const dialog = page.getByRole("dialog", { name: "Connection Error" });
    await expect(dialog).toBeVisible();
    for (const cause of ["Your internet connection", "A temporary outage", "Browser privacy settings"]) await expect(dialog).toContainText(cause);
    await expect(dialog.getByRole("button", { name: "Refresh Page" })).toBeVisible();
    await dialog.getByRole("button", { name: "Dismiss" }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await context.setOffline(false);
    await expect(button).toHaveText(/Connected/);
    await expect(page.getByTestId("toast")).toBeHidden();
  });

  test("an API error opens the modal on a failed recheck; Refresh Page reloads; axe passes", async ({ page }) => {
    let healthCalls = 0;
    await page.route("**/api/health", (route) => {
      healthCalls++;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ status: "degraded" }) });
    });
    await page.goto("/");
    const button = page.getByTestId("connection-status");
    await expect(button).toHaveText(/API Error/);
    await expect(page.getByTestId("toast")).toContainText(CONNECTION_TOAST);
    const before = healthCalls;
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Connection Error" });
    await expect(dialog).toBeVisible();
    expect(healthCalls).toBe(before + 1);
    await expectNoSeriousViolations(page, ['[data-overlay="connection-modal"]']);

    await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Refresh Page" }).click()]);
    await expect(page.getByTestId("connection-status")).toHaveText(/API Error/);
  });

  test("bad JSON from the health check is an API Error", async ({ page }) => {
    await page.route("**/api/health", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<html>captive portal</html>" }));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText(/API Error/);
  });
});

test.describe("crash screen", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsentChosen(context, baseURL));

  test("a server crash shows the texts, the three ways out and the request's id", async ({ page }) => {
    await page.goto("/");
    const res = await page.goto("/test/crash");
    expect(res?.status()).toBe(500);
    const requestId = res?.headers()["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const screen = page.getByTestId("crash-screen");
    await expect(screen.getByRole("heading", { name: "Oops! Something went wrong..." })).toBeVisible();
    await expect(screen).toContainText("Our team has been notified.");
    await expect(screen.getByTestId("error-id")).toHaveText(requestId!);
    await expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/test/crash");
    await expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expectNoSeriousViolations(page, ['[data-testid="crash-screen"]']);

    await screen.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a crash in the browser reports its own id to the server", async ({ page }) => {
    const reported = page.waitForRequest((r) => r.url().endsWith("/api/client-errors") && r.method() === "POST");
    const res = await page.goto("/test/crash?where=client");
    expect(res?.status()).toBe(200);
    const request = await reported;
    const body = request.postDataJSON() as { errorId: string; message: string; path: string };
    expect(body.path).toBe("/test/crash");
    expect(body.message).toContain("Crash test: thrown while rendering in the browser");
    expect((await request.response())?.status()).toBe(204);
    const shown = page.getByTestId("error-id");
    await expect(shown).toHaveText(body.errorId);
    expect(body.errorId).not.toBe(res?.headers()["x-request-id"]);
    await expect(page.getByRole("heading", { name: "Oops! Something went wrong..." })).toBeVisible();
  });
});

test.describe("retry box", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsentChosen(context, baseURL));

  test("counts three retries, then offers Reset, then recovers", async ({ page }) => {
    const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto(`/test/flaky?key=${key}&failures=5`);
    const box = page.getByTestId("retry-box");
    await expect(box).toContainText("Something went wrong: We encountered an unexpected error while loading this content.");
    const tryAgain = box.getByRole("button", { name: "Try Again" });
    for (const n of [1, 2, 3]) {
      await tryAgain.click();
      await expect(box).toContainText(`Retry attempt ${n} of 3`);
      await expect(box).toHaveAttribute("aria-busy", "false");
    }
    await expect(tryAgain).toHaveCount(0);
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(box.getByRole("button", { name: "Try Again" })).toBeEnabled();
    await expect(box).not.toContainText("Retry attempt");
    await box.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { name: "It worked!" })).toBeVisible();
    await expect(page.getByTestId("flaky-result")).toHaveText("Loaded on try 6, after 5 planned failures.");
  });

  test("says Connection Error for a server that cannot be reached", async ({ page }) => {
    const key = `e2e-net-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const res = await page.goto(`/test/flaky?key=${key}&failures=1&kind=network`);
    expect(res?.status()).toBe(503);
    const box = page.getByTestId("retry-box");
    await expect(box).toContainText("Connection Error: Unable to connect to the server. Please check your internet connection.");
    await box.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { name: "It worked!" })).toBeVisible();
  });
});

test.describe("toasts and loading", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsentChosen(context, baseURL));

  test("one toast at a time, with a close button, closing by itself", async ({ page }) => {
    await page.goto("/test/overlays");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Step toast" }).click();
    const toast = page.getByTestId("toast").and(page.locator('[data-state="open"]'));
    await expect(toast).toContainText("Step 1 Complete");
    await expect(toast).toContainText("Story record created successfully!");
    await page.getByRole("button", { name: "Information toast" }).click();
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Saved for later");
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);
    // while it fades out, hidden from screen readers, nothing in it takes focus
    const leaving = page.getByTestId("toast").and(page.locator('[data-state="closed"]'));
    await expect(leaving.getByRole("button", { includeHidden: true, name: "Close notification" })).toBeDisabled();

    await page.getByRole("button", { name: "Image toast" }).click();
    await expect(toast).toContainText("Image for page 3 generated!");
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 4_000 });
    await expect(page.getByRole("region", { name: "Notifications" })).toBeAttached();
  });

  test("a slow navigation shows 'Loading page...'", async ({ page }) => {
    await page.goto("/test/overlays");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "A slow page (1.5 s)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading page..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "A slow page" })).toBeVisible();
    await expect(page.getByText("Loading page...")).toHaveCount(0);
  });
});
