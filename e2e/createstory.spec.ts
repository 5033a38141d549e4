import { seriousViolations } from "./axe";
import { expect, test, type BrowserContext, type Locator, type Page } from "./fixtures";

/**
 * The creation pages: /createstory (a theme) and /customstory (the parent's own plot).
 *
 * The tests in "with the book engine" make real books through the engine (services.books/uploads,
 * POST /api/books, /youraistory/{bookId}).
 */

const CONSENT = "story-app-cookie-consent";
const SPACE_MORAL = "Curiosity opens doors: asking questions is how every explorer finds something new.";
const OCEAN_ELEMENTS = "a chatty sea turtle, a sunken ship, a coral town, a singing whale";

async function withConsentChosen(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await withConsentChosen(context, baseURL);
});

/** Waits until React runs the form (the JavaScript-only parts appear then). */
async function hydrated(page: Page) {
  await expect(page.locator('form[data-hydrated="true"]')).toBeVisible();
}

/**
 * Chooses a radio the way a person does: by tapping its card or chip (the input itself is visually
 * hidden inside its label), then checks it took.
 */
async function choose(radio: Locator) {
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

/** A small PNG drawn by the browser: a smiling face on a sky-to-grass background. */
async function makePng(page: Page, width = 600, height = 800): Promise<Buffer> {
  const b64 = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const g = c.getContext("2d")!;
      const grad = g.createLinearGradient(0, 0, 0, h);
      grad.addColorStop(0, "#7cc6f2");
      grad.addColorStop(1, "#8fd9b6");
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = "#6b4423";
      g.beginPath();
      g.arc(w / 2, h * 0.38, w / 4, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#f1c27d";
      g.beginPath();
      g.arc(w / 2, h * 0.41, w / 5, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL("image/png").split(",")[1];
    },
    [width, height] as const,
  );
  return Buffer.from(b64, "base64");
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page, { within: ["main"] })).toEqual([]);
}

test.describe("theme preselect and prefill", () => {
  test("a theme card on the home page opens the form with that theme chosen", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Space Explorer" }).click();
    await expect(page).toHaveURL(/\/createstory\?theme=space$/);
    await expect(page.getByRole("radio", { name: /Space Explorer/ })).toBeChecked();
  });

  test("/createstory?theme=space chooses Space and fills in its details, with the name as it is typed", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    await expect(page.getByRole("radio", { name: /Space Explorer/ })).toBeChecked();
    await expect(page.getByLabel("A lesson to weave in")).toHaveValue(SPACE_MORAL);
    await expect(page.getByLabel("Favourite things to include")).toHaveValue("a cardboard rocket, a robot co-pilot, a lost little star, rings of Saturn");
    await expect(page.getByRole("radio", { name: /^Cartoon/ })).toBeChecked();
    const description = page.getByLabel("What happens in the story?");
    await expect(description).toHaveValue(/^Your child builds a cardboard rocket/);

    await page.getByLabel("Child's first name").fill("Zoe");
    await expect(description).toHaveValue(/^Zoe builds a cardboard rocket that really flies/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's make Zoe's storybook");
    await expect(page.getByTestId("create-book")).toHaveText(/Create Zoe's book/);
    await expect(page.getByTestId("review")).toContainText("Space Explorer");
  });

  test("the parent's own words are never overwritten by the theme or the name", async ({ page }) => {
    await page.goto("/createstory?theme=Space");
    await hydrated(page);
    const moral = page.getByLabel("A lesson to weave in");
    await moral.fill("Always say thank you to the robots.");
    await choose(page.getByRole("radio", { name: /Crayon/ }));
    await choose(page.getByRole("radio", { name: /Ocean Discovery/ }));
    await page.getByLabel("Child's first name").fill("Leo");
    await expect(moral).toHaveValue("Always say thank you to the robots.");
    await expect(page.getByLabel("Favourite things to include")).toHaveValue(OCEAN_ELEMENTS);
    await expect(page.getByLabel("What happens in the story?")).toHaveValue(/^Leo dives into a sparkling reef/);
    await expect(page.getByRole("radio", { name: /Crayon/ })).toBeChecked();

    // Emptying a field hands it back to the theme; a lesson idea fills it in one tap.
    await moral.fill("");
    await choose(page.getByRole("radio", { name: /Animal Friends/ }));
    await expect(moral).toHaveValue(/^Kindness grows when we share it/);
    await page.getByRole("button", { name: "Bravery" }).click();
    await expect(moral).toHaveValue("Being brave means trying, even when we feel a little scared.");
  });

  test("'Something else' asks for the theme in words; an unknown ?theme= is typed in for you", async ({ page }) => {
    await page.goto("/createstory?theme=dinosaurs");
    await hydrated(page);
    await expect(page.getByRole("radio", { name: /Something else/ })).toBeChecked();
    await expect(page.getByLabel("Your theme, in a word or two")).toHaveValue("Dinosaurs");
    await choose(page.getByRole("radio", { name: /Magical Adventure/ }));
    await expect(page.getByLabel("Your theme, in a word or two")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: /^Watercolour/ })).toBeChecked();
  });

  test("/createstory/anything is the same page", async ({ page }) => {
    const res = await page.goto("/createstory/from-nino?theme=ocean");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("radio", { name: /Ocean Discovery/ })).toBeChecked();
    const custom = await page.goto("/customstory/anything");
    expect(custom?.status()).toBe(200);
    await expect(page.getByLabel("What happens?")).toBeVisible();
  });

  test("the art styles are a radio group with previews, worked by the keyboard", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    const styles = page.locator("[data-art-style]");
    await expect(styles).toHaveCount(6);
    for (const img of await page.locator("[data-art-style] img").all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(400);
    }
    const cartoon = page.getByRole("radio", { name: /^Cartoon/ });
    await cartoon.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: /^Classic storybook/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Classic storybook/ })).toBeFocused();
    await expect(page.getByTestId("review")).toContainText("Classic storybook");
  });
});

