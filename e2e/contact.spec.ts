import { seriousViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";

function unique(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

async function fillForm(page: Page, v: { name: string; email: string; topic: string; message: string }) {
  await page.getByLabel("Your name").fill(v.name);
  await page.getByLabel("Your e-mail address").fill(v.email);
  await page.getByLabel("What is it about?").selectOption({ label: v.topic });
  await page.getByLabel("Your message").fill(v.message);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, redirects and shows the thank-you", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, {
      name: unique("No Script"),
      email: "noscript@example.com",
      topic: "Something else",
      message: "Hello from a browser without JavaScript.",
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { name: "Thank you! Your message is on its way." })).toBeVisible();
  });

  test("the server's errors show beside their fields and the typed values stay", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Ada");
    await page.getByLabel("Your e-mail address").fill("ada@");
    await page.getByLabel("Your message").fill("Too short");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByLabel("Your e-mail address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Your e-mail address")).toHaveValue("ada@");
    await expect(page.getByLabel("Your message")).toHaveValue("Too short");
    await expect(page.getByText("Please choose what your message is about.")).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("an invalid submit shows errors beside the fields, focuses the first one and keeps the values", async ({ page }) => {
    await page.goto("/contact");
    // Wait for hydration: the character counter only appears once React runs.
    await expect(page.getByText("0 / 5,000")).toBeVisible();
    await page.getByLabel("Your name").fill("Grace");
    await page.getByLabel("Your e-mail address").fill("grace-at-example");
    await page.getByLabel("Your message").fill("Short");
    await page.getByRole("button", { name: "Send message" }).click();

    const email = page.getByLabel("Your e-mail address");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/doesn't look quite right/);
    await expect(page.getByLabel("What is it about?")).toHaveAccessibleDescription("Please choose what your message is about.");
    await expect(page.getByLabel("Your message")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Your name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert")).toContainText("A few things need a second look");

    await expect(page.getByLabel("Your name")).toHaveValue("Grace");
    await expect(email).toHaveValue("grace-at-example");
    await expect(page.getByLabel("Your message")).toHaveValue("Short");
    await expect(page).toHaveURL(/\/contact$/);

    // Fixing a field takes its message away.
    await email.fill("grace@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");

    expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
  });

  test("a sent message appears in /dev/outbox, readable as text and HTML", async ({ page }) => {
    const name = unique("Outbox Parent");
    await page.goto("/contact");
    await expect(page.getByText("0 / 5,000")).toBeVisible();
    await fillForm(page, {
      name,
      email: "outbox-parent@example.com",
      topic: "Privacy and my child's data",
      message: "How long do you keep the photo of my daughter?",
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    const thanks = page.getByRole("heading", { name: "Thank you! Your message is on its way." });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();

    await page.goto("/dev/outbox");
    const link = page.getByRole("link", { name: new RegExp(`Contact form: Privacy and my child's data from ${name}`) });
    await expect(link).toBeVisible();
    await expect(link).toContainText("To: hello@storynest.example");
    await link.click();

    const email = page.getByTestId("outbox-email");
    await expect(email.getByRole("heading", { level: 2 })).toHaveText(`Contact form: Privacy and my child's data from ${name}`);
    await expect(email).toContainText("outbox-parent@example.com");
    await expect(page.getByTestId("outbox-text")).toContainText("How long do you keep the photo of my daughter?");
    const frame = page.frameLocator('[data-testid="outbox-html"]');
    await expect(frame.getByRole("heading", { name: "A new message from the contact form" })).toBeVisible();
    await expect(frame.getByText("How long do you keep the photo of my daughter?")).toBeVisible();
  });

  test("/dev/ is disallowed for robots", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(await res.text()).toMatch(/^Disallow: \/dev\/$/m);
  });

  for (const path of ["/contact", "/contact?sent=1"]) {
    test(`${path} passes an accessibility check`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page, { everyImpact: true })).toEqual([]);
    });
  }
});
