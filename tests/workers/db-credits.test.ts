import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { addLedgerEntry, bookDeductionKey, creditBalance, deductForBook, LedgerKeyConflictError } from "~/services/db/credits.server";
import type { Owner } from "~/services/db/owner.server";
import { db, makeBook, makeProfile, uid } from "./db-helpers";

const isDeducted = async (bookId: string) =>
  (await env.DB.prepare("SELECT is_amount_deducted AS d FROM storybooks WHERE book_id = ?").bind(bookId).first<{ d: number }>())?.d;

const entriesFor = async (bookId: string) =>
  (await env.DB.prepare("SELECT delta, reason, idempotency_key FROM credit_ledger WHERE book_id = ?").bind(bookId).all()).results;

describe("credit balance", () => {
  it("is zero for a new owner and sums the balance-affecting entries", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    expect(await creditBalance(db, owner)).toBe(0);
    await addLedgerEntry(db, { owner, delta: 5, reason: "purchase", idempotencyKey: `order:${uid("o")}:grant` });
    await addLedgerEntry(db, { owner, delta: 1, reason: "bonus", idempotencyKey: uid("k") });
    await addLedgerEntry(db, { owner, delta: -2, reason: "adjustment", idempotencyKey: uid("k") });
    // kept for the record only
    await addLedgerEntry(db, { owner, delta: 3, reason: "bonus", affectsBalance: false, idempotencyKey: uid("k") });
    expect(await creditBalance(db, owner)).toBe(4);
  });

  it("keeps owners apart: another visitor, and a profile, have their own balances", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    await addLedgerEntry(db, { owner: { kind: "visitor", visitorId }, delta: 2, reason: "bonus", idempotencyKey: uid("k") });
    await addLedgerEntry(db, { owner: { kind: "profile", userProfileId: profileId, visitorId }, delta: 7, reason: "purchase", idempotencyKey: uid("k") });
    expect(await creditBalance(db, { kind: "visitor", visitorId })).toBe(2);
    expect(await creditBalance(db, { kind: "profile", userProfileId: profileId })).toBe(7);
    expect(await creditBalance(db, { kind: "visitor", visitorId: uid("v") })).toBe(0);
  });

  it("writes an entry once per key, and refuses a key reused for a different change", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const key = `order:${uid("o")}:grant`;
    const first = await addLedgerEntry(db, { owner, delta: 5, reason: "purchase", idempotencyKey: key });
    const again = await addLedgerEntry(db, { owner, delta: 5, reason: "purchase", idempotencyKey: key });
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, entryId: first.entryId });
    expect(await creditBalance(db, owner)).toBe(5);
    await expect(addLedgerEntry(db, { owner, delta: 12, reason: "purchase", idempotencyKey: key })).rejects.toBeInstanceOf(LedgerKeyConflictError);
    await expect(addLedgerEntry(db, { owner, delta: 0, reason: "adjustment", idempotencyKey: uid("k") })).rejects.toBeInstanceOf(ZodError);
  });
});

describe("deduct for a book", () => {
  it("charges a book once, however often it is asked, and sets the book's flag", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const bookId = await makeBook({ visitorId: owner.visitorId });
    await addLedgerEntry(db, { owner, delta: 3, reason: "purchase", idempotencyKey: uid("k") });
    expect(await isDeducted(bookId)).toBe(0);

    expect(await deductForBook(db, { owner, bookId })).toEqual({ status: "deducted", balance: 2 });
    expect(await isDeducted(bookId)).toBe(1);
    expect(await deductForBook(db, { owner, bookId })).toEqual({ status: "already-deducted", balance: 2 });
    // retries racing each other still charge once
    const racing = await Promise.all([deductForBook(db, { owner, bookId }), deductForBook(db, { owner, bookId })]);
    expect(racing.map((r) => r.status)).toEqual(["already-deducted", "already-deducted"]);
    expect(await creditBalance(db, owner)).toBe(2);
    expect(await entriesFor(bookId)).toEqual([{ delta: -1, reason: "book_deduction", idempotency_key: bookDeductionKey(bookId) }]);
  });

  it("charges two new books racing for the last credit only once", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const a = await makeBook({ visitorId: owner.visitorId });
    const b = await makeBook({ visitorId: owner.visitorId });
    await addLedgerEntry(db, { owner, delta: 1, reason: "bonus", idempotencyKey: uid("k") });
    const results = await Promise.all([deductForBook(db, { owner, bookId: a }), deductForBook(db, { owner, bookId: b })]);
    expect(results.map((r) => r.status).sort()).toEqual(["deducted", "insufficient-credits"]);
    expect(await creditBalance(db, owner)).toBe(0);
  });

  it("does not charge without enough credits, and leaves the flag unset", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const bookId = await makeBook({ visitorId: owner.visitorId });
    expect(await deductForBook(db, { owner, bookId })).toEqual({ status: "insufficient-credits", balance: 0 });
    await addLedgerEntry(db, { owner, delta: 1, reason: "bonus", idempotencyKey: uid("k") });
    expect(await deductForBook(db, { owner, bookId, cost: 2 })).toEqual({ status: "insufficient-credits", balance: 1 });
    expect(await isDeducted(bookId)).toBe(0);
    expect(await entriesFor(bookId)).toEqual([]);
  });

  it("only charges the book's owner", async () => {
    const owner: Owner = { kind: "visitor", visitorId: uid("v") };
    const stranger: Owner = { kind: "visitor", visitorId: uid("v") };
    const bookId = await makeBook({ visitorId: owner.visitorId });
    await addLedgerEntry(db, { owner: stranger, delta: 5, reason: "purchase", idempotencyKey: uid("k") });
    expect(await deductForBook(db, { owner: stranger, bookId })).toEqual({ status: "book-not-found", balance: 5 });
    expect(await deductForBook(db, { owner: stranger, bookId: "nosuchbook" })).toEqual({ status: "book-not-found", balance: 5 });
    expect(await isDeducted(bookId)).toBe(0);
  });

  it("charges a signed-in family's profile for its claimed book", async () => {
    const visitorId = uid("v");
    const { profileId } = await makeProfile();
    const owner: Owner = { kind: "profile", userProfileId: profileId, visitorId };
    const bookId = await makeBook({ visitorId, userProfileId: profileId });
    await addLedgerEntry(db, { owner, delta: 5, reason: "purchase", idempotencyKey: uid("k") });
    expect(await deductForBook(db, { owner, bookId })).toEqual({ status: "deducted", balance: 4 });
    // as an anonymous visitor the same browser owns neither the book nor the credits
    expect(await deductForBook(db, { owner: { kind: "visitor", visitorId }, bookId })).toEqual({ status: "book-not-found", balance: 0 });
    expect(await creditBalance(db, { kind: "profile", userProfileId: profileId })).toBe(4);
  });

  it("rejects an id that is not a book id", async () => {
    await expect(deductForBook(db, { owner: { kind: "visitor", visitorId: uid("v") }, bookId: "../etc" })).rejects.toBeInstanceOf(ZodError);
  });
});
