import { expect, type Page } from "./fixtures";

/** The story form's fields as POST /api/books takes them. */
export interface BookForm {
  childName: string;
  age: number;
  gender: string;
  authorName: string;
  theme: string;
  storyDescription: string;
  moralLesson: string;
  specialElements: string;
  artStyle: string;
}

/**
 * Starts a book as the page's visitor (the page's request context shares the browser's cookies), as
 * the story form's script does, and answers its id at once: the book is on the owner's shelf while it
 * is being made.
 */
export async function startedBook(page: Page, form: BookForm): Promise<string> {
  await page.goto("/");
  const created = await page.request.post("/api/books", { data: form });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { bookId: string }).bookId;
}

/**
 * A finished book of the page's owner (visitor or signed-in parent), made in one request by
 * POST /api/test/books (outside production only): the real offline writer, plain quick pictures, the
 * book Workflow's own steps, charged like any book. For tests whose subject is not making the book.
 */
export async function testBook(page: Page, form: BookForm): Promise<string> {
  const res = await page.request.post("/api/test/books", { data: form, timeout: 30_000 });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { bookId: string }).bookId;
}

/**
 * Makes a book as the page's visitor (the page's request context shares the browser's cookies) and
 * waits until it is finished. A busy machine draws slowly, and may hold one request up for a while:
 * each status check has its own timeout and a stuck one counts as "busy", so the poll asks again.
 */
export async function finishedBook(page: Page, form: BookForm, { timeoutMs = 100_000 } = {}): Promise<string> {
  const bookId = await startedBook(page, form);
  const status = async () => {
    try {
      return ((await (await page.request.get(`/api/books/${bookId}`, { timeout: 20_000 })).json()) as { status: string }).status;
    } catch {
      return "busy";
    }
  };
  await expect.poll(status, { timeout: timeoutMs, intervals: [1000, 2000] }).toBe("complete");
  return bookId;
}
