import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGE_MESSAGES, AVATAR_MAX_BYTES, checkAvatar, checkDeleteConfirmation, lastUsedText } from "~/domain/auth/account-pages";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");

describe("the profile picture's check", () => {
  it("takes JPEG, PNG and WebP by their first bytes, up to 2 MB", () => {
    for (const head of [PNG, JPEG, WEBP]) expect(checkAvatar(5_000, head)).toBeNull();
    expect(checkAvatar(AVATAR_MAX_BYTES, PNG)).toBeNull();
  });

  it("refuses anything else, an empty file and a file over 2 MB", () => {
    expect(checkAvatar(40, new TextEncoder().encode("GIF89a......"))).toBe(ACCOUNT_PAGE_MESSAGES.avatarType);
    expect(checkAvatar(40, new TextEncoder().encode("<svg xmlns=..."))).toBe(ACCOUNT_PAGE_MESSAGES.avatarType);
    expect(checkAvatar(0, PNG)).toBe(ACCOUNT_PAGE_MESSAGES.avatarEmpty);
    expect(checkAvatar(AVATAR_MAX_BYTES + 1, PNG)).toBe(ACCOUNT_PAGE_MESSAGES.avatarSize);
  });
});

describe("the confirmation of 'Delete my account'", () => {
  it("matches the account's address or the word DELETE, in any case, spaces around ignored", () => {
    expect(checkDeleteConfirmation("DELETE", "sam@example.com")).toBeNull();
    expect(checkDeleteConfirmation(" delete ", "sam@example.com")).toBeNull();
    expect(checkDeleteConfirmation("Sam@Example.com", "sam@example.com")).toBeNull();
  });

  it("asks again for anything else", () => {
    expect(checkDeleteConfirmation("", "sam@example.com")).toBe(ACCOUNT_PAGE_MESSAGES.deleteConfirmRequired);
    expect(checkDeleteConfirmation(null, "sam@example.com")).toBe(ACCOUNT_PAGE_MESSAGES.deleteConfirmRequired);
    expect(checkDeleteConfirmation("delete it", "sam@example.com")).toBe(ACCOUNT_PAGE_MESSAGES.deleteConfirmWrong);
    expect(checkDeleteConfirmation("someone@example.com", "sam@example.com")).toBe(ACCOUNT_PAGE_MESSAGES.deleteConfirmWrong);
  });
});

describe("when a browser was last used", () => {
  const now = new Date("2026-11-25T10:00:00Z");
  it("says today, yesterday, a number of days, then the date", () => {
    expect(lastUsedText("2026-11-25T00:30:00Z", now)).toBe("today");
    expect(lastUsedText("2026-11-24T23:30:00Z", now)).toBe("yesterday");
    expect(lastUsedText("2026-11-20T12:00:00Z", now)).toBe("5 days ago");
    expect(lastUsedText("2026-09-01T12:00:00Z", now)).toBe("on 1 September 2026");
    expect(lastUsedText("not a date", now)).toBe("some time ago");
  });
});
