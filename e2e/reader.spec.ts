import { hydrated } from "./accounts";
import { seriousViolations } from "./axe";
import { testBook, type BookForm } from "./books";
import { expect, test, type Locator, type Page } from "./fixtures";

/**
 * The reader and live progress: a book's pages as they are drawn, read page by page.
 * - "playground": /test/reader plays a sample book through the same components and the same
 *   snapshot path as the live stream (no engine needed).
 * - "engine": a real book made through the story form, read at /youraistory/{bookId} as it is made;
 *   and a finished one from the book fixture (POST /api/test/books) for what needs only a book.
 */

/**
 * Every toast that appears, in order, as "title" or "title / description" (toasts replace each
 * other, so some show only for a moment: too briefly to catch by polling).
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="toast"]').forEach((el) => {
        if (seen.has(el)) return;
        seen.add(el);
        const [title, description] = Array.from(el.querySelectorAll("p"), (p) => p.textContent ?? "");
        w.__toasts.push(description ? `${title} / ${description}` : (title ?? ""));
      });
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/**
 * A speechSynthesis that records what it is asked to say. An utterance starts at once and ends only
 * when the test says so (`endUtterance`), so every highlighted sentence can be checked.
 */
async function stubSpeech(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: string[]; __endUtterance: () => boolean };
    w.__spoken = [];
    let current: SpeechSynthesisUtterance | null = null;
    w.__endUtterance = () => {
      const u = current;
      if (!u) return false;
      current = null;
      u.dispatchEvent(new Event("end"));
      return true;
    };
    const fake = {
      speaking: false,
      pending: false,
      paused: false,
      speak(u: SpeechSynthesisUtterance) {
        w.__spoken.push(u.text);
        current = u;
        setTimeout(() => u.dispatchEvent(new Event("start")), 10);
      },
      cancel() {
        current = null;
      },
      pause() {},
      resume() {},
      getVoices: () => [],
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
  });
  return {
    spoken: () => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken),
    endUtterance: () => page.evaluate(() => (window as unknown as { __endUtterance: () => boolean }).__endUtterance()),
  };
}

async function swipe(page: Page, direction: "left" | "right") {
  await page.getByTestId("book").evaluate((el, dir) => {
    const box = el.getBoundingClientRect();
    const y = box.top + Math.min(200, box.height / 2);
    const [x0, x1] = dir === "left" ? [box.left + box.width * 0.8, box.left + box.width * 0.2] : [box.left + box.width * 0.2, box.left + box.width * 0.8];
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
    el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, cancelable: true, touches: [touch(x0)], changedTouches: [touch(x0)] }));
    el.dispatchEvent(new TouchEvent("touchmove", { bubbles: true, cancelable: true, touches: [touch((x0 + x1) / 2)], changedTouches: [touch((x0 + x1) / 2)] }));
    el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, cancelable: true, touches: [], changedTouches: [touch(x1)] }));
  }, direction);
}

const indicator = (page: Page) => page.getByTestId("page-indicator");
const shownPage = (page: Page) => page.locator("article[data-page]");

async function expectPage(page: Page, n: number, total = 24) {
  await expect(indicator(page)).toContainText(`${n} / ${total}`);
  await expect(shownPage(page)).toHaveAttribute("data-page", String(n));
}

/** Turns every page with Next, then back with ←, checking each one. */
async function turnEveryPage(page: Page, total: number) {
  const next = page.getByRole("button", { name: "Next page" });
  const prev = page.getByRole("button", { name: "Previous page" });
  await expectPage(page, 1, total);
  await expect(prev).toHaveAttribute("aria-disabled", "true");
  for (let n = 2; n <= total; n++) {
    await next.click();
    await expectPage(page, n, total);
    await expect(page.getByTestId("page-announcement")).toHaveText(new RegExp(`page ${n} of ${total}`, "i"));
  }
  await expect(next).toHaveAttribute("aria-disabled", "true");
  // it keeps its focus and says it is disabled; pressing it anyway does nothing
  await next.click({ force: true });
  await expectPage(page, total, total);
  await expect(shownPage(page)).toContainText("The End");
  await expect(shownPage(page).getByRole("button", { name: "Read it again" })).toBeVisible();

  for (let n = total - 1; n >= 1; n--) {
    await page.keyboard.press("ArrowLeft");
    await expectPage(page, n, total);
  }
  await page.keyboard.press("ArrowLeft");
  await expectPage(page, 1, total);
  await page.keyboard.press("ArrowRight");
  await expectPage(page, 2, total);
  await page.keyboard.press("End");
  await expectPage(page, total, total);
  await page.keyboard.press("Home");
  await expectPage(page, 1, total);
}

