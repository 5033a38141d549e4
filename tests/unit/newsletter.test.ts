import { describe, expect, it } from "vitest";
import { normalizeEmail, signupBack, signupRedirect, signupStatusFrom } from "~/domain/newsletter";
import { isValidNewsletterEmail, newsletterSignupSchema } from "~/domain/newsletter-schema";

describe("the newsletter sign-up rules", () => {
  it("trims and lower-cases the address, and wants an at-sign and a valid address", () => {
    expect(normalizeEmail("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(normalizeEmail(42)).toBe("");
    for (const bad of ["", "ada", "ada@", "@example.com", "ada@@example.com", "ada @example.com"]) expect(isValidNewsletterEmail(bad), bad).toBe(false);
    expect(isValidNewsletterEmail("ada@example.com")).toBe(true);
  });

  it("fills the source with 'website' and refuses metadata over 2 KB", () => {
    expect(newsletterSignupSchema.parse({ email: "A@B.co" })).toEqual({ email: "a@b.co", firstName: null, lastName: null, source: "website", metadata: {} });
    expect(newsletterSignupSchema.safeParse({ email: "a@b.co", metadata: { x: "y".repeat(2041) } }).success).toBe(false);
    expect(newsletterSignupSchema.safeParse({ email: "a@b.co", metadata: { x: "y".repeat(2040) } }).success).toBe(true);
  });
});

describe("the way back after a form post", () => {
  it("returns to the page with the status and the form's anchor", () => {
    expect(signupRedirect("/blog?page=2", "blog", "sent")).toBe("/blog?page=2&newsletter=sent&newsletter_form=blog#newsletter-blog");
    expect(signupRedirect(undefined, "footer", "invalid")).toBe("/newsletter?newsletter=invalid&newsletter_form=footer#newsletter");
  });

  it("never leads to another site", () => {
    for (const back of ["//evil.example", "/\\evil.example", "https://evil.example/", "/.//evil.example", "/\t/evil.example", "javascript:alert(1)"]) {
      const to = signupRedirect(back, "footer", "sent");
      expect(to, back).toMatch(/^\/(?![/\\])/);
      expect(new URL(to, "https://storynest.example").host, back).toBe("storynest.example");
    }
  });

  it("reads a status only for its own form, and leaves it out of the next way back", () => {
    expect(signupStatusFrom("?newsletter=sent&newsletter_form=blog", "blog")).toBe("sent");
    expect(signupStatusFrom("?newsletter=sent&newsletter_form=blog", "footer")).toBeNull();
    expect(signupStatusFrom("?newsletter=hacked", "footer")).toBeNull();
    expect(signupBack("/blog", "?page=2&newsletter=sent&newsletter_form=blog")).toBe("/blog?page=2");
  });
});
