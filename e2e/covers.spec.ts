import { signedInParent, uniqueEmail } from "./accounts";
import { testBook, type BookForm } from "./books";
import { expect, test, type Page } from "./fixtures";
import { ninoButtonHidden } from "../app/components/nino/visibility";

/**
 * Nothing that floats (the dock's status, Nino button and cookie banner, toasts, the pages' sticky
 * bars) covers a control, and a phone shows a reader's page whole. Each width walks every page in
 * one browser page: for each visible control, focused as Tab would focus it (or scrolled to, when it
 * takes no focus), the point at its centre must be the control itself.
 */

// the oldest readers: the longest pages
const FORM: BookForm = {
  childName: "Ravi",
  age: 12,
  gender: "boy",
  authorName: "Grandad",
  theme: "Space",
  storyDescription: "Ravi builds a telescope from cardboard and spots a comet nobody has named yet.",
  moralLesson: "Patience turns small steps into big discoveries.",
  specialElements: "a cardboard telescope, a sleepy cat",
  artStyle: "storybook",
};

/** The most words a story page has: the oldest readers' long story (the writer's prompt asks 70–120, ×1.5). */
const LONGEST_PAGE_WORDS = 180;
const SENTENCE = "Noor and the little hedgehog walked slowly under the tall autumn trees, counting the golden leaves that floated down like tiny boats.";
const LONG_TEXT = `${Array.from({ length: 10 }, () => SENTENCE)
  .join(" ")
  .split(" ")
  .slice(0, LONGEST_PAGE_WORDS)
  .join(" ")
  .replace(/[.,]$/, "")}.`;

const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/real-stories",
  "/createstory",
  "/customstory",
  "/about",
  "/faq",
  "/contact",
  "/terms",
  "/returns",
  "/cookies",
  "/privacy",
  "/sitemap",
  "/blog",
  "/blog/making-bedtime-stories-a-ritual",
  "/nino-demo",
  "/nino-friendship",
  "/newsletter",
  "/auth/login",
  "/auth/signup",
  "/auth/forgot-password",
  "/no-such-page",
];
const SIGNED_IN_PAGES = [
  "/library",
  "/myaccount",
  "/profile",
  "/profile/privacy",
  "/myorders",
  "/mysubscriptions",
  "/user-credits",
  "/checkout?plan=family-pack&country=GB",
];

interface Covered {
  page: string;
  control: string;
  under: string;
}

/** Every visible control of the page that something floating covers once it is focused or scrolled to. */
async function coveredControls(page: Page, path: string): Promise<Covered[]> {
  const found = await page.evaluate(() => {
    const floating = (el: Element | null): Element | null => {
      for (let e = el; e; e = e.parentElement) {
        const { position } = getComputedStyle(e);
        if (position === "fixed" || position === "sticky") return e;
      }
      return null;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    const out: { control: string; under: string }[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])');
    for (const el of controls) {
      // not drawn (a closed disclosure, display or visibility hidden), or hidden from everyone
      if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }) || el.closest('[inert], [aria-hidden="true"]')) continue;
      const first = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (first.width < 4 || first.height < 4 || style.visibility === "hidden") continue;
      // as Tab would bring it into view; a control that takes no focus is scrolled to
      el.focus({ preventScroll: false });
      if (document.activeElement !== el) el.scrollIntoView({ block: "nearest" });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // a control wider than the window, or in a sideways scroller, is not this test's business
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      const over = floating(hit);
      if (over && !over.contains(el)) out.push({ control: name(el), under: name(over).slice(0, 60) });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return out;
  });
  return found.map((f) => ({ page: path, ...f }));
}

/** Opens a page and waits for what floats on it: the Nino button where it shows. */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (!ninoButtonHidden(new URL(path, "http://x").pathname)) await expect(page.getByTestId("nino-button")).toBeVisible({ timeout: 10_000 });
  // the first health check's short-lived "Checking connection" has given way: the bars above the
  // dock move up with it a frame later, which one synchronous walk of the controls would not see
  await expect(page.getByText("Checking connection")).toHaveCount(0, { timeout: 10_000 });
}

/** A parent with a finished book shared with a grandparent, who is signed in now. */
async function family(page: Page, owner: string): Promise<{ bookId: string; shared: string }> {
  const grandma = uniqueEmail("grandma");
  await signedInParent(page, { email: owner, firstName: "Olivia" });
  const bookId = await testBook(page, FORM);
  expect((await page.request.post(`/api/books/${bookId}/shares`, { data: { email: grandma } })).status()).toBe(201);
  await signedInParent(page, { email: grandma, firstName: "Ann" });
  await page.goto("/library");
  const shared = await page.locator('a[href^="/shared/"]').first().getAttribute("href");
  expect(shared).toBeTruthy();
  return { bookId, shared: shared! };
}

for (const width of [390, 1280]) {
  test(`at ${width} px nothing floating covers a control or the focused one, on any page`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
    const started = Date.now();
    const covered: Covered[] = [];
    // with the cookie banner (no choice is stored while walking)
    for (const path of PUBLIC_PAGES) {
      await open(page, path);
      covered.push(...(await coveredControls(page, path)));
    }
    // the grandparent's shared reader, then the owner's pages
    const owner = uniqueEmail("owner");
    const { bookId, shared } = await family(page, owner);
    const walk = async (paths: string[]) => {
      for (const path of paths) {
        await open(page, path);
        covered.push(...(await coveredControls(page, path)));
      }
    };
    await walk([shared, `${shared}?page=24`]);
    await signedInParent(page, { email: owner, firstName: "Olivia" });
    await walk([`/youraistory/${bookId}`, `/youraistory/${bookId}?page=24`, `/modify-story/${bookId}`, ...SIGNED_IN_PAGES]);
    expect(covered).toEqual([]);
    test.info().annotations.push({ type: "time", description: `${Date.now() - started} ms for ${PUBLIC_PAGES.length + SIGNED_IN_PAGES.length + 5} pages` });
  });
}

