import { describe, expect, it } from "vitest";
import { checkField } from "~/services/moderation/offline";
import { KIND, UNKIND } from "../fixtures/comments/sets";

/** What the offline checker answers for a comment: null when it is posted, else its categories. */
const refusedAs = (text: string) => {
  const verdict = checkField("comment", text);
  return verdict.ok ? null : verdict.categories;
};

describe("comment moderation over the family test sets", () => {
  it("holds at least 200 comments each way", () => {
    expect(KIND.length).toBeGreaterThanOrEqual(200);
    expect(UNKIND.length).toBeGreaterThanOrEqual(200);
  });

  it("posts every kind comment and refuses every unkind one for its category: 0 wrong answers", () => {
    const wrongKind = KIND.filter((text) => refusedAs(text) !== null).map((text) => ({ text, refusedAs: refusedAs(text) }));
    const wrongUnkind = UNKIND.filter(({ text, category }) => !refusedAs(text)?.includes(category)).map((u) => ({ ...u, got: refusedAs(u.text) }));
    const right = KIND.length + UNKIND.length - wrongKind.length - wrongUnkind.length;
    console.log(
      `comment moderation (offline): ${right}/${KIND.length + UNKIND.length} right; kind posted ${KIND.length - wrongKind.length}/${KIND.length}, unkind refused ${UNKIND.length - wrongUnkind.length}/${UNKIND.length}`,
    );
    expect(wrongKind).toEqual([]);
    expect(wrongUnkind).toEqual([]);
  });

  it("says why in a comment's words", () => {
    expect(checkField("comment", "this book is stupid and you are an idiot")).toEqual({
      ok: false,
      field: "comment",
      message: "Let's keep it kind: please rephrase your comment without insults or unkind words about anyone.",
      categories: ["insult"],
    });
    expect(checkField("comment", "send nudes")).toMatchObject({
      message: "Children read these comments: please rephrase your comment without grown-up or sexual content.",
    });
  });
});
