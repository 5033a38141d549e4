import { seriousViolations } from "./axe";
import { expect, test, type BrowserContext, type Page } from "./fixtures";
import { installVoiceFakes } from "./nino-voice-fakes";

/**
 * Nino in the browser, against the real Worker (`wrangler dev`): the panel talks to the
 * conversation's Durable Object over the WebSocket, with the scripted replies (no keys).
 */

const CONSENT = "story-app-cookie-consent";
const VOICE_ENDED = "Voice mode ended. You can still type to continue our conversation!";

/** The cookie banner is somebody else's test: start with a choice made. */
async function consentChosen(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: CONSENT, value: "denied", url: baseURL ?? "http://127.0.0.1" }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await consentChosen(context, baseURL);
});

async function openPanel(page: Page, path = "/") {
  await page.goto(path);
  await page.getByTestId("nino-button").click();
  const panel = page.getByRole("dialog", { name: "Nino" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("nino-status")).not.toHaveText(/Waking up|Reconnecting/);
  // Nino's greeting (or the conversation so far) has arrived.
  await expect(panel.getByTestId("nino-message").first()).toBeVisible();
  return panel;
}

/** Nino's messages so far. */
function ninoMessages(page: Page) {
  return page.getByTestId("nino-log").getByTestId("nino-message");
}

/** The child's messages so far. */
function userMessages(page: Page) {
  return page.getByTestId("nino-log").getByTestId("nino-user-message");
}

/** Types a message and waits for Nino's answer to it. */
async function say(page: Page, text: string) {
  const before = await ninoMessages(page).count();
  const input = page.getByLabel("Your message to Nino");
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press("Enter");
  await expect(userMessages(page).filter({ hasText: text }).last()).toBeVisible();
  await expect.poll(() => ninoMessages(page).count()).toBeGreaterThan(before);
  await expect(input).toBeEnabled();
}

const STORY_ANSWERS: Record<string, string> = {
  greeting: "Yes, let's make a story!",
  character_name: "Mia",
  character_age: "6",
  setting: "a magical forest",
  theme: "Space",
  plot: "she finds a lost star and takes it home",
  moral: "kindness matters",
  art_style: "Watercolour",
  review: "Yes, make my story!",
};

test.describe("Nino, typed", () => {
  test("a child types a whole story with Nino and lands on a prefilled /createstory", async ({ page }) => {
    // Ten turns with the Durable Object, then the form's page: room for a busy machine.
    test.setTimeout(60_000);
    const panel = await openPanel(page);
    await expect(panel.getByTestId("nino-start")).toBeVisible();
    await panel.getByRole("button", { name: "Type Messages Instead" }).click();
    await expect(page.getByLabel("Your message to Nino")).toBeFocused();
    await expect(ninoMessages(page).first()).toBeVisible();

    // Empty and whitespace-only messages cannot be sent.
    await page.getByLabel("Your message to Nino").fill("   ");
    await expect(panel.getByRole("button", { name: "Send message" })).toBeDisabled();

    const log = page.getByTestId("nino-log");
    for (let turn = 0; turn < 14 && !page.url().includes("/createstory"); turn++) {
      const step = (await log.getAttribute("data-step")) ?? "greeting";
      const answer = STORY_ANSWERS[step];
      expect(answer, `an answer for step ${step}`).toBeDefined();
      const before = await ninoMessages(page).count();
      await page.getByLabel("Your message to Nino").fill(answer);
      await page.getByLabel("Your message to Nino").press("Enter");
      await expect.poll(async () => page.url().includes("/createstory") || (await ninoMessages(page).count()) > before, { timeout: 20_000 }).toBe(true);
    }
    await expect(page).toHaveURL(/\/createstory\?from=nino/);
    await expect(page.getByTestId("nino-filled-note")).toHaveText("Nino helped fill this in.");
    await expect(page.locator('input[name="childName"]')).toHaveValue("Mia");
    await expect(page.locator('input[name="age"]:checked')).toHaveValue("6");
    await expect(page.locator('input[name="themeChoice"]:checked')).toHaveValue("Space");
    await expect(page.locator('[name="storyDescription"]')).toHaveValue(/magical forest/i);
    await expect(page.locator('[name="storyDescription"]')).toHaveValue(/lost star/i);
    await expect(page.locator('[name="moralLesson"]')).toHaveValue(/kindness matters/i);
    await expect(page.locator('input[name="artStyle"]:checked')).toHaveValue("watercolor");
  });

  test("a reload keeps the conversation", async ({ page }) => {
    // two page loads and three turns: room for a busy machine
    test.setTimeout(60_000);
    await openPanel(page);
    await page.getByRole("button", { name: "Type Messages Instead" }).click();
    await say(page, "Yes, let's make a story!");
    await say(page, "Rosie");
    const count = await page.getByTestId("nino-log").locator("> *").count();
    await page.reload();
    const panel = await openPanel(page);
    await expect(panel.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await expect(userMessages(page).filter({ hasText: "Rosie" })).toBeVisible();
    await expect.poll(() => page.getByTestId("nino-log").locator("> *").count()).toBe(count);
  });

  test("a sad child gets comfort", async ({ page }) => {
    await openPanel(page);
    await page.getByRole("button", { name: "Type Messages Instead" }).click();
    await say(page, "I feel sad today");
    await expect(page.getByTestId("nino-log")).toHaveAttribute("data-flow", "emotional_support");
    await expect(ninoMessages(page).last().getByTestId("nino-badge")).toHaveText(/Gentle/);
  });

  test("a child starts a learning game", async ({ page }) => {
    await openPanel(page);
    await page.getByRole("button", { name: "Type Messages Instead" }).click();
    await say(page, "Can we play a learning game?");
    await expect(page.getByTestId("nino-log")).toHaveAttribute("data-flow", "learning_activity");
    // The games are offered as quick replies or named in the reply.
    await expect(ninoMessages(page).last()).toContainText(/game|find|draw|memory/i);
  });

  test("on /createstory: 'Make it up with Nino' opens the panel with Start Over and Create Story Now", async ({ page }) => {
    await page.goto("/createstory");
    await expect(page.getByTestId("nino-button")).toHaveCount(0);
    const opener = page.getByRole("button", { name: "Make it up with Nino" });
    await opener.click();
    const panel = page.getByRole("dialog", { name: "Nino" });
    await expect(panel.getByRole("button", { name: "Start Over" })).toBeVisible();
    await panel.getByRole("button", { name: "Type Messages Instead" }).click();
    await say(page, "Yes, let's make a story!");
    await say(page, "Theo");
    await say(page, "5");
    await panel.getByRole("button", { name: "Create Story Now" }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/createstory\?from=nino/);
    await expect(page.getByTestId("nino-filled-note")).toBeVisible();
    await expect(page.locator('input[name="childName"]')).toHaveValue("Theo");
    await expect(page.locator('input[name="age"]:checked')).toHaveValue("5");
  });
});

test.describe("Nino, by voice (scripted speech recognition and synthesis)", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installVoiceFakes);
  });

  test("a low-confidence result asks to repeat; 'goodbye' ends voice mode", async ({ page }) => {
    const panel = await openPanel(page);
    await panel.getByRole("button", { name: "Start Voice Conversation" }).click();
    await expect(panel.getByTestId("nino-voice-bar")).toBeVisible();
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);

    // 0.3 x 1.1 is under 0.7 (the configured 6-8 age range): not sent, Nino asks again.
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ text: "a purple dragon", confidence: 0.3 }));
    await expect(page.getByTestId("nino-log").getByText("Could you please repeat that?")).toBeVisible();
    await expect(userMessages(page).filter({ hasText: "a purple dragon" })).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __tts: { spoken: string[] } }).__tts.spoken))
      .toContain("Could you please repeat that?");

    // Listening starts again after Nino has spoken; a clear answer is sent as the child's message.
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ text: "Yes, let's make a story!", confidence: 0.9 }));
    await expect(userMessages(page).filter({ hasText: "Yes, let's make a story!" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __tts: { spoken: string[] } }).__tts.spoken.length)).toBeGreaterThan(1);

    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/, { timeout: 10_000 });
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ text: "goodbye", confidence: 0.95 }));
    await expect(page.getByTestId("nino-log").getByText(VOICE_ENDED)).toHaveCount(1);
    await expect(panel.getByTestId("nino-voice-bar")).toBeHidden();
    await expect(page.getByLabel("Your message to Nino")).toBeEnabled();
  });

  test("muted, Nino speaks at volume 0; unmuted, at his emotion's volume", async ({ page }) => {
    const panel = await openPanel(page);
    await panel.getByRole("button", { name: "Mute Nino" }).click();
    await expect(panel.getByRole("button", { name: "Unmute Nino" })).toHaveAttribute("aria-pressed", "true");
    await panel.getByRole("button", { name: "Start Voice Conversation" }).click();
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ text: "mumble", confidence: 0.1 }));
    const volumes = () => page.evaluate(() => (window as unknown as { __tts: { volumes: number[] } }).__tts.volumes.map((v) => Math.round(v * 100) / 100));
    await expect.poll(volumes).toEqual([0]);
    await panel.getByRole("button", { name: "Unmute Nino" }).click();
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ text: "mumble", confidence: 0.1 }));
    // 'Could you please repeat that?' is said gently: volume 0.7.
    await expect.poll(volumes).toEqual([0, 0.7]);
  });

  test("silence is retried 3 times, 2 s apart, then Nino suggests typing", async ({ page }) => {
    const panel = await openPanel(page);
    await panel.getByRole("button", { name: "Start Voice Conversation" }).click();
    for (let i = 1; i <= 4; i++) {
      await expect.poll(() => page.evaluate(() => (window as unknown as { __stt: { started: number } }).__stt.started)).toBe(i);
      await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ error: "no-speech" }));
    }
    await expect(page.getByTestId("nino-log").getByText("I'm having trouble with voice mode. Let's try typing instead!")).toBeVisible();
    await expect(panel.getByTestId("nino-voice-bar")).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __stt: { started: number } }).__stt.started)).toBe(4);
  });

  test("a network error is announced as 'Error: …', kept in the error history, and typing takes over", async ({ page }) => {
    const panel = await openPanel(page);
    await panel.getByRole("button", { name: "Start Voice Conversation" }).click();
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);
    await page.evaluate(() => (window as unknown as { __stt: { queue: unknown[] } }).__stt.queue.push({ error: "network" }));
    await expect(panel.getByTestId("nino-error")).toHaveText("Error: 🙈 I'm having trouble connecting. Let me try again in a moment.");
    await expect(page.getByLabel("Your message to Nino")).toBeFocused();
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem("story-app-nino-errors") ?? "[]"));
    expect(history).toEqual([
      expect.objectContaining({ type: "network-error", severity: "high", message: "Network connection required for voice recognition", resolved: false }),
    ]);
  });

  test("without speech recognition or a transcription key, voice goes straight to typing", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    const panel = await openPanel(page);
    await panel.getByRole("button", { name: "Start Voice Conversation" }).click();
    await expect(page.getByTestId("nino-log").getByText("I'm having trouble with voice mode. Let's try typing instead!")).toBeVisible();
    await expect(page.getByLabel("Your message to Nino")).toBeFocused();
  });
});

