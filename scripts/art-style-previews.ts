// The art-style previews of the creation form (public/art-styles/{style}.webp): the offline
// illustrator's drawStylePreview(style), rasterised by resvg exactly as the book's pages are, then
// turned into a small WebP by Chromium's encoder. Run it again after the illustrator changes:
//   npx tsx scripts/art-style-previews.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { chromium } from "@playwright/test";
import { artStylePreviewUrl } from "../app/domain/story/art-styles-ui";
import { ART_STYLES, drawStylePreview } from "../app/domain/story/illustrator";

const SIZE = 400;
const QUALITY = 0.82;
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");

await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  for (const style of ART_STYLES) {
    // Drawn large and scaled down once, so fine lines stay crisp.
    const png = new Resvg(drawStylePreview(style.id, 1024), { fitTo: { mode: "width", value: SIZE * 2 } }).render().asPng();
    const webp = await page.evaluate(
      async ([b64, size, quality]) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext("2d")!;
        ctx.imageSmoothingQuality = "high";
        ctx.drawImage(img, 0, 0, size, size);
        return canvas.toDataURL("image/webp", quality).split(",")[1];
      },
      [Buffer.from(png).toString("base64"), SIZE, QUALITY] as const,
    );
    const file = path.join(root, "public", artStylePreviewUrl(style.id));
    mkdirSync(path.dirname(file), { recursive: true });
    const bytes = Buffer.from(webp, "base64");
    writeFileSync(file, bytes);
    console.log(`${path.relative(root, file)}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