test.describe("reader playground (sample book)", () => {
  test("a book fills in live: steps, pictures arriving in the grid, every toast, then the finished book", async ({ page }) => {
    test.setTimeout(60_000);
    const toasts = await recordToasts(page);
    await page.goto("/test/reader?state=new&speed=450");
    const panel = page.getByTestId("progress-panel");
    await expect(panel.getByRole("heading", { name: "Making Mia's book" })).toBeVisible();
    await expect.poll(toasts).toContain("Step 1 Complete / Story record created successfully!");
    await expect(panel.locator('[data-step="1"]')).toHaveAttribute("data-state", "done");
    await expect.poll(toasts).toContain("Step 2 Complete / Story content generated successfully!");
    await expect(page.getByTestId("book-title")).toHaveText("Mia and the Lantern of Hollow Wood");
    await expect(page.getByTestId("toast").filter({ hasText: /Image for page \d+ generated!/ })).toBeVisible();
    // pictures arrive one by one in the grid
    await expect(panel.locator('[data-page="5"][data-drawn="true"]')).toHaveCount(1, { timeout: 10_000 });
    await expect(panel.getByRole("progressbar", { name: "Book progress" })).toHaveAttribute("aria-valuetext", /of 24 pictures drawn/);
    await expect(page.getByTestId("toast").filter({ hasText: "Step 3 Complete" })).toContainText("Images generated successfully!", { timeout: 20_000 });
    await expect(panel).toHaveCount(0);
    await expect(page.getByText("Mia's book", { exact: true })).toBeVisible();

    const seen = await toasts();
    expect(seen[0]).toBe("Step 1 Complete / Story record created successfully!");
    expect(seen[1]).toBe("Step 2 Complete / Story content generated successfully!");
    expect(seen.filter((t) => /^Image for page \d+ generated!$/.test(t)).sort()).toEqual(
      Array.from({ length: 24 }, (_, i) => `Image for page ${i + 1} generated!`).sort(),
    );
    expect(seen.at(-1)).toBe("Step 3 Complete / Images generated successfully!");
  });

  test("while pictures arrive, the words can be read and undrawn pages show a placeholder", async ({ page }) => {
    await page.goto("/test/reader?state=written&speed=5000");
    await expect(page.getByRole("heading", { name: "Start reading while the pictures arrive" })).toBeVisible();
    await expect(page.getByTestId("picture-placeholder")).toContainText("This picture is still being painted");
    await page.getByRole("button", { name: /^Page 7, picture still being drawn/ }).click();
    await expectPage(page, 7);
    await expect(shownPage(page)).toContainText("Mr. Hedgehog");
  });

  test("every page turns with the Next button and with the arrow keys", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/test/reader");
    await expect(shownPage(page)).toHaveAttribute("data-kind", "cover");
    await expect(shownPage(page)).toContainText("by Grandma Rose");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(shownPage(page)).toHaveAttribute("data-kind", "title");
    await expect(shownPage(page)).toContainText("For Mia, who is brave even when her knees wobble.");
    await page.getByRole("button", { name: "Previous page" }).click();
    await turnEveryPage(page, 24);
  });

  test("a swipe turns the page @phone", async ({ page }) => {
    await page.goto("/test/reader?page=4");
    await expectPage(page, 4);
    await swipe(page, "left");
    await expectPage(page, 5);
    await swipe(page, "right");
    await swipe(page, "right");
    await expectPage(page, 3);
  });

  test("pictures are pictures and words are real text, with the scene as the alternative text", async ({ page }) => {
    await page.goto("/test/reader?page=7");
    const img = shownPage(page).getByRole("img");
    await expect(img).toHaveAttribute("alt", /^Picture: A hedgehog in a tiny waistcoat/);
    await expect(shownPage(page).locator("p").filter({ hasText: "On the path sat a hedgehog" })).toBeVisible();
  });

  test("read-aloud speaks the page sentence by sentence, highlights the one being spoken and turns the page", async ({ page }) => {
    const speech = await stubSpeech(page);
    await page.goto("/test/reader?page=5");
    await page.getByRole("button", { name: "Read aloud" }).click();
    await expect(page.getByRole("button", { name: "Pause reading" })).toBeVisible();
    const speaking = shownPage(page).locator('[data-speaking="true"]');
    const page5 = ["One night the lantern began to glow all by itself.", "“Hello?” whispered Mia.", "The light flickered, as if it were trying to answer."];
    for (const sentence of page5) {
      await expect(speaking).toHaveText(sentence);
      await expect(speaking).toHaveCount(1);
      expect(await speech.endUtterance()).toBe(true);
    }
    // the page ended: read-aloud turns to the next page and goes on
    await expectPage(page, 6);
    await expect(page.getByTestId("page-announcement")).toHaveText("Page 6 of 24");
    await expect(speaking).toHaveText("The next morning Mia put on her red raincoat and her wellies.");
    await page.getByRole("button", { name: "Pause reading" }).click();
    await expect(page.getByRole("button", { name: "Read aloud" })).toBeVisible();
    await expect(speaking).toHaveCount(0);
    expect(await speech.spoken()).toEqual([...page5, "The next morning Mia put on her red raincoat and her wellies."]);

    // playing again starts the paused sentence over
    await page.getByRole("button", { name: "Read aloud" }).click();
    await expect(speaking).toHaveText("The next morning Mia put on her red raincoat and her wellies.");
    expect(await speech.endUtterance()).toBe(true);
    await expect(speaking).toHaveText("She held the lantern tight and stepped through the garden gate.");
    // turning by hand while reading starts the new page from its first sentence
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPage(page, 7);
    await expect(speaking).toHaveText("On the path sat a hedgehog in a tiny green waistcoat.");
    expect(await speech.endUtterance()).toBe(true);
    await expect(speaking).toHaveText("“Good morning!");
  });

  test("read-aloud is hidden when the browser cannot speak", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true }));
    await page.goto("/test/reader");
    await expect(page.getByRole("button", { name: "Full screen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Read aloud" })).toHaveCount(0);
  });

  test("full screen, with the window-filling fallback when the Fullscreen API is missing", async ({ page }) => {
    await page.goto("/test/reader");
    const region = page.getByRole("region", { name: /the book$/ });
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(region).toHaveAttribute("data-fullscreen", /native|fallback/);
    await page.getByRole("button", { name: "Exit full screen" }).click();
    await expect(region).toHaveAttribute("data-fullscreen", "off");

    await page.addInitScript(() => {
      Object.defineProperty(Element.prototype, "requestFullscreen", { value: undefined, configurable: true });
      Object.defineProperty(Element.prototype, "webkitRequestFullscreen", { value: undefined, configurable: true });
    });
    await page.reload();
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(region).toHaveAttribute("data-fullscreen", "fallback");
    const box = await region.boundingBox();
    expect(box?.y).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expectPage(page, 2);
    await page.keyboard.press("Escape");
    await expect(region).toHaveAttribute("data-fullscreen", "off");
  });

  test("a failed book says so kindly, and Retry makes it again", async ({ page }) => {
    test.setTimeout(45_000);
    await page.goto("/test/reader?state=failed&speed=150");
    const failed = page.getByTestId("failed-panel");
    await expect(failed.getByRole("heading")).toHaveText("We couldn't finish this book. You have not been charged.");
    await expect(failed).toContainText("The pictures took too long to arrive");
    await failed.getByRole("button", { name: "Retry" }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId("progress-panel")).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Step 3 Complete" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Mia's book", { exact: true })).toBeVisible();
  });

  test("no serious accessibility problems in a finished book", async ({ page }) => {
    await page.goto("/test/reader?page=5");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("no serious accessibility problems in a book in the making", async ({ page }) => {
    await page.goto("/test/reader?state=written&speed=5000");
    await expect(page.getByTestId("progress-panel")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the reactions and comments below a finished book are fetched as they come into view, not before @phone", async ({ page }) => {
    // a phone's screen, where the section starts well below the first screen (on a wide one it is near at once)
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/books\/[^/]+\/(reactions|comments)$/.test(new URL(r.url()).pathname)) asked.push(r.url());
    });
    await page.goto("/test/reader");
    await hydrated(page);
    const panel = page.getByTestId("social-panel");
    await expect(panel).toContainText("Loading reactions and comments…");
    await page.waitForTimeout(1000);
    expect(asked).toEqual([]);
    await panel.evaluate((el) => el.scrollIntoView());
    // the sample book is not in the database, so its reactions cannot be read: the section says so
    await expect(panel).toContainText("Reactions and comments could not be loaded just now");
    expect(asked.length).toBeGreaterThan(0);
  });

  test("reduced motion: pages turn without sliding", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/test/reader");
    await page.getByRole("button", { name: "Next page" }).click();
    const duration = await shownPage(page).evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(duration).toBeLessThan(0.01);
  });
});

