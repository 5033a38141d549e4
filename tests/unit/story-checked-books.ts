import { beforeAll, describe, expect, it } from "vitest";
import { checkedBooks, type CheckedBook } from "../fixtures/briefs/measure";

// thousands of books a file: minutes on a busy machine are allowed, not hours
const MANY = 180_000;

const shown = (b: CheckedBook) => b.findings.map((f) => `brief ${b.index} (${b.telling}), page ${f.page + 1}, ${f.rule}: ${f.detail}: ${f.sentence}`);

/**
 * The checker over every book of varied briefs `from` to `to`, and each book's grade against its
 * reading band: both tellings, the adventure and the parent's own plot, are held to no finding and
 * to the band.
 */
export function describeCheckedBooks(from: number, to: number): void {
  describe(`the books of varied briefs ${from} to ${to - 1}, as the checker and the reading bands read them`, () => {
    let books: CheckedBook[] = [];
    beforeAll(() => {
      books = checkedBooks(from, to);
    }, MANY);

    it("both tellings are among them", () => {
      expect(books.filter((b) => b.telling === "adventure").length).toBeGreaterThan((to - from) / 2);
      expect(books.filter((b) => b.telling === "plot").length).toBeGreaterThan((to - from) / 5);
    });

    it("no book has a checker finding", () => {
      expect(books.flatMap(shown)).toEqual([]);
    });

    it("every book reads inside its reading band's grade range", () => {
      const outside = books.filter((b) => b.outside > 0).map((b) => `brief ${b.index} (${b.telling}), band ${b.band}: grade ${b.grade.toFixed(2)}`);
      expect(outside).toEqual([]);
    });
  });
}
