import { hydrated, uniqueEmail } from "./accounts";
import { seriousViolations } from "./axe";
import { expect, test, type APIRequestContext } from "./fixtures";
import { screens } from "./screens";

/**
 * The path of the newest link matching `link` in an e-mail to `email` whose subject is `subject`,
 * read from the development outbox (newest first).
 */
async function mailedLink(request: APIRequestContext, email: string, subject: string, link: RegExp): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await (await request.get("/dev/outbox")).text();
        const ids = [...list.matchAll(/href="\/dev\/outbox\/(outbox_[^"?#]+)"[\s\S]*?To: ([^<]*)</g)].filter((m) => m[2].includes(email)).map((m) => m[1]);
        for (const id of [...new Set(ids)]) {
          const html = await (await request.get(`/dev/outbox/${id}`)).text();
          const start = html.indexOf('data-testid="outbox-email"');
          const mail = html.slice(start, html.indexOf("</article>", start));
          if (!mail.includes(subject) || !mail.includes(email)) continue;
          const m = link.exec(mail);
          if (m) {
            found = new URL(m[0]).pathname;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const CONFIRM_LINK = /https?:\/\/[^"\s<]+\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/;
const UNSUBSCRIBE_LINK = /https?:\/\/[^"\s<>]+\/unsubscribe\/[A-Za-z0-9_-]{43}/;

test.describe("the newsletter", () => {
  test.describe.configure({ timeout: 60_000 });
  test("sign up in the footer, confirm from the e-mail, get the welcome, unsubscribe", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/about");
    await hydrated(page);
    const footer = page.getByTestId("newsletter-footer");
    await footer.scrollIntoViewIfNeeded();
    await screens(page, "newsletter-footer", { element: page.locator("footer") });

    // a wrong address: the message in place, the field focused
    await footer.getByLabel("Your e-mail", { exact: true }).fill("news@");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("doesn't look quite right");
    await expect(footer.getByLabel("Your e-mail", { exact: true })).toBeFocused();
    await expect(footer.getByLabel("Your e-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await footer.getByLabel("Your e-mail", { exact: true }).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("Almost there! Check your inbox");
    await expect(page).toHaveURL(/\/about$/);
    await screens(page, "newsletter-footer-sent", { element: page.locator("footer") });

    // the confirmation e-mail's link asks first
    await page.goto(await mailedLink(page.request, email, "Confirm your StoryNest newsletter subscription", CONFIRM_LINK));
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
    await screens(page, "newsletter-confirm");
    await hydrated(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeFocused();
    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);

    // the welcome carries the one-click unsubscribe headers and the link
    const leave = await mailedLink(page.request, email, "Welcome to the StoryNest newsletter", UNSUBSCRIBE_LINK);
    await page.goto("/dev/outbox");
    await page
      .getByRole("link", { name: /Welcome to the StoryNest newsletter/ })
      .first()
      .click();
    await expect(page.getByTestId("outbox-email")).toContainText("List-Unsubscribe-Post");
    await expect(page.getByTestId("outbox-text")).toContainText(new RegExp(`Leave the newsletter https?://\\S+${leave}`));

    await page.goto(leave);
    await expect(page.getByText(`${email} will stop getting the StoryNest newsletter.`)).toBeVisible();
    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
    await screens(page, "newsletter-unsubscribe");
    await hydrated(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeFocused();
    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
  });

  // The browser keeps the footer's server markup (app/components/layout/Footer.tsx): what was typed
  // stays across a client navigation, the form comes back to the new page, and still posts in place.
  test("the footer's form keeps what was typed across a page change and posts in place from the new page", async ({ page }) => {
    const email = uniqueEmail("news-kept");
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const footer = page.getByTestId("newsletter-footer");
    const field = footer.getByLabel("Your e-mail", { exact: true });
    await field.fill(email);
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "Stories that know your child's name" })).toBeVisible();
    await expect(field).toHaveValue(email);
    await expect(footer.locator('input[name="back"]')).toHaveValue("/about");

    await field.press("Enter");
    await expect(footer.getByRole("status")).toContainText("Almost there! Check your inbox");
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    await expect(page).toHaveURL(/\/about$/);
    // no page load on the way: the navigation and the sign-up both happened in the page
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("an old or unknown link says so, with a way to sign up again", async ({ page }) => {
    const res = await page.goto(`/newsletter/confirm/${"x".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up again" })).toHaveAttribute("href", "/newsletter");
    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the blog's form posts and comes back with the result", async ({ page }) => {
    await page.goto("/blog");
    const form = page.getByTestId("newsletter-blog");
    await form.getByLabel("Your e-mail", { exact: true }).fill(uniqueEmail("blog"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\?newsletter=sent&newsletter_form=blog#newsletter-blog$/);
    await expect(page.getByTestId("newsletter-blog").getByRole("status")).toContainText("Almost there! Check your inbox");
    // the footer's form has nothing to say
    await expect(page.getByTestId("newsletter-footer").locator('[role="status"]')).toHaveText("");
  });
});