test.describe("reader: addresses", () => {
  test("a book id that is not letters and digits is the not-found page (404)", async ({ page }) => {
    for (const bad of ["not-a-book", "abc_def", "a%20b", "b00k.png"]) {
      const res = await page.goto(`/youraistory/${bad}`);
      expect(res?.status(), bad).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
    }
  });
});

test.describe("reader before its scripts have run", () => {
  // A phone on a slow network shows the book a few seconds before its scripts arrive; a press of
  // Next or Previous in that time must still turn the page.
  test.use({ javaScriptEnabled: false });

  test("Next and Previous turn the page through the address, keeping its other parameters", async ({ page }) => {
    await page.goto("/test/reader?speed=900");
    await expectPage(page, 1);
    await expect(page.getByRole("button", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/test\/reader\?page=2&speed=900$/);
    await expectPage(page, 2);
    await expect(shownPage(page)).toHaveAttribute("data-kind", "title");
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPage(page, 3);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/test\/reader\?page=2&speed=900$/);
    await expectPage(page, 2);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expectPage(page, 1);
    await expect(shownPage(page)).toHaveAttribute("data-kind", "cover");
  });

  test("on the last page, Next stays where it is", async ({ page }) => {
    await page.goto("/test/reader?page=24");
    await expectPage(page, 24);
    const next = page.getByRole("button", { name: "Next page" });
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await next.click({ force: true });
    await expect(page).toHaveURL(/\/test\/reader\?page=24$/);
    await expectPage(page, 24);
  });
});

