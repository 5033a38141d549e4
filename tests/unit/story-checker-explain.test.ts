import { describe, expect, it } from "vitest";
import { checkBook } from "~/domain/story/checker";
import { explainFinding } from "~/domain/story/checker/explain";

const explained = (...pages: string[]) =>
  checkBook({ pages: pages.map((text) => ({ text })), hero: { name: "Mia", kind: "person", pronoun: "she" }, characters: [] }).map(explainFinding);

describe("a finding in words a writer can act on", () => {
  it.each([
    ["Mia was a eight-year-old girl with a big laugh.", "'a eight-year-old' should be 'an eight-year-old'"],
    ["She found an unicorn in the garden.", "'an unicorn' should be 'a unicorn'"],
    ["Grandma gave Mia a 8-piece puzzle.", "'a 8-piece' should be 'an 8-piece'"],
    ["A owl hooted from the old oak tree.", "'A owl' should be 'An owl'"],
  ])("names the article's words as printed and as they should be: %s", (page, words) => {
    expect(explained(page)).toEqual([words]);
  });

  it("says what to do about the other slips", () => {
    expect(explained("Mia ran to the big red gate by the pond.", "Mia ran to the big red gate by the pond.")).toEqual([
      "this sentence is already on another page: say it in other words",
    ]);
    expect(explained("Mia walked to the park. She is happy.")).toEqual(["present “is” in past-tense narration: tell the narration in the past tense"]);
  });
});
