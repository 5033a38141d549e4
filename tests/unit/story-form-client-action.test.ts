import { redirect } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { SUBMIT_FAILED_MESSAGE, skipRevalidationAfterUnsent, storyFormClientAction } from "~/components/story-form/client-action";
import type { StoryFormActionData } from "~/components/story-form/page-data";
import { isUnsentSubmission } from "~/components/story-form/unsent";

/**
 * The story form's browser-side action: whatever the server answers (or fails to), the parent keeps
 * the form. The whole path, with a real lost answer and Create pressed again, is in
 * e2e/createstory.spec.ts.
 */

function submission() {
  const form = new FormData();
  form.set("childName", "Ivy");
  form.set("age", "5");
  form.set("themeChoice", "Space");
  form.set("authorName", "Uncle Tom");
  form.set("idempotencyKey", "0b0c7a52-2f1c-4d0e-9a77-1f2e3d4c5b6a");
  return new Request("http://127.0.0.1/createstory", { method: "POST", body: form });
}

function args(serverAction: () => Promise<unknown>): ClientActionFunctionArgs {
  return { request: submission(), params: {}, serverAction } as unknown as ClientActionFunctionArgs;
}

describe("the story form's client action", () => {
  it("passes the server's answer through (field errors, notices)", async () => {
    const answer: StoryFormActionData = {
      values: {} as StoryFormActionData["values"],
      errors: { childName: "Please tell us your child's name." },
      notice: null,
    };
    await expect(storyFormClientAction(args(async () => answer))).resolves.toBe(answer);
  });

  it("lets the redirect to the new book through", async () => {
    const thrown = await storyFormClientAction(args(async () => Promise.reject(redirect("/youraistory/abc123")))).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/youraistory/abc123");
  });

  for (const [what, error] of [
    ["a body Remix cannot decode (a plain-text 503)", new Error("Unable to decode turbo-stream response from URL: http://127.0.0.1/createstory.data")],
    ["a dropped connection", new TypeError("Failed to fetch")],
    ["a server error", new Error("Unexpected Server Error")],
  ] as const) {
    it(`after ${what}, keeps what was typed and says to press Create again`, async () => {
      const result = await storyFormClientAction(args(async () => Promise.reject(error)));
      expect(isUnsentSubmission(result)).toBe(true);
      expect(result.notice).toEqual({ kind: "error", message: SUBMIT_FAILED_MESSAGE });
      expect(result.errors).toEqual({});
      expect(result.values).toMatchObject({ childName: "Ivy", age: "5", authorName: "Uncle Tom" });
    });
  }

  it("does not reload the page's data after an unsent submission, and does otherwise", () => {
    const revalidate = (actionResult: unknown) => skipRevalidationAfterUnsent({ actionResult, defaultShouldRevalidate: true } as ShouldRevalidateFunctionArgs);
    expect(revalidate({ unsent: true, values: {}, errors: {}, notice: null })).toBe(false);
    expect(revalidate({ values: {}, errors: { childName: "x" }, notice: null })).toBe(true);
    expect(revalidate(undefined)).toBe(true);
  });
});
