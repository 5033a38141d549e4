import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:8833";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  let n = 0;
  await page.routeWebSocket(/\/api\/nino\//, (ws) => {
    const now = () => new Date().toISOString();
    ws.onMessage((raw) => {
      const f = JSON.parse(String(raw));
      if (f.type === "hello") {
        ws.send(JSON.stringify({ type: "history", sessionId: "x", childName: f.childName ?? "Friend", messages: [], flow: "simple_story", step: "greeting", storyData: {} }));
        ws.send(JSON.stringify({ type: "nino_message", id: "n0", content: "Good afternoon, Friend! I'm Nino. Shall we make up a story together? What's the name of our hero?", emotion: "excited", flow: "simple_story", step: "character_name", timestamp: now() }));
      }
      if (f.type === "user_message") {
        n++;
        ws.send(JSON.stringify({ type: "status", status: "thinking" }));
        ws.send(JSON.stringify({ type: "user_message", message: { id: "u" + n, type: "user", content: f.text, timestamp: now(), emotion: "neutral" } }));
        ws.send(JSON.stringify({ type: "typing", on: true }));
        setTimeout(() => {
          ws.send(JSON.stringify({ type: "nino_message", id: "n" + n, content: "Mia! What a lovely name. How old is Mia?", emotion: "curious", flow: "simple_story", step: "character_age", timestamp: now(), suggestions: ["5", "6", "7", "8"] }));
          ws.send(JSON.stringify({ type: "status", status: "idle" }));
        }, 400);
      }
    });
  });
  await page.goto(base + "/");
  await page.screenshot({ path: `/tmp/n3-shots/home-${width}.png` });
  await page.getByTestId("nino-button").click();
  await page.getByRole("button", { name: "Type Messages Instead" }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/n3-shots/start-${width}.png` });
  await page.getByRole("button", { name: "Type Messages Instead" }).click();
  await page.getByLabel("Your message to Nino").fill("Mia");
  await page.keyboard.press("Enter");
  await page.getByText("How old is Mia?").waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/n3-shots/chat-${width}.png` });
  await page.close();
}

await browser.close();