test.describe("validation with JavaScript", () => {
  test("errors show beside their fields, the first is focused, and nothing is posted", async ({ page }) => {
    await page.goto("/createstory");
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByTestId("create-book").click();

    const name = page.getByLabel("Child's first name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/Please tell us your child's first name\./);
    await expect(page.getByRole("radio", { name: "5", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[data-field-error="age"]')).toHaveText(/Please choose your child's age\./);
    await expect(page.locator('[data-field-error="themeChoice"]')).toHaveText(/Please choose a theme/);
    await expect(page.getByTestId("form-errors")).toContainText("A few things need a second look");
    expect(posts).toEqual([]);

    // Fixing a field takes its message away as it is typed.
    await name.fill("Mia");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[data-field-error="childName"]')).toHaveCount(0);
    await expect(page.locator('[data-field-error="age"]')).toHaveCount(1);

    // The summary's links take you to the field.
    await page
      .getByTestId("form-errors")
      .getByRole("link", { name: /choose a theme/ })
      .click();
    await expect(page.getByRole("radio", { name: /Animal Friends/ })).toBeFocused();
    await expectNoSeriousViolations(page);
  });

  test("a name with digits and a plot that is too short are refused on the custom page", async ({ page }) => {
    await page.goto("/customstory");
    await hydrated(page);
    await page.getByLabel("Child's first name").fill("R2D2");
    await choose(page.getByRole("radio", { name: "7", exact: true }));
    await page.getByLabel("What happens?").fill("A robot.");
    await page.getByTestId("create-book").click();
    await expect(page.getByLabel("Child's first name")).toBeFocused();
    await expect(page.getByLabel("Child's first name")).toHaveAccessibleDescription(/A name can hold letters/);
    await expect(page.getByLabel("What happens?")).toHaveAccessibleDescription(/at least 40 characters/);
  });

  test("a file that is not a picture is refused beside the photo field", async ({ page }) => {
    await page.goto("/createstory?theme=animals");
    await hydrated(page);
    const input = page.locator('input[name="photo"]');
    // Named .png, but the bytes say otherwise: the bytes decide.
    await input.setInputFiles({ name: "holiday.png", mimeType: "image/png", buffer: Buffer.from("these are not the bytes of a picture") });
    await expect(page.locator('[data-field-error="photo"]')).toHaveText(/Please choose a JPEG, PNG or WebP photo/);
    await expect(input).toHaveValue("");
    await expect(page.getByTestId("photo-preview")).toHaveCount(0);
  });

  test("a photo is not sent without the parent's tick", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    await page.getByLabel("Child's first name").fill("Ava");
    const tick = page.getByRole("checkbox", { name: /I am this child's parent or guardian/ });
    await expect(tick).toHaveCount(0); // nothing to agree to before a photo is chosen
    await page.locator('input[name="photo"]').setInputFiles({ name: "ava.png", mimeType: "image/png", buffer: await makePng(page) });
    await expect(tick).not.toBeChecked();
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await page.getByTestId("create-book").click();
    await expect(page.locator('[data-field-error="photo"]')).toHaveText(/Please tick the box to confirm you are this child's parent or guardian/);
    expect(posted).toBe(false);
    await expect(tick).toBeVisible();
  });

  test("a photo shows a preview and can be cropped to a square by dragging and zooming", async ({ page }) => {
    await page.goto("/createstory?theme=ocean");
    await hydrated(page);
    await page.locator('input[name="photo"]').setInputFiles({ name: "ava.png", mimeType: "image/png", buffer: await makePng(page) });
    const preview = page.getByTestId("photo-preview");
    await expect(preview).toContainText("ava.png");
    await expect(preview).toContainText("600 × 800 px");
    await expect(page.getByTestId("review")).toContainText("Added");

    const crop = page.getByRole("switch", { name: "Crop to a square" });
    await expect(crop).toHaveAttribute("aria-checked", "false");
    await crop.click();
    await expect(crop).toHaveAttribute("aria-checked", "true");
    const area = page.getByTestId("photo-cropper");
    const photo = area.locator("img");
    const widthAt = async () => (await photo.boundingBox())!.width;
    const before = await widthAt();

    await page.getByRole("slider", { name: "Zoom" }).fill("2");
    await expect.poll(widthAt).toBeCloseTo(before * 2, 0);
    // Dragging moves the photo with the pointer.
    const box = (await area.boundingBox())!;
    const leftBefore = (await photo.boundingBox())!.x;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await photo.boundingBox())!.x).toBeGreaterThan(leftBefore + 30);
    // And the keyboard moves it too.
    await area.focus();
    const leftNow = (await photo.boundingBox())!.x;
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await photo.boundingBox())!.x).toBeLessThan(leftNow);
    await expect(page.getByTestId("review")).toContainText("Added, with a square crop");
    await expectNoSeriousViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the theme is preselected and prefilled by the server", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await expect(page.getByRole("radio", { name: /Space Explorer/ })).toBeChecked();
    await expect(page.getByLabel("A lesson to weave in")).toHaveValue(SPACE_MORAL);
    await expect(page.getByRole("radio", { name: /^Cartoon/ })).toBeChecked();
  });

  test("the form still posts and shows the server's errors beside their fields, keeping the values", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await page.getByLabel("Child's first name").fill("Zoe");
    await page.getByLabel("Written by").fill("Grandma Rose");
    await page.getByLabel("A lesson to weave in").fill("Share your snacks with aliens.");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByTestId("create-book").click()]);
    expect(response.status()).toBe(400);

    await expect(page.locator('[data-field-error="age"]')).toHaveText(/Please choose your child's age\./);
    await expect(page.getByRole("radio", { name: "4", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("form-errors")).toContainText("Please choose your child's age.");
    await expect(page.getByLabel("Child's first name")).toHaveValue("Zoe");
    await expect(page.getByLabel("Child's first name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Written by")).toHaveValue("Grandma Rose");
    await expect(page.getByLabel("A lesson to weave in")).toHaveValue("Share your snacks with aliens.");
    await expect(page.getByRole("radio", { name: /Space Explorer/ })).toBeChecked();
    // The description was drawn before the name was typed: the server put the name in.
    await expect(page.getByLabel("What happens in the story?")).toHaveValue(/^Zoe builds a cardboard rocket/);
  });

  test("a picture that is not one is refused by the server beside the photo field", async ({ page }) => {
    await page.goto("/customstory");
    await page.getByLabel("Child's first name").fill("Leo");
    await page.locator('input[name="photo"]').setInputFiles({ name: "leo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("GIF89a, not a jpeg at all") });
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByTestId("create-book").click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('[data-field-error="photo"]')).toHaveText(/Please choose a JPEG, PNG or WebP photo/);
    await expect(page.locator('[data-field-error="plotOutline"]')).toHaveText(/at least 40 characters/);
    await expect(page.getByLabel("Child's first name")).toHaveValue("Leo");
  });
});

/**
 * Each of these makes a real book through the form (the local Worker draws its 24 pictures right
 * after): as few as the form's paths need. The whole journey, from the home page through the form to
 * the finished book read page by page, is reader.spec.ts's "with the book engine".
 */
const BOOK_TIMEOUT = 30_000;

test.describe("with the book engine", () => {
  test.describe.configure({ timeout: 60_000 });

  async function fillBasics(page: Page, name: string) {
    await page.getByLabel("Child's first name").fill(name);
    await choose(page.getByRole("radio", { name: "5", exact: true }));
  }

  test("an answer lost on the way back keeps the form with a clear message; Create again opens the one book the first press made", async ({ page }) => {
    await page.goto("/createstory?theme=space");
    await hydrated(page);
    await fillBasics(page, "Ivy");
    await page.getByLabel("Written by").fill("Uncle Tom");
    // The first submission reaches the server (which starts the book), but the browser gets what a
    // restarting local runtime answers: a plain-text 503 that is no Remix data.
    let lost = 0;
    await page.route("**/createstory.data*", async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      const real = await route.fetch({ maxRedirects: 0, timeout: BOOK_TIMEOUT });
      expect(real.status()).toBe(202); // the book was started: Remix's redirect, as data
      await route.fulfill({ status: 503, contentType: "text/plain", body: "Your worker restarted mid-request. Please try sending the request again." });
    });
    await page.getByTestId("create-book").click();
    const notice = page.getByTestId("form-notice");
    await expect(notice).toContainText("We couldn't hear back from StoryNest", { timeout: BOOK_TIMEOUT });
    await expect(notice).toBeFocused();
    // everything typed is still there, and no crash screen
    await expect(page.getByTestId("crash-screen")).toHaveCount(0);
    await expect(page.getByLabel("Child's first name")).toHaveValue("Ivy");
    await expect(page.getByLabel("Written by")).toHaveValue("Uncle Tom");
    await expect(page.getByRole("radio", { name: /Space Explorer/ })).toBeChecked();
    // Create again: the same idempotency key finds the book the first press made
    await page.getByTestId("create-book").click();
    await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: BOOK_TIMEOUT });
    const bookId = new URL(page.url()).pathname.split("/").pop()!;
    const library = await (await page.request.get("/api/library", { timeout: BOOK_TIMEOUT })).json();
    expect(library.books.map((b: { bookId: string }) => b.bookId)).toEqual([bookId]);
  });

  test("the custom page makes a book from the parent's own plot, with a photo made here, cropped, kept as the original and the square", async ({ page }) => {
    await page.goto("/customstory");
    await hydrated(page);
    await fillBasics(page, "Leo");
    await page.getByLabel("What happens?").fill("Leo's toy dinosaur Rex comes to life and helps him make a friend on his first day at school.");
    await choose(page.getByRole("radio", { name: /^Short/ }));
    await page.locator('input[name="photo"]').setInputFiles({ name: "leo.png", mimeType: "image/png", buffer: await makePng(page) });
    await page.getByRole("checkbox", { name: /I am this child's parent or guardian/ }).check();
    await page.getByRole("switch", { name: "Crop to a square" }).click();
    await page.getByRole("slider", { name: "Zoom" }).fill("1.5");
    await page.getByTestId("create-book").click();
    await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: BOOK_TIMEOUT });
    const bookId = new URL(page.url()).pathname.split("/").pop()!;
    const view = await (await page.request.get(`/api/books/${bookId}`, { timeout: BOOK_TIMEOUT })).json();
    expect(view.story.formData).toMatchObject({ childName: "Leo", length: "short", theme: "My own story" });
    expect(view.story.formData.plotOutline).toMatch(/toy dinosaur Rex/);
    expect(view.story.formData.childImage).toMatch(/^[A-Za-z0-9-]{8,80}$/);
    expect(view.story.formData.childImageCropped).toMatch(/^[A-Za-z0-9-]{8,80}$/);
    expect(view.story.formData.childImageCropped).not.toBe(view.story.formData.childImage);
    // The browser read the child's colours from the square, for the pictures' child.
    expect(view.story.formData.photoSkin).toMatch(/^#[0-9a-fA-F]{6}$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the plain form post creates a book and redirects to it; posting the same form twice (a double submit) makes one book", async ({ page }) => {
      await page.goto("/createstory?theme=ocean");
      await fillBasics(page, "Noor");
      const form = page.locator("#story-form");
      const fields = await form.evaluate((f: HTMLFormElement) => Object.fromEntries([...new FormData(f).entries()].filter(([, v]) => typeof v === "string")));
      // the double submit first (the same form's fields, its idempotency key with them), then the button's own post
      const post = () => page.request.post("/createstory", { multipart: fields as Record<string, string>, maxRedirects: 0, timeout: BOOK_TIMEOUT });
      const [a, b] = [await post(), await post()];
      expect(a.status()).toBe(302);
      expect(b.status()).toBe(302);
      expect(a.headers()["location"]).toMatch(/^\/youraistory\/[A-Za-z0-9]+$/);
      expect(b.headers()["location"]).toBe(a.headers()["location"]);
      await page.getByTestId("create-book").click();
      await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: BOOK_TIMEOUT });
      expect(new URL(page.url()).pathname).toBe(a.headers()["location"]);
      const bookId = new URL(page.url()).pathname.split("/").pop()!;
      const view = await (await page.request.get(`/api/books/${bookId}`, { timeout: BOOK_TIMEOUT })).json();
      // the prefilled description was drawn before the name was typed; it carries the name now
      expect(view.story.formData.storyDescription).toMatch(/^Noor dives into a sparkling reef/);
    });
  });
});
