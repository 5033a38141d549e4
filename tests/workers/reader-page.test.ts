import { describe, expect, it } from "vitest";
import { finishedBook } from "./book-fixtures";
import { browser } from "./claim-helpers";

// The owner's reader page (/youraistory/{bookId}) carries what the reader shows, and not the
// writer's prompt, its raw answer, the whole story text or the model's log; the API still has them.
// Its pictures are square copies in a phone's size.

const PROMPT = "Write a bedtime story for Mia (prompt-marker-7f3a)";
const RESPONSE = '{"title":"Mia and the Moon Picnic","note":"response-marker-91c2"}';
const CONTENT = "The whole story in one piece (content-marker-5d0e)";
const LOG = "log-marker-2b8f";

describe("the reader's page", () => {
  it("shows the pages but leaves the prompt, the raw answer, the story text and the log on the server", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId, {
      storyPrompt: PROMPT,
      storyResponse: RESPONSE,
      storyContent: CONTENT,
      gptInteractions: JSON.stringify([{ role: "assistant", content: LOG }]),
    });

    const page = await owner.call(`/youraistory/${bookId}?page=3`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Mia and the Moon Picnic");
    expect(html).toContain("Page 3: Mia packs a picnic for the moon.");
    for (const marker of ["prompt-marker-7f3a", "response-marker-91c2", "content-marker-5d0e", LOG]) expect(html).not.toContain(marker);

    // the book's API answer is unchanged
    const api = await owner.call(`/api/books/${bookId}`);
    expect(api.status).toBe(200);
    const book = (await api.json()) as { story: { prompt: string; response: string; content: string }; gptInteractions: unknown[] };
    expect(book.story).toMatchObject({ prompt: PROMPT, response: RESPONSE, content: CONTENT });
    expect(JSON.stringify(book.gptInteractions)).toContain(LOG);
  });

  it("asks for every page's picture as a square copy in a phone's size, up to the full 1024 px for sharp screens", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    const html = await (await owner.call(`/youraistory/${bookId}?page=5`)).text();
    const img = html.match(/<img [^>]*alt="Picture[^>]*>/)?.[0] ?? "";
    const picture = `/api/images/${bookId}/1/page-5.png`;
    expect(img).toContain(`src="${picture}?sq=640"`);
    expect(img).toContain(`srcSet="${picture}?sq=480 480w, ${picture}?sq=640 640w, ${picture}?sq=1024 1024w"`);
    expect(img).toContain('sizes="(min-width: 1024px) 32rem, (min-width: 680px) 38rem, calc(100vw - 3.25rem)"');
  });
});
