import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/services/auth/same-origin.server";

function post(url: string, headers: Record<string, string>, method = "POST") {
  return new Request(url, { method, headers });
}

describe("isCrossSiteRequest", () => {
  it("lets a post from this site through, by the Host the browser sent", () => {
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "https://storynest.example" }))).toBe(false);
    // behind the local front proxy the URL names the runtime; Host names what the browser used
    expect(isCrossSiteRequest(post("http://127.0.0.1:40123/auth/login", { Origin: "http://127.0.0.1:8787", Host: "127.0.0.1:8787" }))).toBe(false);
  });

  it("refuses a post whose Origin is another site, or unreadable", () => {
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "https://evil.example", Host: "storynest.example" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "null", "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/x", { Origin: "https://storynest.example.evil.example" }))).toBe(true);
  });

  it("without an Origin, goes by Sec-Fetch-Site; with neither, it is not a browser's form", () => {
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", {}))).toBe(false);
  });

  it("lets 'Origin: null' through only when Sec-Fetch-Site says same-origin (a no-referrer page's own form)", () => {
    expect(isCrossSiteRequest(post("http://127.0.0.1:8787/auth/login", { Origin: "null", "Sec-Fetch-Site": "same-origin", Host: "127.0.0.1:8787" }))).toBe(
      false,
    );
  });

  it("never refuses a GET", () => {
    expect(isCrossSiteRequest(post("https://storynest.example/auth/login", { Origin: "https://evil.example" }, "GET"))).toBe(false);
  });
});