test("the cookie banner's Decline works from its first paint, before the page's scripts", async ({ page }) => {
  // the page's scripts come late: the press lands before them
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 4_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/pricing", { waitUntil: "commit" });
  const banner = page.getByTestId("cookie-banner");
  await banner.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === "story-app-cookie-consent")?.value).toBe("denied");
});

/** Where the page's words, picture and turn bar are, and whether all of them are in view at once. */
async function readerView(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("body > header");
    const headerBottom = header && getComputedStyle(header).position === "sticky" ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const dock = document.getElementById("dock")?.getBoundingClientRect();
    const fullscreen = document.querySelector('[data-fullscreen]:not([data-fullscreen="off"])');
    const bottom = fullscreen || !dock ? innerHeight : Math.min(innerHeight, dock.top);
    const top = fullscreen ? 0 : headerBottom;
    const article = document.querySelector('[data-testid="book"] article')!;
    const picture = article.querySelector("figure img, figure [data-testid='picture-placeholder']")!.getBoundingClientRect();
    const words = article.querySelector(":scope > div")!;
    const wordsBox = words.getBoundingClientRect();
    const bar = document.querySelector('nav[aria-label="Turn the pages"]')!.getBoundingClientRect();
    const counter = document.querySelector('[data-testid="page-indicator"] [aria-hidden="true"]')!;
    const inView = (r: DOMRect) => r.top >= top - 1 && r.bottom <= bottom + 1 && r.left >= -1 && r.right <= innerWidth + 1;
    return {
      page: article.getAttribute("data-page"),
      picture: Math.round(Math.min(picture.width, picture.height)),
      pictureInView: inView(picture),
      wordsInView: inView(wordsBox),
      // every word drawn inside its box: nothing left to scroll to
      wordsWhole: words.scrollHeight <= words.clientHeight + 1,
      barInView: inView(bar),
      // the bar does not sit over the words
      barBelowWords: bar.top >= wordsBox.bottom - 1 || bar.left >= wordsBox.right - 1,
      counterLines: counter.getClientRects().length,
      // the dock's short-lived status (e.g. "Connected" after a reconnect) takes height while it shows
      docked: Math.round(dock?.height ?? 0),
      wordSize: Number.parseFloat(getComputedStyle(words.querySelector("p") ?? words).fontSize),
    };
  });
}

test("on a phone, upright and sideways, a page's picture and all its words show at once, the longest too; in full screen a page's too", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // turns scroll the book into view at once, not smoothly
  await page.emulateMedia({ reducedMotion: "reduce" });
  await context.addCookies([{ name: "story-app-cookie-consent", value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
  await signedInParent(page);
  const bookId = await testBook(page, FORM);
  const edit = await page.request.post(`/modify-story/${bookId}`, { form: { field: "page", pageNumber: "5", text: LONG_TEXT } });
  expect(edit.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/youraistory/${bookId}?page=4`);
  // the short-lived "Connected" has had its 3 s
  await expect(page.getByTestId("connection-status")).toBeHidden({ timeout: 8_000 });
  const next = page.getByRole("button", { name: "Next page" });
  const previous = page.getByRole("button", { name: "Previous page" });
  const expectWhole = async (pageNumber: string, minPicture: number) => {
    // the page settles within a few frames of its turn, and once a short-lived status has gone
    await expect
      .poll(
        async () => {
          const v = await readerView(page);
          // on a busy machine the picture takes its size a few frames after the words
          return v.wordsWhole && v.page === pageNumber && v.docked === 0 && v.picture >= minPicture
            ? "settled"
            : JSON.stringify({ ...v, window: page.viewportSize() });
        },
        { timeout: 8_000 },
      )
      .toBe("settled");
    const view = await readerView(page);
    expect(view, JSON.stringify(view)).toMatchObject({
      page: pageNumber,
      pictureInView: true,
      wordsInView: true,
      wordsWhole: true,
      barInView: true,
      barBelowWords: true,
      counterLines: 1,
    });
    expect(view.picture, JSON.stringify({ ...view, size: page.viewportSize() })).toBeGreaterThanOrEqual(minPicture);
    // the longest page held sideways comes down to about 11 px
    expect(view.wordSize).toBeGreaterThanOrEqual(10.5);
  };

  for (const [width, height, minPicture] of [
    [390, 844, 140],
    [844, 390, 150],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    // a turn from the top of the page brings the book into view; then no page needs a scroll
    await next.click();
    await expectWhole("5", minPicture);
    await previous.click();
    await expectWhole("4", minPicture);
    await page.getByRole("button", { name: "Full screen" }).click();
    await expect(page.getByRole("button", { name: "Exit full screen" })).toBeVisible();
    await expectWhole("4", minPicture);
    await page.getByRole("button", { name: "Exit full screen" }).click();
    await expect(page.getByRole("button", { name: "Full screen" })).toBeVisible();
  }
});
