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
 * A finished book of the page's owner (visitor or signed-in parent), made in one request by
 * POST /api/test/books (outside production only): the real offline writer, plain quick pictures, the
 * book Workflow's own steps, charged like any book. For tests whose subject is not making the book.
 */
export async function testBook(page: Page, form: BookForm): Promise<string> {
  const res = await page.request.post("/api/test/books", { data: form, timeout: 30_000 });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { bookId: string }).bookId;
}
