import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { subscribe } from "~/services/db/subscribers.server";
import { db, uid } from "./db-helpers";

const row = (email: string) =>
  env.DB.prepare("SELECT email, first_name, source, is_active, metadata FROM subscribers WHERE email = ?").bind(email).first<Record<string, unknown>>();

describe("newsletter subscribers", () => {
  it("subscribes a new address, lower-cased, with the default source", async () => {
    const local = uid("Ada");
    expect(await subscribe(db, { email: `  ${local}@Example.COM `, firstName: "Ada", metadata: { url: "https://storynest.example/blog" } })).toBe("subscribed");
    const email = `${local.toLowerCase()}@example.com`;
    expect(await row(email)).toEqual({ email, first_name: "Ada", source: "website", is_active: 1, metadata: '{"url":"https://storynest.example/blog"}' });
  });

  it("finds the address whatever its case and reports it as already subscribed", async () => {
    const email = `${uid("grace")}@example.com`;
    await subscribe(db, { email });
    expect(await subscribe(db, { email: email.toUpperCase() })).toBe("already-subscribed");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email = ?").bind(email).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("reactivates an inactive subscriber", async () => {
    const email = `${uid("lin")}@example.com`;
    await subscribe(db, { email, source: "footer" });
    await env.DB.prepare("UPDATE subscribers SET is_active = 0 WHERE email = ?").bind(email).run();
    expect(await subscribe(db, { email, source: "blog" })).toBe("reactivated");
    expect(await row(email)).toMatchObject({ is_active: 1, source: "blog" });
    expect(await subscribe(db, { email })).toBe("already-subscribed");
  });

  it("rejects an address without an at-sign", async () => {
    await expect(subscribe(db, { email: "not-an-email" })).rejects.toBeInstanceOf(ZodError);
    await expect(subscribe(db, { email: "" })).rejects.toThrow(/Invalid email address/);
  });

  it("stores one row when two sign-ups race", async () => {
    const email = `${uid("race")}@example.com`;
    const outcomes = await Promise.all([subscribe(db, { email }), subscribe(db, { email })]);
    expect(outcomes.sort()).toEqual(["already-subscribed", "subscribed"]);
  });
});
