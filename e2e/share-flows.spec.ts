import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { AFTER_POST, completeProfile, confirmEmail, hydrated, signedInParent, uniqueEmail } from "./accounts";
import { testBook, type BookForm } from "./books";
import { expect, test, testAddress, type Locator, type Page } from "./fixtures";
import { screens } from "./screens";

// A parent's work survives sign-up (the story form, photo included, through the real sign-up pages
// and the e-mailed link), and a grandparent opens a shared book from the e-mail's button in one step.

const FORM: BookForm = {
  childName: "Ilse",
  age: 5,
  gender: "girl",
  authorName: "Mum",
  theme: "Space",
  storyDescription: "Ilse rides a paper rocket to the moon and back before bedtime.",
  moralLesson: "Curiosity takes us far.",
  specialElements: "a paper rocket",
  artStyle: "cartoon",
};
const DESCRIPTION = "Zoe builds a cardboard rocket with her grandad and flies it to a moon made of cheese.";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
});
test.describe.configure({ timeout: 90_000 });

async function choose(radio: Locator) {
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

/** A small PNG drawn by the browser. */
async function makePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 300;
    c.height = 400;
    const g = c.getContext("2d")!;
    g.fillStyle = "#7cc6f2";
    g.fillRect(0, 0, 300, 400);
    g.fillStyle = "#f1c27d";
    g.beginPath();
    g.arc(150, 160, 70, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL("image/png").split(",")[1];
  });
  return Buffer.from(b64, "base64");
}

/** Copies this run's pictures (SCREENSHOTS=1) to /tmp/shots-share-flows, to look at. */
function keep(name: string) {
  mkdirSync("/tmp/shots-share-flows", { recursive: true });
  for (const w of [390, 1280]) {
    const from = `test-results/screens/${name}-${w}.png`;
    if (existsSync(from)) copyFileSync(from, `/tmp/shots-share-flows/${name}-${w}.png`);
  }
}

test("the filled form survives sign-up, photo included, and the book starts on the new account's credits", async ({ page }) => {
  // the visitor's free book is made already: the form says to create an account
  await testBook(page, FORM);
  await page.goto("/createstory?theme=space");
  await hydrated(page);
  await page.getByLabel("Child's first name").fill("Zoe");
  await choose(page.getByRole("radio", { name: "6", exact: true }));
  await page.getByLabel("What happens in the story?").fill(DESCRIPTION);
  await page.locator('input[name="photo"]').setInputFiles({ name: "zoe.png", mimeType: "image/png", buffer: await makePng(page) });
  await page.getByRole("checkbox", { name: /I am this child's parent or guardian/ }).check();
  await page.getByTestId("sign-up-keeping-form").click();
  await expect(page).toHaveURL(/\/auth\/signup\?redirectTo=%2Fcreatestory%3Fresume%3D1$/, AFTER_POST);

  const email = uniqueEmail("form");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long family passphrase");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused(AFTER_POST);
  await confirmEmail(page, email);
  await completeProfile(page, "Mia", "Mum");
  await expect(page).toHaveURL(/\/createstory\?resume=1$/, AFTER_POST);

  await expect(page.getByLabel("Child's first name")).toHaveValue("Zoe");
  await expect(page.getByRole("radio", { name: "6", exact: true })).toBeChecked();
  await expect(page.getByLabel("What happens in the story?")).toHaveValue(DESCRIPTION);
  await expect(page.locator('input[name="childImage"]')).toHaveValue(/^[A-Za-z0-9]{24}$/);
  await expect(page.getByTestId("review")).toContainText("Added");
  await screens(page, "form-restored-after-sign-up", { at: page.getByTestId("review") });
  keep("form-restored-after-sign-up");
  await hydrated(page);
  await page.getByTestId("create-book").click();
  await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, AFTER_POST);
});

test("a grandparent opens the share e-mail's button and is reading the book, signed in, in one step", async ({ page, browser, baseURL }) => {
  await signedInParent(page, { firstName: "Olivia", lastName: "Owner" });
  const bookId = await testBook(page, FORM);
  const grandma = uniqueEmail("grandma");
  const shared = await page.request.post(`/api/books/${bookId}/shares`, { data: { email: grandma } });
  expect(shared.status()).toBe(201);

  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": testAddress() } });
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
  try {
    const reader = await context.newPage();
    await reader.goto("/dev/outbox");
    await reader
      .getByTestId("outbox-list")
      .getByRole("link")
      .filter({ hasText: `To: ${grandma}` })
      .first()
      .click();
    const text = (await reader.getByTestId("outbox-text").textContent()) ?? "";
    const link = /\/shared\/[A-Za-z0-9-]+\?key=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link, "the e-mail's sign-in link").toBeTruthy();
    await reader.goto(link!);
    // no password, no name form: the book, signed in
    await expect(reader).toHaveURL(/\/shared\/[A-Za-z0-9-]+$/, AFTER_POST);
    await expect(reader.getByTestId("shared-banner")).toContainText("Olivia");
    await expect(reader.getByTestId("book-title")).toBeVisible();
    await screens(reader, "shared-book-landing");
    keep("shared-book-landing");
  } finally {
    await context.close();
  }
});
