import { describe, expect, it } from "vitest";
import { avatarMoodFor, badgeFor } from "~/components/nino/moods";
import { backoffMs, loadSessionId, newSessionId, parseSettings, SESSION_KEY, socketUrl } from "~/components/nino/session";
import { isSessionId } from "~/domain/ids";
import { isCreationPage, ninoButtonHidden } from "~/components/nino/visibility";
import { describeStory, ninoHandoffUrl, ninoValues, readNinoHandoff } from "~/components/story-form/nino-prefill";
import { EMPTY_VALUES } from "~/components/story-form/values";
import { EMOTIONS } from "~/domain/nino/types";
import { BUILT_IN_THEMES } from "~/domain/story/themes";

describe("the Nino button shows on every page except the reader, creation, editing and public story pages", () => {
  it.each([
    ["/youraistory", true],
    ["/youraistory/abc123", true],
    ["/createstory", true],
    ["/createstory/space", true],
    ["/customstory", true],
    ["/modify-story/abc", true],
    ["/story/mias-rocket", true],
    ["/test/custom-story-data", true],
    ["/", false],
    ["/library", false],
    ["/nino-demo", false],
    ["/story", false],
    ["/test/timing", false],
    ["/pricing", false],
  ])("%s hidden: %s", (path, hidden) => {
    expect(ninoButtonHidden(path)).toBe(hidden);
  });

  it("the creation page is /createstory and below", () => {
    expect(isCreationPage("/createstory")).toBe(true);
    expect(isCreationPage("/createstory/x")).toBe(true);
    expect(isCreationPage("/customstory")).toBe(false);
  });
});

describe("emotion badges and avatar moods", () => {
  it("every emotion has one of the five badges", () => {
    for (const e of EMOTIONS) expect(["excited", "curious", "gentle", "playful", "thoughtful"]).toContain(badgeFor(e));
    expect(badgeFor("sad")).toBe("gentle");
    expect(badgeFor("happy")).toBe("excited");
    expect(badgeFor("wise")).toBe("thoughtful");
  });

  it("the avatar celebrates a finished story and otherwise follows the badge", () => {
    expect(avatarMoodFor("sad", true)).toBe("celebrating");
    expect(avatarMoodFor(null, false)).toBe("curious");
    expect(avatarMoodFor("scared", false)).toBe("gentle");
    expect(avatarMoodFor("wise", false)).toBe("curious");
  });
});

describe("the conversation's session and settings", () => {
  it("makes 24-character ids of letters and digits and keeps them", () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(isSessionId(id)).toBe(true);
    expect(isSessionId("short")).toBe(false);
    expect(isSessionId("has-a-dash-in-it-yes")).toBe(false);
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const first = loadSessionId(storage);
    expect(store.get(SESSION_KEY)).toBe(first);
    expect(loadSessionId(storage)).toBe(first);
    store.set(SESSION_KEY, "<script>");
    expect(loadSessionId(storage)).not.toBe("<script>");
  });

  it("reads settings leniently", () => {
    expect(parseSettings(null)).toEqual({ childName: "", age: null, muted: false, voiceEnabled: true });
    expect(parseSettings('{"childName":" Mia ","age":6,"muted":true,"voiceEnabled":false}')).toEqual({
      childName: "Mia",
      age: 6,
      muted: true,
      voiceEnabled: false,
    });
    expect(parseSettings('{"age":99,"muted":"yes"}')).toEqual({ childName: "", age: null, muted: false, voiceEnabled: true });
    expect(parseSettings("nope")).toEqual({ childName: "", age: null, muted: false, voiceEnabled: true });
  });

  it("talks to /api/nino/{id} over ws or wss, and backs off up to 10 s", () => {
    expect(socketUrl({ protocol: "https:", host: "storynest.example" }, "abc")).toBe("wss://storynest.example/api/nino/abc");
    expect(socketUrl({ protocol: "http:", host: "localhost:8833" }, "abc")).toBe("ws://localhost:8833/api/nino/abc");
    expect(backoffMs(0, 0.5)).toBe(500);
    expect(backoffMs(3, 0.5)).toBe(4000);
    expect(backoffMs(20, 0.5)).toBe(10_000);
    expect(backoffMs(20, 1)).toBe(11_500);
  });
});

describe("the hand-off to /createstory", () => {
  const data = {
    characterName: "Mia",
    characterAge: 6,
    setting: "a magical forest",
    theme: "Space",
    plot: "she finds a lost star",
    moral: "Kindness matters",
    artStyle: "Watercolour",
  };

  it("carries the story data and the from-Nino flag in the link, and reads it back", () => {
    const url = ninoHandoffUrl(data);
    expect(url.startsWith("/createstory?from=nino&")).toBe(true);
    const back = readNinoHandoff(new URL(url, "https://x.example").searchParams);
    expect(back).toEqual(data);
    expect(readNinoHandoff(new URLSearchParams("name=Mia"))).toBeNull();
    expect(ninoHandoffUrl({})).toBe("/createstory?from=nino");
  });

  it("ignores what does not fit", () => {
    const back = readNinoHandoff(new URLSearchParams(`from=nino&age=seven&name=${"x".repeat(80)}`));
    expect(back?.characterAge).toBeUndefined();
    expect(back?.characterName).toHaveLength(40);
  });

  it("prefills the form: name, age, matching theme, description, lesson and art style", () => {
    const v = ninoValues(
      { ...EMPTY_VALUES, artStyle: "storybook" },
      BUILT_IN_THEMES,
      readNinoHandoff(new URL(ninoHandoffUrl(data), "https://x.example").searchParams)!,
    );
    expect(v).toMatchObject({
      childName: "Mia",
      age: "6",
      themeChoice: "Space",
      storyDescription: "The story takes place in a magical forest. She finds a lost star",
      moralLesson: "Kindness matters",
      artStyle: "watercolor",
    });
    // The theme's own special elements come along.
    expect(v.specialElements).not.toBe("");
  });

  it("an unknown theme becomes 'Something else'; an age out of range is left for the parent", () => {
    const v = ninoValues(EMPTY_VALUES, BUILT_IN_THEMES, { characterName: "Leo", characterAge: 40, theme: "dinosaurs" });
    expect(v).toMatchObject({ childName: "Leo", age: "", themeChoice: "other", themeOther: "Dinosaurs" });
  });

  it("describes where and what", () => {
    expect(describeStory("in the deep ocean.", "a whale sings")).toBe("The story takes place in the deep ocean. A whale sings");
    expect(describeStory("space", undefined)).toBe("The story takes place in space.");
    expect(describeStory(undefined, "a whale sings")).toBe("A whale sings");
    expect(describeStory(undefined, undefined)).toBe("");
  });
});
