import { describe, expect, it } from "vitest";
import { editError, editTarget, storyWords, textEditSchema } from "~/domain/story/edit";

describe("textEditSchema", () => {
  it("trims and accepts a title of 1 to 120 characters and page text of 1 to 2000", () => {
    expect(textEditSchema.parse({ field: "title", text: "  Noor and the Owl  " })).toEqual({ field: "title", text: "Noor and the Owl" });
    expect(textEditSchema.parse({ field: "page", pageNumber: "7", text: " Hello. " })).toEqual({ field: "page", pageNumber: 7, text: "Hello." });
    expect(textEditSchema.safeParse({ field: "title", text: "x".repeat(120) }).success).toBe(true);
    expect(textEditSchema.safeParse({ field: "page", pageNumber: 3, text: "y".repeat(2000) }).success).toBe(true);
  });

  it("explains what is wrong in a sentence for beside the field", () => {
    expect(editError({ field: "title", text: "   " })).toBe("Please give the book a title.");
    expect(editError({ field: "title", text: "x".repeat(121) })).toBe("A title can be at most 120 characters.");
    expect(editError({ field: "page", pageNumber: 4, text: "" })).toBe("Please write some words for this page.");
    expect(editError({ field: "page", pageNumber: 4, text: "y".repeat(2001) })).toBe("A page can hold at most 2000 characters.");
    expect(editError({ field: "page", pageNumber: 25, text: "Hi" })).toBe("Choose a page of the book.");
    expect(editError({ field: "page", pageNumber: 2.5, text: "Hi" })).toBe("Choose a page of the book.");
    expect(editError({ field: "page", text: "Hi" })).toBe("Choose a page of the book.");
    expect(editError({ field: "cover", text: "Hi" })).not.toBeNull();
    expect(editError({ field: "page", pageNumber: 4, text: "Fine words." })).toBeNull();
  });

  it("names where a message goes", () => {
    expect(editTarget({ field: "title" })).toBe("title");
    expect(editTarget({ field: "page", pageNumber: 9 })).toBe("page-9");
  });
});

describe("storyWords", () => {
  it("counts the words of the story pages only (3 and up)", () => {
    const pages = [
      { pageNumber: 1, content: "The Title Here" },
      { pageNumber: 2, content: "For Noor, with love" },
      { pageNumber: 3, content: "Once upon a  time." },
      { pageNumber: 24, content: "\nThe end.\n" },
    ];
    expect(storyWords(pages)).toBe(6);
  });
});
