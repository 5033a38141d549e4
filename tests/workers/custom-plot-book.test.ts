import { describe, expect, it } from "vitest";
import { visitor } from "./book-fixtures";

const AARAV = {
  childName: "Aarav",
  age: 8,
  gender: "boy",
  authorName: "Dada",
  theme: "My own story",
  storyDescription: "",
  plotOutline:
    "Aarav and his sister Zoe build a robot called Bolt for the school fair. Bolt falls off the table and breaks the night before. Aarav says sorry, and they fix Bolt together with Dada's toolbox. Bolt wins a prize for teamwork.",
  length: "medium",
  moralLesson: "Saying sorry makes things better.",
  specialElements: "",
  artStyle: "storybook",
};

describe("a book from the custom page's plot", () => {
  it("tells the parent's events in their order, with no placeholder", { timeout: 120_000 }, async () => {
    const { call } = await visitor();
    const made = await call("/api/test/books", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://example.com" },
      body: JSON.stringify(AARAV),
    });
    expect(made.status).toBe(201);
    const { bookId } = await made.json<{ bookId: string }>();
    const book = await (await call(`/api/books/${bookId}`)).json<{ title: string; pages: { pageNumber: number; content: string }[] }>();
    const story = book.pages.filter((p) => p.pageNumber >= 3).map((p) => p.content);
    const at = (re: RegExp) => story.findIndex((t) => re.test(t));
    const order = [
      /built a robot called Bolt for the school fair/,
      /Bolt fell off the table and broke/,
      /said sorry/,
      /Dada’s toolbox/,
      /won a prize for teamwork/,
    ].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect([book.title, ...story].join(" ")).not.toMatch(/my own story/i);
  });
});
