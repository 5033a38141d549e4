import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssues, fieldErrors, fieldIssues } from "~/domain/validation";

const schema = z.object({
  name: z.string().min(1, "Please tell us your name.").max(5, "Too long."),
  page: z.object({ content: z.string().max(3, "Too much text.") }),
});

function errorOf(value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error;
}

describe("the one mapping from zod issues", () => {
  it("lists each problem with its dotted path and the schema's words", () => {
    expect(fieldIssues(errorOf({ name: "", page: { content: "long" } }))).toEqual([
      { path: "name", message: "Please tell us your name." },
      { path: "page.content", message: "Too much text." },
    ]);
    expect(fieldIssues(z.string().safeParse(3).error!)).toEqual([{ path: "", message: expect.any(String) }]);
  });

  it("gives a form the first message of each field, a problem with the whole value under `form`", () => {
    expect(fieldErrors(errorOf({ name: "", page: { content: "long" } }))).toEqual({ name: "Please tell us your name.", page: "Too much text." });
    expect(
      fieldErrors([
        { path: "", message: "Not an object" },
        { path: "name", message: "first" },
        { path: "name", message: "second" },
      ]),
    ).toEqual({ form: "Not an object", name: "first" });
  });

  it("files a field under the form's own control name, or leaves it out", () => {
    const issues = [
      { path: "childImage", message: "Photo missing" },
      { path: "secret", message: "Not shown" },
      { path: "name", message: "Name missing" },
    ];
    const keyFor = (field: string) => (field === "childImage" ? "photo" : field === "secret" ? undefined : field);
    expect(fieldErrors(issues, keyFor)).toEqual({ photo: "Photo missing", name: "Name missing" });
  });

  it("describes the problems in one line, at most `max`, naming the whole value as told", () => {
    const issues = [
      { path: "", message: "a" },
      { path: "x.y", message: "b" },
      { path: "z", message: "c" },
    ];
    expect(describeIssues(issues)).toBe("body: a; x.y: b; z: c");
    expect(describeIssues(issues, { max: 2, whole: "message" })).toBe("message: a; x.y: b");
  });
});