test.describe("Nino's keyboard shortcuts and accessibility", () => {
  test("Ctrl+H help, Ctrl+S settings, Ctrl+M mute, Ctrl+T text, Ctrl+V voice, Space, Escape; focus returns", async ({ page }) => {
    await page.addInitScript(installVoiceFakes);
    await page.goto("/");
    const button = page.getByTestId("nino-button");
    // the button stays invisible (and cannot take focus) until its place above the cookie banner is known
    await expect(button).toBeVisible();
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Nino" });
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();

    await page.keyboard.press("Control+h");
    await expect(panel.getByTestId("nino-help")).toBeVisible();
    await expect(panel.getByTestId("nino-help")).toContainText("Ctrl + M");
    await page.keyboard.press("Control+s");
    await expect(panel.getByTestId("nino-settings")).toBeVisible();
    await panel.getByLabel("Child's name").fill("Ada");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByTestId("nino-settings")).toBeHidden();

    await panel.focus();
    await page.keyboard.press("Control+m");
    await expect(panel.getByRole("button", { name: "Unmute Nino" })).toBeVisible();
    await page.keyboard.press("Control+m");
    await expect(panel.getByRole("button", { name: "Mute Nino" })).toBeVisible();

    await page.keyboard.press("Control+t");
    const input = page.getByLabel("Your message to Nino");
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("placeholder", "Type your message, Ada...");

    await panel.focus();
    await page.keyboard.press("Control+v");
    await expect(panel.getByTestId("nino-voice-bar")).toBeVisible();
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);
    await panel.focus();
    await page.keyboard.press(" ");
    await expect(panel.getByTestId("nino-status")).not.toHaveText(/Listening/);
    await page.keyboard.press(" ");
    await expect(panel.getByTestId("nino-status")).toHaveText(/Listening/);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("Enter on the start screen starts talking", async ({ page }) => {
    await page.addInitScript(installVoiceFakes);
    const panel = await openPanel(page);
    await panel.focus();
    await page.keyboard.press("Enter");
    await expect(panel.getByTestId("nino-voice-bar")).toBeVisible();
  });

  test("the open panel passes axe and every control is labelled", async ({ page }) => {
    // two whole axe checks of the open panel: about 17 s alone on this project's machine, more
    // beside another worker, so this test gets twice the usual time
    test.setTimeout(60_000);
    const panel = await openPanel(page);
    expect(await seriousViolations(page, { within: ['[data-testid="nino-panel"]'] })).toEqual([]);
    await expect(panel.getByRole("log", { name: "Conversation with Nino" })).toHaveAttribute("aria-live", "polite");
    await panel.getByRole("button", { name: "Type Messages Instead" }).click();
    expect(await seriousViolations(page, { within: ['[data-testid="nino-panel"]'] })).toEqual([]);
  });
});