const FORM: BookForm = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma Rose",
  theme: "Adventure",
  storyDescription: "Mia finds a glowing lantern and helps the fireflies of Hollow Wood find their light.",
  moralLesson: "Kindness shared grows bigger.",
  specialElements: "a brass lantern, a hedgehog in a waistcoat",
  artStyle: "watercolour",
};

test.describe("reader with the book engine", () => {
  async function choose(radio: Locator) {
    await radio.locator("xpath=ancestor::label[1]").click();
    await expect(radio).toBeChecked();
  }

  // The whole journey, with the real offline writer and illustrator: the story form, then the book.
  test("a new visitor goes from the home page to /createstory, fills the form, presses Create at its foot and lands at the book's top; it fills in live, finishes, and every page turns", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const toasts = await recordToasts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page
      .getByRole("link", { name: /Create your child.s story/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/createstory$/);
    await hydrated(page);
    await page.getByLabel("Child's first name").fill("Mia");
    await choose(page.getByRole("radio", { name: "5", exact: true }));
    await choose(page.getByRole("radio", { name: /Animal Friends/ }));
    const create = page.getByTestId("create-book");
    await create.scrollIntoViewIfNeeded();
    // the button is at the foot of a long form: the page is scrolled well down
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(900);
    await create.click();
    await expect(page).toHaveURL(/\/youraistory\/[A-Za-z0-9]+$/, { timeout: 30_000 });
    const bookId = new URL(page.url()).pathname.split("/").pop()!;
    // the book opens at its top, not where the form was scrolled to
    await expect(page.getByTestId("book-title")).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const book = await page.request.get(`/api/books/${bookId}`);
    expect(book.status()).toBe(200);
    expect((await book.json()).story.formData).toMatchObject({ childName: "Mia", age: 5, theme: "Animals", artStyle: "storybook" });

    await expect(
      page.getByTestId("progress-panel"),
      "the page must show the book while it is still being made (a running Workflow must not hold up page requests)",
    ).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: "Step 3 Complete" })).toBeVisible({ timeout: 100_000 });
    const seen = await toasts();
    expect(seen.some((t) => /^Image for page \d+ generated!$/.test(t))).toBe(true);
    await expect(page.getByTestId("progress-panel")).toHaveCount(0);
    await expect(shownPage(page).getByRole("img")).toHaveAttribute("src", new RegExp(`^/api/images/${bookId}/\\d+/page-1\\.png(\\?.*)?$`));
    await turnEveryPage(page, 24);
  });

  test("a book is private to the visitor who made it; /youraistory opens the newest one", async ({ page, browser }) => {
    const bookId = await testBook(page, FORM);
    const mine = await page.goto(`/youraistory/${bookId}`);
    expect(mine?.status()).toBe(200);
    await page.goto("/youraistory");
    await expect(page).toHaveURL(new RegExp(`/youraistory/${bookId}$`));

    const other = await browser.newContext();
    const stranger = await other.newPage();
    const res = await stranger.goto(`/youraistory/${bookId}`);
    expect(res?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
    await stranger.goto("/youraistory");
    await expect(stranger).toHaveURL(/\/createstory$/);
    await other.close();
  });

  test("an unknown book id is the not-found page (404)", async ({ page }) => {
    const res = await page.goto("/youraistory/Zz9NoSuchBook000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page wandered off");
  });
});
