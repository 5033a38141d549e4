import { describe, expect, it } from "vitest";
import { finishedBook, visitor } from "./book-fixtures";

/** The visible words of a stretch of HTML (tags, attributes and hidden inputs left out). */
function words(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The part of the editor's HTML that is page N's card. */
function card(html: string, n: number): string {
  const start = html.indexOf(`data-testid="page-card-${n}"`);
  expect(start, `page ${n}'s card`).toBeGreaterThan(0);
  const next = html.indexOf("<li", start);
  return html.slice(html.indexOf(">", start) + 1, next < 0 ? html.indexOf("</ol>", start) : next);
}

describe("the editor numbers pages as the reader does", () => {
  it("each page card names one number, the reader's, in its heading, field, Save button and picture", async () => {
    const { call, visitorId } = await visitor();
    const bookId = await finishedBook(visitorId);
    const editor = await call(`/modify-story/${bookId}`);
    expect(editor.status).toBe(200);
    const html = await editor.text();

    for (const n of [1, 2, 3, 12, 23, 24]) {
      const reader = await call(`/youraistory/${bookId}?page=${n}`);
      expect(reader.status).toBe(200);
      // the reader's counter for that page: "N / 24"
      const indicator = /data-testid="page-indicator"[^>]*>([\s\S]*?)<\/p>/.exec(await reader.text());
      expect(words(indicator?.[1] ?? "")).toContain(`${n} / 24`);

      const text = words(card(html, n));
      expect(text).not.toContain("Story Page");
      // every "page M" the card says is this page's number; the page's words ("Page 5: Mia …") are not counted
      const said = [...text.replace(/Page \d+: Mia packs a picnic for the moon\./g, "").matchAll(/\bpage (\d+)\b/gi)].map((m) => Number(m[1]));
      expect(said.length, text).toBeGreaterThanOrEqual(3);
      expect(new Set(said), text).toEqual(new Set([n]));
      expect(text).toContain(`Save page ${n}`);
      expect(text).toContain(`Words on page ${n}`);
      expect(card(html, n)).toContain(`alt="The picture on page ${n}"`);
    }
  });
});
