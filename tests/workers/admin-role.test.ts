import { describe, expect, it } from "vitest";
import { callAs, makeAccount, pageText } from "./account-helpers";
import { accountWithEmail } from "./admin-helpers";

// The workers pool sets ADMIN_EMAILS to "Admin@Example.com, ops@example.com" (vitest.config.ts).

describe("/admin: only for the accounts listed in ADMIN_EMAILS", () => {
  it("answers a visitor with the site's normal 404 page, never cached", async () => {
    const res = await callAs(null)("/admin");
    expect(res.status).toBe(404);
    expect(await pageText(res)).toContain("This page wandered off");
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it("answers another parent, signed in, with the same 404", async () => {
    const parent = await makeAccount();
    const res = await parent.call("/admin");
    expect(res.status).toBe(404);
    const text = await pageText(res);
    expect(text).toContain("This page wandered off");
    expect(text).not.toContain("Dashboard");
    // the page's data is not given away to a client-side navigation either
    const data = await parent.call("/admin.data");
    expect(data.status).toBe(404);
    expect(await data.text()).not.toMatch(/visitors|pageViews/);
  });

  it("shows the dashboard to an administrator (address compared without case), never cached", async () => {
    // listed as "Admin@Example.com"
    const admin = await accountWithEmail("admin@example.com");
    const res = await admin.call("/admin");
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("Dashboard");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const other = await accountWithEmail("ops@example.com");
    expect((await other.call("/admin")).status).toBe(200);
  });

  it("does not let a parent in whose address only contains a listed one", async () => {
    const lookalike = await accountWithEmail(`x${crypto.randomUUID().slice(0, 4)}ops@example.com`);
    expect((await lookalike.call("/admin")).status).toBe(404);
  });
});
