import { describe, expect, it } from "vitest";
import { clearGoogleStateCookie, googleStateCookie, readGoogleStateCookie, type GoogleStateCookie } from "~/services/auth/google.server";

// The short-lived cookie that carries a Google sign-in's state and PKCE verifier from the start to
// the callback.

const VALUE: GoogleStateCookie = {
  state: "Zt3xQ9Lw_bN-4kPq1vRmYc7sE2hJ0aUoT5gXiD8fWlK",
  codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  redirectTo: "/youraistory/abc?tab=pages",
};

/** "name=value" of a Set-Cookie header, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0];

function encode(json: unknown): string {
  return Buffer.from(JSON.stringify(json)).toString("base64url");
}

describe("the Google state cookie", () => {
  it("on https: __Host- name, Secure, HttpOnly, SameSite=Lax, Path=/, ten minutes", () => {
    const header = googleStateCookie(VALUE, true);
    expect(header).toMatch(/^__Host-sn_oauth=[A-Za-z0-9_-]+; /);
    const attributes = header.split("; ").slice(1);
    expect(attributes.sort()).toEqual(["HttpOnly", "Max-Age=600", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("on http: a plain name and no Secure (a browser would drop a Secure cookie there)", () => {
    const header = googleStateCookie(VALUE, false);
    expect(header).toMatch(/^sn_oauth=[A-Za-z0-9_-]+; /);
    expect(header).not.toContain("Secure");
    expect(header).toContain("HttpOnly");
  });

  it("reads back what it wrote, among other cookies, under the scheme's own name only", () => {
    for (const secure of [true, false]) {
      const cookie = sentBack(googleStateCookie(VALUE, secure));
      expect(readGoogleStateCookie(`theme=dark; ${cookie}; sn_visitor=v1`, secure)).toEqual(VALUE);
      expect(readGoogleStateCookie(cookie, !secure)).toBeNull();
    }
  });

  it("is null when absent", () => {
    expect(readGoogleStateCookie(null, true)).toBeNull();
    expect(readGoogleStateCookie("", true)).toBeNull();
    expect(readGoogleStateCookie("__Host-sn_session=abc", true)).toBeNull();
  });

  it("is null when the value was tampered with or is malformed", () => {
    const cookie = sentBack(googleStateCookie(VALUE, true));
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const read = (v: string) => readGoogleStateCookie(`__Host-sn_oauth=${v}`, true);
    expect(read(value)).toEqual(VALUE);
    expect(read(value.slice(0, -3))).toBeNull(); // cut short: no longer JSON
    expect(read(`${value}%`)).toBeNull(); // not base64url
    expect(read("")).toBeNull();
    expect(read(encode("just a string"))).toBeNull();
    expect(read(Buffer.from("not json {").toString("base64url"))).toBeNull();
    expect(read(encode({ ...VALUE, state: undefined }))).toBeNull();
    expect(read(encode({ ...VALUE, codeVerifier: "short" }))).toBeNull();
    expect(read(encode({ ...VALUE, state: "has spaces in it, not a state" }))).toBeNull();
    expect(read(Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url"))).toBeNull(); // not UTF-8
    expect(read("A".repeat(3000))).toBeNull(); // far longer than any real value
  });

  it("never carries a way off the site: an outside redirect is refused on reading and replaced on writing", () => {
    const read = (redirectTo: string) => readGoogleStateCookie(`sn_oauth=${encode({ ...VALUE, redirectTo })}`, false);
    for (const outside of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "", "/a\nb"]) {
      expect(read(outside), outside).toBeNull();
      const written = sentBack(googleStateCookie({ ...VALUE, redirectTo: outside }, false));
      expect(readGoogleStateCookie(written, false)?.redirectTo, outside).toBe("/");
    }
    expect(read("/")?.redirectTo).toBe("/");
  });

  it("is cleared with an empty value under the same name and attributes", () => {
    expect(clearGoogleStateCookie(true)).toBe("__Host-sn_oauth=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
    expect(clearGoogleStateCookie(false)).toBe("sn_oauth=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
