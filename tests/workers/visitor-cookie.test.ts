import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const BASE = "https://example.com";
const GOOD = "A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6";

/** Cookies a careless or hostile client may send: each must count as "no visitor yet". */
const MALFORMED = [
  "sn_vid=",
  "sn_vid=short",
  "sn_vid=bad%ZZvalue-with-dashes-and-more",
  "sn_vid=a=b=c=d=e=f=g=h=i=j=k=l=m",
  "sn_vid=%00%00%00",
  `sn_vid=${"x".repeat(5000)}`,
];

const newVisitor = (res: Response) => /^sn_vid=[A-Za-z0-9]{32};/.exec(res.headers.getSetCookie().find((c) => c.startsWith("sn_vid=")) ?? "");

describe("a malformed visitor cookie", () => {
  for (const cookie of MALFORMED) {
    it(`is ignored like a missing one, on a page and the API (${cookie.slice(0, 40)})`, async () => {
      for (const path of ["/", "/library", "/api/health", "/api/library"]) {
        const res = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: `theme=light; ${cookie}` } });
        expect(res.status, path).toBeLessThan(500);
        expect(newVisitor(res), path).not.toBeNull();
        await res.arrayBuffer();
      }
    });
  }

  it("is skipped when a well-formed one follows it: the visitor keeps their id", async () => {
    const res = await SELF.fetch(`${BASE}/api/library`, { headers: { Cookie: `sn_vid=broken; sn_vid=${GOOD}` } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sn_vid="))).toBe(false);
    await res.arrayBuffer();
  });
});
