import { describe, expect, it } from "vitest";
import { reviewed } from "~/domain/story/writer";
import { asSent, keptOf } from "../fixtures/briefs/measure";
import { PARENT_BRIEFS } from "../fixtures/briefs/parents";

// The parents' own briefs (tests/fixtures/briefs/parents.json): what a parent named is in the
// book, and their plot's events are told in their order.
describe("the parents' briefs", () => {
  const books = PARENT_BRIEFS.map((entry) => ({ entry, book: reviewed(asSent(entry), `parents-${entry.id}`) }));

  it("keep 95% or more of the people, things and places the parents named, and 90% of their events in order", () => {
    let named = 0;
    let namedAll = 0;
    let events = 0;
    let eventsAll = 0;
    for (const { entry, book } of books) {
      const kept = keptOf(entry, book.story);
      named += kept.named.found;
      namedAll += kept.named.all;
      events += kept.events.found;
      eventsAll += kept.events.all;
    }
    expect(named / namedAll).toBeGreaterThanOrEqual(0.95);
    expect(events / eventsAll).toBeGreaterThanOrEqual(0.9);
  });

  it("never print a placeholder, a field name or the form's default theme", () => {
    for (const { entry, book } of books) {
      const all = [book.story.title, ...book.story.pages.map((p) => p.content)].join(" ");
      expect(all, entry.id).not.toMatch(/my own story|something else|\[child ?name\]|storyDescription|plotOutline|undefined/i);
    }
  });

  it("books made from a plot have no slips the checker finds", () => {
    const plotted = books.filter(({ entry }) => entry.brief.theme === "My own story");
    expect(plotted.length).toBeGreaterThan(10);
    for (const { entry, book } of plotted) expect(book.findings, entry.id).toEqual([]);
  });
});
