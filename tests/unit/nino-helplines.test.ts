import { describe, expect, it } from "vitest";
import { HELPLINES, helplineFor, helplineSentence } from "~/domain/nino/helplines";
import { SAFETY_TEXTS } from "~/domain/nino/safety";
import { MARKET_COUNTRIES } from "~/domain/pricing/markets";
import { deps, last, talk } from "./nino-helpers";

describe("the helpline table", () => {
  it("has a named line with a number for each of the twenty markets", () => {
    expect(Object.keys(HELPLINES).sort()).toEqual([...MARKET_COUNTRIES].sort());
    for (const h of Object.values(HELPLINES)) {
      expect(h.name.trim().length).toBeGreaterThan(2);
      expect(h.number).toMatch(/^[0-9][0-9 -]*[0-9]$/);
    }
  });

  it.each([
    ["GB", "Childline on 0800 1111"],
    ["IN", "CHILDLINE on 1098"],
    ["US", "Childhelp on 1-800-422-4453, or the 988 Lifeline on 988"],
    ["AU", "Kids Helpline on 1800 55 1800"],
    ["EU", "the child helpline on 116 111"],
    ["SE", "BRIS on 116 111"],
    ["CA", "Kids Help Phone on 1-800-668-6868"],
  ])("names the line of %s", (market, words) => {
    expect(helplineSentence(market)).toBe(`You can also call ${words}. They listen to children and can help.`);
  });

  it("uses India's line (the default market) for a market it does not know", () => {
    expect(helplineFor("XX")).toBe(HELPLINES.IN);
    expect(helplineFor(undefined)).toBe(HELPLINES.IN);
  });
});

describe("the safe reply", () => {
  it.each([
    ["my uncle hits me", "risk", "GB", "0800 1111"],
    ["I want to hurt myself", "risk", "AU", "1800 55 1800"],
    ["I'm lost", "danger", "DK", "116 111"],
    ["a man online wants to meet me", "risk", "JP", "0120-0-78310"],
  ] as const)("%j keeps the fixed %s text and adds the helpline of %s", (text, kind, market, number) => {
    const t = last(talk([text], deps({ market })));
    expect(t.reply.content).toBe(`${SAFETY_TEXTS[kind][0]} ${helplineSentence(market)}`);
    expect(t.reply.content).toContain(number);
    expect(t.reply.rephrasable).toBe(false);
    expect(t.effects).toContainEqual({ type: "safe_reply", kind });
  });

  it("leaves the child's words out of the history, and keeps Nino's reply", () => {
    const t = last(talk(["Pip", "my uncle hits me"], deps({ market: "GB" })));
    const contents = t.state.history.map((m) => m.content);
    expect(contents).not.toContain("my uncle hits me");
    expect(contents).toContain("Pip");
    expect(t.state.history.at(-1)).toMatchObject({ type: "nino", content: t.reply.content });
  });

  it("the second safe reply in a row is the second wording, with the helpline too", () => {
    const turns = talk(["someone hurts me", "he hits me"], deps({ market: "US" }));
    expect(turns[2].reply.content).toBe(`${SAFETY_TEXTS.risk[1]} ${helplineSentence("US")}`);
  });

  it("a medical question names no helpline and gives no safe_reply effect", () => {
    const t = last(talk(["I feel sick"], deps({ market: "GB" })));
    expect(t.reply.content).toBe(SAFETY_TEXTS.medical[0]);
    expect(t.effects.some((e) => e.type === "safe_reply")).toBe(false);
  });
});
