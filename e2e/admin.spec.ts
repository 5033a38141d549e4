import { randomBytes } from "node:crypto";
import { seriousViolations } from "./axe";
import { signedInParent } from "./accounts";
import { testBook, type BookForm } from "./books";
import { runSql } from "./d1";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { screens } from "./screens";

// /admin, the dashboard for the people who run the product: only the address in ADMIN_EMAILS
// (scripts/e2e-server.mjs sets admin-e2e@example.com) sees it; anyone else gets the normal 404.
// Page views are written straight into the test server's D1 (sixty of them, as the tracker writes them);
// the accounts come from the sign-in fixture (POST /api/test/sign-in).

const ADMIN = "admin-e2e@example.com";

/** This browser signed in as `email` (the sign-in fixture: the account made the first time, a new session each time). */
async function signInAs(browser: { request: APIRequestContext }, email: string): Promise<void> {
  await signedInParent(browser, { email, firstName: "Ada", lastName: "Admin" });
}

// The machine the suite runs on is small and shared: a page here can take seconds. One test after
// another: the dashboard test writes a finished book's row that the whole journey counts.
test.describe.configure({ mode: "default", timeout: 60_000 });

test("a visitor and another parent get the site's normal 404", async ({ page }) => {
  const visitor = await page.goto("/admin");
  expect(visitor?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible();
  await signInAs(page, `parent-${randomBytes(6).toString("hex")}@example.com`);
  const parent = await page.goto("/admin");
  expect(parent?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
});

test("an administrator sees today's page views and books, charts drawn only on /admin, and axe finds nothing serious", async ({ page, baseURL }) => {
  const path = `/e2e-admin-${randomBytes(4).toString("hex")}`;
  const now = new Date().toISOString();
  const view = `('v-e2e-admin', 'page_view', '{"path":"${path}","referrer":"https://e2e-referrer.example/x","url":"http://127.0.0.1${path}"}', 's', '${now}')`;
  await runSql(baseURL, [
    `INSERT INTO user_events (visitor_id, event_name, event_data, session_id, created_at) VALUES ${Array(60).fill(view).join(", ")}`,
    `INSERT INTO user_activity (visitor_id, event_name, event_data, source_page, timestamp) VALUES ('v-e2e-admin', 'book_finished', '{}', '/createstory', '${now}')`,
  ]);
  // home does not load the chart library
  const chartRequests: string[] = [];
  page.on("request", (r) => (r.url().includes("draw-chart") ? chartRequests.push(r.url()) : undefined));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(chartRequests).toEqual([]);

  await signInAs(page, ADMIN);
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const pages = page.getByRole("table", { name: "Page views by path (top 10)" });
  await expect(pages.getByRole("row", { name: new RegExp(`${path} \\d+`) })).toBeVisible();
  const views = Number(
    (
      await pages
        .getByRole("row", { name: new RegExp(path) })
        .getByRole("cell")
        .textContent()
    )?.replace(/,/g, ""),
  );
  expect(views).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole("table", { name: /arriving from another site/ }).getByRole("rowheader", { name: "e2e-referrer.example" })).toBeVisible();
  const finished = page.getByRole("table", { name: /Form opened/ }).getByRole("row", { name: /Book finished/ });
  expect(Number(await finished.getByRole("cell").first().textContent())).toBeGreaterThanOrEqual(1);
  // the chart library arrives on /admin and draws
  await expect.poll(() => chartRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: /Line chart of visitors and page views/ })).toHaveAttribute("style", /width/);
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, "admin");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the date range form works, and a bad range is explained", async ({ page }) => {
    await signInAs(page, ADMIN);
    await page.goto("/admin");
    await page.getByLabel("From", { exact: true }).fill("2026-01-05");
    await page.getByLabel("To", { exact: true }).fill("2026-01-01");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/from=2026-01-05&to=2026-01-01/);
    await expect(page.getByText("The start was after the end: the two dates were swapped.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-01-01");
    // the daily numbers sit under a disclosure that opens without JavaScript: a heading row and five days
    await page.getByText("The numbers per day").click();
    await expect(page.getByRole("table", { name: "Visitors and page views per day" }).getByRole("row")).toHaveCount(6);
  });
});

const FORM: BookForm = {
  childName: "Omar",
  age: 6,
  gender: "boy",
  authorName: "Grandma Lu",
  theme: "Space",
  storyDescription: "Omar builds a cardboard rocket and visits a friendly moon.",
  moralLesson: "Curiosity takes us far.",
  specialElements: "a blue helmet, a moon cat",
  artStyle: "storybook",
};

/**
 * What the administrator's dashboard says today: the funnel's form views and books finished. (Not the
 * top 10 pages: the other tests' page views can push /createstory out of it, ties sorted by path.)
 */
async function todaysNumbers(admin: Page): Promise<{ formViews: number; finished: number }> {
  await admin.goto("/admin");
  const funnel = admin.getByRole("table", { name: /Form opened/ });
  const count = async (step: RegExp) => Number((await funnel.getByRole("row", { name: step }).getByRole("cell").first().textContent())?.replace(/,/g, ""));
  return { formViews: await count(/^Form opened/), finished: await count(/^Book finished/) };
}

test.describe("the whole journey", () => {
  test("a parent who accepts analytics opens the form and finishes a book; the administrator sees both", async ({ page, browser, baseURL }) => {
    const adminContext = await browser.newContext({ baseURL });
    await signInAs(adminContext, ADMIN);
    const admin = await adminContext.newPage();
    const before = await todaysNumbers(admin);

    // ?analytics=on: tracking on this local host with a port, for this tab (consent still needed)
    await page.goto("/?analytics=on");
    await page.getByRole("button", { name: "Accept All" }).click();
    await page.goto("/createstory");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // the page view is sent by the page's script: wait until it runs (hydration starts after the first paint)
    await expect(page.locator('form[data-hydrated="true"]')).toBeVisible();
    await testBook(page, FORM);
    // leaving the page sends what is queued
    await page.goto("/about");
    await page.close({ runBeforeUnload: true });

    // the book's finish is recorded by the server, the form's view by the page's last batch: either may come first
    await expect
      .poll(
        async () => {
          const now = await todaysNumbers(admin);
          return { finished: now.finished, formViewsGrew: now.formViews > before.formViews };
        },
        { timeout: 30_000, intervals: [1000, 2000] },
      )
      .toEqual({ finished: before.finished + 1, formViewsGrew: true });
    await adminContext.close();
  });
});