test.describe("where the Nino button shows", () => {
  for (const path of ["/", "/about", "/nino-demo", "/faq"]) {
    test(`present on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId("nino-button")).toBeVisible();
    });
  }
  for (const path of ["/createstory", "/customstory", "/youraistory", "/story/some-slug", "/modify-story/abc123", "/test/custom-story-data"]) {
    test(`hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      // the button appears only once the page is interactive: wait for that before looking
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("nino-button")).toHaveCount(0);
    });
  }

  test("if the button's code cannot be fetched, the page stays as it is and the button comes once back online", async ({ page, context }) => {
    const launcher = /\/assets\/NinoLauncher-[^/]+\.js$/;
    await page.route(launcher, (route) => route.abort("internetdisconnected"));
    const failed = page.waitForEvent("requestfailed", (request) => launcher.test(request.url()));
    await page.goto("/");
    await failed;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(page.getByTestId("nino-button")).toHaveCount(0);

    await page.unroute(launcher);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByTestId("nino-button")).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });

  test("/nino-demo's big button opens the panel", async ({ page }) => {
    await page.goto("/nino-demo");
    await page.getByRole("button", { name: "Talk to Nino" }).first().click();
    await expect(page.getByRole("dialog", { name: "Nino" })).toBeVisible();
  });
});
