import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_WELCOME_CREDITS } from "~/services/auth/account-welcome.server";
import { VISITOR_WELCOME_CREDITS } from "~/domain/story/credits";

// Item 12: home and /pricing say what is free, exactly as the product grants it: one book for a
// visitor (VISITOR_WELCOME_CREDITS) and two more for an account (ACCOUNT_WELCOME_CREDITS).

const page = async (path: string) =>
  (await (await SELF.fetch(`http://example.com${path}`)).text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("what is free", () => {
  it("is said on home and on /pricing: the first book, and two more with an account", async () => {
    expect([VISITOR_WELCOME_CREDITS, ACCOUNT_WELCOME_CREDITS]).toEqual([1, 2]);
    for (const path of ["/", "/pricing"]) {
      expect(await page(path), path).toContain("Your first book is free, no account needed. A free account adds 2 more.");
    }
  });
});
