import { describe, expect, it } from "vitest";
import { paragraphs, splitSentences } from "~/domain/story/reader/sentences";

const texts = (s: string) => splitSentences(s).map((x) => x.text);

describe("splitSentences", () => {
  it("splits plain sentences at . ! and ?", () => {
    expect(texts("Mia lived by the wood. Was it dark? It was very dark!")).toEqual(["Mia lived by the wood.", "Was it dark?", "It was very dark!"]);
  });

  it("returns nothing for empty or blank text, and one sentence without an end mark", () => {
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences("   \n ")).toEqual([]);
    expect(texts("The End")).toEqual(["The End"]);
  });

  it("keeps the offsets of each sentence in the source text", () => {
    const text = "  One.  Two!\tThree?";
    const out = splitSentences(text);
    expect(out.map((s) => text.slice(s.start, s.end))).toEqual(["One.", "Two!", "Three?"]);
    expect(out[0].start).toBe(2);
  });

  it("does not end a sentence after a title abbreviation or an initial", () => {
    expect(texts("“Good morning! I am Mr. Hedgehog,” he said. Dr. Bear waved.")).toEqual(["“Good morning!", "I am Mr. Hedgehog,” he said.", "Dr. Bear waved."]);
    expect(texts("She met Mrs. Pumpernickel at St. Ives. They had tea.")).toEqual(["She met Mrs. Pumpernickel at St. Ives.", "They had tea."]);
    expect(texts("A book by J. R. R. Tolkien sat on the shelf. It was old.")).toEqual(["A book by J. R. R. Tolkien sat on the shelf.", "It was old."]);
    expect(texts("Bring snacks, e.g. Apples and pears. Then go.")).toEqual(["Bring snacks, e.g. Apples and pears.", "Then go."]);
  });

  it("ends a sentence after the pronoun I, and after No. unless a number follows", () => {
    expect(texts("So did I. Then we slept.")).toEqual(["So did I.", "Then we slept."]);
    expect(texts("No. I will not go.")).toEqual(["No.", "I will not go."]);
    expect(texts("She lived at No. 5 Lantern Lane. It was yellow.")).toEqual(["She lived at No. 5 Lantern Lane.", "It was yellow."]);
  });

  it("keeps closing quotes with their sentence and does not split before 'she said'", () => {
    expect(texts("Leo knew just what to do. “We’ll help!” she said.")).toEqual(["Leo knew just what to do.", "“We’ll help!” she said."]);
    expect(texts('"Hop in!" said Leo, and off they went. The rocket roared.')).toEqual(['"Hop in!" said Leo, and off they went.', "The rocket roared."]);
    expect(texts("“Hoo! I can see the path again!” she hooted. “Thank you.”")).toEqual(["“Hoo!", "I can see the path again!” she hooted.", "“Thank you.”"]);
    expect(texts("He whispered, 'Goodnight.' Then the lights went out.")).toEqual(["He whispered, 'Goodnight.'", "Then the lights went out."]);
    expect(texts("(It was a secret.) Nobody knew.")).toEqual(["(It was a secret.)", "Nobody knew."]);
  });

  it("treats ?!, ellipses and … as one end, and goes on before a lower-case word", () => {
    expect(texts("What was that?! A noise. Wait... what? Then… silence.")).toEqual(["What was that?!", "A noise.", "Wait... what?", "Then… silence."]);
    expect(texts("It was quiet... Then a twig snapped.")).toEqual(["It was quiet...", "Then a twig snapped."]);
  });

  it("does not split inside numbers or words with dots", () => {
    expect(texts("The rocket went 3.5 miles up. Wow.")).toEqual(["The rocket went 3.5 miles up.", "Wow."]);
    expect(texts("Visit storynest.example today. Bye.")).toEqual(["Visit storynest.example today.", "Bye."]);
  });

  it("always ends a sentence at a line break", () => {
    expect(texts("Twinkle, twinkle, little star\nHow I wonder what you are")).toEqual(["Twinkle, twinkle, little star", "How I wonder what you are"]);
    expect(texts("One.\r\n\r\nTwo.")).toEqual(["One.", "Two."]);
  });

  it("splits paragraphs at blank lines and folds whitespace", () => {
    expect(paragraphs("First line\nstill first.\n\n  Second   one. \n \n")).toEqual(["First line still first.", "Second one."]);
    expect(paragraphs("")).toEqual([]);
  });
});
