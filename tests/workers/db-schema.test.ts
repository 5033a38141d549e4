import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/services/db/schema/index";
import { expectSqlError, makeBook, makeProfile, uid } from "./db-helpers";

const declared = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => is(v, SQLiteTable)).map((t) => getTableConfig(t));

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

async function master(): Promise<MasterRow[]> {
  const { results } = await env.DB.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master").all<MasterRow>();
  return results;
}

const internal = (name: string) => name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations";

// Each change to the schema after the first release is a new migration, never an edit of an applied one.
const MIGRATIONS = [
  "0000_init.sql",
  "0001_keep_books_and_nino.sql",
  "0002_accounts.sql",
  "0003_payments.sql",
  "0004_emails.sql",
  "0005_safety_events.sql",
  "0006_costly_limits.sql",
  "0007_family_sharing.sql",
  "0008_default_privacy.sql",
  "0009_analytics.sql",
  "0010_library_indexes.sql",
  "0011_accounts_once.sql",
  "0012_one_subscription.sql",
  "0013_comment_reports_blocks.sql",
  "0014_receipts_refunds.sql",
  "0015_share_sign_in.sql",
  "0016_saved_children.sql",
];

describe("migrations", () => {
  it("declare every entity of the data model", () => {
    expect(declared.map((t) => t.name).sort()).toEqual(
      [
        "analytics_daily",
        "auth_sessions",
        "auth_tokens",
        "comment_blocks",
        "comment_reports",
        "comments",
        "connection_leases",
        "credit_ledger",
        "email_deliveries",
        "email_outbox",
        "email_suppressions",
        "email_tokens",
        "fingerprint_visitors",
        "nino_conversations",
        "nino_memory",
        "notification_digests",
        "order_items",
        "orders",
        "payment_events",
        "plans",
        "privacy_settings",
        "rate_limits",
        "reactions",
        "safety_events",
        "saved_children",
        "share_links",
        "shares",
        "storybook_pages",
        "storybooks",
        "subscribers",
        "subscriptions",
        "test_checkouts",
        "test_subscriptions",
        "theme_templates",
        "user_activity",
        "user_events",
        "usage_quotas",
        "user_profiles",
        "users",
        "welcome_grants",
      ].sort(),
    );
  });

  it("create exactly the tables the schema declares", async () => {
    const tables = (await master()).filter((r) => r.type === "table" && !internal(r.name)).map((r) => r.name);
    expect(tables.sort()).toEqual(declared.map((t) => t.name).sort());
  });

  it("create every declared index, with its columns, uniqueness and partial condition", async () => {
    const rows = await master();
    const actual = rows.filter((r) => r.type === "index" && r.sql !== null && !internal(r.name));
    const expected = declared.flatMap((t) => t.indexes.map((i) => ({ ...i.config, table: t.name })));
    expect(actual.map((r) => r.name).sort()).toEqual(expected.map((i) => i.name).sort());
    for (const idx of expected) {
      const row = actual.find((r) => r.name === idx.name)!;
      expect(row.tbl_name, idx.name).toBe(idx.table);
      expect(row.sql!.startsWith(idx.unique ? "CREATE UNIQUE INDEX" : "CREATE INDEX"), idx.name).toBe(true);
      expect(/ WHERE /i.test(row.sql!), `${idx.name} partial`).toBe(idx.where !== undefined);
      // A declared SQL expression (lower(child_name), "created_at" desc) has no drizzle column name:
      // only its place is checked; SQLite names a plain column even when it is written as SQL.
      const { results } = await env.DB.prepare(`PRAGMA index_info("${idx.name}")`).all<{ name: string | null }>();
      const columns = idx.columns.map((c) => ("name" in c ? (c as { name: string }).name : null));
      expect(
        results.map((r, i) => (columns[i] === null ? null : r.name)),
        idx.name,
      ).toEqual(columns);
    }
  });

  it("create every declared CHECK constraint and foreign key", async () => {
    const rows = await master();
    for (const t of declared) {
      const sql = rows.find((r) => r.type === "table" && r.name === t.name)!.sql!;
      for (const c of t.checks) expect(sql, `${t.name}.${c.name}`).toContain(`CONSTRAINT "${c.name}" CHECK`);
      const { results } = await env.DB.prepare(`PRAGMA foreign_key_list("${t.name}")`).all<{ table: string; from: string; on_delete: string }>();
      const expected = t.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return `${ref.columns[0].name}->${ref.foreignTable[Symbol.for("drizzle:Name") as never]}:${(fk.onDelete ?? "no action").toUpperCase()}`;
      });
      expect(results.map((r) => `${r.from}->${r.table}:${r.on_delete}`).sort(), t.name).toEqual(expected.sort());
    }
  });

  it("were applied from an empty database and applying them again changes nothing", async () => {
    const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
    expect(TEST_MIGRATIONS.map((m) => m.name)).toEqual(MIGRATIONS);
    const before = await master();
    await applyD1Migrations(env.DB, TEST_MIGRATIONS);
    expect(await master()).toEqual(before);
    const { results } = await env.DB.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(MIGRATIONS);
  });

  it("turn foreign keys on", async () => {
    const row = await env.DB.prepare("PRAGMA foreign_keys").first<{ foreign_keys: number }>();
    expect(row?.foreign_keys).toBe(1);
  });
});

describe("constraints", () => {
  const sql = (query: string, ...params: unknown[]) =>
    env.DB.prepare(query)
      .bind(...params)
      .run();

  it("keep subscriber e-mails unique and lower-case", async () => {
    await sql("INSERT INTO subscribers (email) VALUES (?)", "ada@example.com");
    await expectSqlError(() => sql("INSERT INTO subscribers (email) VALUES (?)", "ada@example.com"), /UNIQUE constraint failed: subscribers\.email/);
    await expectSqlError(() => sql("INSERT INTO subscribers (email) VALUES (?)", "Grace@Example.com"), /CHECK constraint failed: subscribers_email_lowercase/);
  });

  it("keep user and profile e-mails unique and lower-case, one profile per user", async () => {
    const { userId, email } = await makeProfile();
    await expectSqlError(() => sql("INSERT INTO users (id, email) VALUES (?, ?)", uid("u"), email), /UNIQUE constraint failed: users\.email/);
    await expectSqlError(() => sql("INSERT INTO users (id, email) VALUES (?, ?)", uid("u"), "Upper@Example.com"), /users_email_lowercase/);
    await expectSqlError(
      () => sql("INSERT INTO user_profiles (id, user_id, email) VALUES (?, ?, ?)", uid("p"), userId, `${uid("x")}@example.com`),
      /UNIQUE constraint failed: user_profiles\.user_id/,
    );
    await expectSqlError(
      () => sql("INSERT INTO user_profiles (id, user_id, email) VALUES (?, ?, ?)", uid("p"), "no-such-user", `${uid("x")}@example.com`),
      /FOREIGN KEY constraint failed/,
    );
  });

  it("require an owner on a storybook and a real profile when one is named", async () => {
    await expectSqlError(() => sql("INSERT INTO storybooks (book_id, child_name, theme) VALUES (?, 'Mia', 'Space')", uid("b")), /storybooks_owner/);
    await expectSqlError(
      () => sql("INSERT INTO storybooks (book_id, user_profile_id, child_name, theme) VALUES (?, 'ghost', 'Mia', 'Space')", uid("b")),
      /FOREIGN KEY constraint failed/,
    );
    await expectSqlError(
      () => sql("INSERT INTO storybooks (book_id, visitor_id, child_name, theme) VALUES ('not-alnum!', 'v1', 'Mia', 'Space')"),
      /storybooks_book_id/,
    );
  });

  it("keep slugs unique but allow many books without one", async () => {
    const visitorId = uid("v");
    await makeBook({ visitorId }, { slug: "mia-and-the-moon" });
    await makeBook({ visitorId });
    await makeBook({ visitorId });
    await expectSqlError(() => makeBook({ visitorId }, { slug: "mia-and-the-moon" }), /UNIQUE constraint failed: storybooks\.slug/);
    await expectSqlError(() => makeBook({ visitorId }, { slug: "Not A Slug" }), /storybooks_slug/);
  });

  it("give pages generation progress 100, not blank and not generated by default, one page per number, and cascade with their book", async () => {
    const bookId = await makeBook({ visitorId: uid("v") });
    await sql("INSERT INTO storybook_pages (book_id, page_number, page_type, title) VALUES (?, 1, 'Front Cover', 'Front Cover')", bookId);
    const page = await env.DB.prepare("SELECT generation_progress, is_blank, is_generated FROM storybook_pages WHERE book_id = ?").bind(bookId).first();
    expect(page).toEqual({ generation_progress: 100, is_blank: 0, is_generated: 0 });
    await expectSqlError(
      () => sql("INSERT INTO storybook_pages (book_id, page_number, page_type) VALUES (?, 1, 'Story Page')", bookId),
      /UNIQUE constraint failed: storybook_pages\.book_id, storybook_pages\.page_number/,
    );
    await expectSqlError(
      () => sql("INSERT INTO storybook_pages (book_id, page_number, page_type) VALUES (?, 2, 'Back Cover')", bookId),
      /storybook_pages_page_type/,
    );
    await sql("DELETE FROM storybooks WHERE book_id = ?", bookId);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM storybook_pages WHERE book_id = ?").bind(bookId).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("allow one reaction per user per story per type, and unique share codes", async () => {
    const { userId, profileId } = await makeProfile();
    const bookId = await makeBook({ userProfileId: profileId });
    await sql("INSERT INTO reactions (id, story_id, user_id, reaction_type) VALUES (?, ?, ?, 'heart')", uid("r"), bookId, userId);
    await sql("INSERT INTO reactions (id, story_id, user_id, reaction_type) VALUES (?, ?, ?, 'star')", uid("r"), bookId, userId);
    await expectSqlError(
      () => sql("INSERT INTO reactions (id, story_id, user_id, reaction_type) VALUES (?, ?, ?, 'heart')", uid("r"), bookId, userId),
      /UNIQUE constraint failed: reactions\.story_id, reactions\.user_id, reactions\.reaction_type/,
    );
    const code = `${bookId}-${Date.now()}-abc123`;
    await sql(
      "INSERT INTO shares (id, story_id, shared_by, share_type, share_code, expires_at) VALUES (?, ?, ?, 'direct', ?, '2999-01-01T00:00:00.000Z')",
      uid("s"),
      bookId,
      userId,
      code,
    );
    await expectSqlError(
      () => sql("INSERT INTO shares (id, story_id, shared_by, share_type, share_code) VALUES (?, ?, ?, 'link', ?)", uid("s"), bookId, userId, code),
      /UNIQUE constraint failed: shares\.share_code/,
    );
    await expectSqlError(
      () =>
        sql(
          "INSERT INTO shares (id, story_id, shared_by, share_type, share_code, expires_at) VALUES (?, ?, ?, 'direct', ?, '2000-01-01T00:00:00.000Z')",
          uid("s"),
          bookId,
          userId,
          uid("c"),
        ),
      /shares_expiry/,
    );
  });

  it("thread comments and delete replies with their parent", async () => {
    const { userId, profileId } = await makeProfile();
    const bookId = await makeBook({ userProfileId: profileId });
    const parent = uid("c");
    const reply = uid("c");
    await sql("INSERT INTO comments (id, story_id, user_id, user_name, comment_text) VALUES (?, ?, ?, 'Sam', 'What a lovely story!')", parent, bookId, userId);
    await sql(
      "INSERT INTO comments (id, story_id, user_id, user_name, comment_text, parent_comment_id) VALUES (?, ?, ?, 'Sam', 'Thank you!', ?)",
      reply,
      bookId,
      userId,
      parent,
    );
    await expectSqlError(
      () =>
        sql(
          "INSERT INTO comments (id, story_id, user_id, user_name, comment_text, parent_comment_id) VALUES (?, ?, ?, 'Sam', 'Hi', 'nope')",
          uid("c"),
          bookId,
          userId,
        ),
      /FOREIGN KEY constraint failed/,
    );
    await expectSqlError(
      () => sql("INSERT INTO comments (id, story_id, user_id, user_name, comment_text) VALUES (?, ?, ?, 'Sam', '   ')", uid("c"), bookId, userId),
      /comments_text_length/,
    );
    await sql("DELETE FROM comments WHERE id = ?", parent);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM comments WHERE id = ?").bind(reply).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("give privacy settings their defaults: no public sharing, family discovery on, private stories, every notification on", async () => {
    const { userId } = await makeProfile();
    await sql("INSERT INTO privacy_settings (user_id) VALUES (?)", userId);
    const row = await env.DB.prepare(
      "SELECT allow_public_sharing, allow_family_discovery, default_story_privacy, notify_new_reactions, notify_new_comments, notify_family_requests, notify_story_shares FROM privacy_settings WHERE user_id = ?",
    )
      .bind(userId)
      .first();
    expect(row).toEqual({
      allow_public_sharing: 0,
      allow_family_discovery: 1,
      default_story_privacy: "private",
      notify_new_reactions: 1,
      notify_new_comments: 1,
      notify_family_requests: 1,
      notify_story_shares: 1,
    });
    await expectSqlError(
      () => sql("UPDATE privacy_settings SET default_story_privacy = 'everyone' WHERE user_id = ?", userId),
      /privacy_settings_default_story_privacy/,
    );
  });

  it("let the book-deduction key charge a book only once", async () => {
    const visitorId = uid("v");
    const bookId = await makeBook({ visitorId });
    const insert = () =>
      sql(
        "INSERT INTO credit_ledger (id, visitor_id, delta, reason, idempotency_key, book_id) VALUES (?, ?, -1, 'book_deduction', ?, ?)",
        uid("l"),
        visitorId,
        `book:${bookId}:deduct`,
        bookId,
      );
    await insert();
    await expectSqlError(insert, /UNIQUE constraint failed: credit_ledger\.idempotency_key/);
  });

  it("keep ledger signs, plan shapes and order totals consistent", async () => {
    const visitorId = uid("v");
    await expectSqlError(
      () => sql("INSERT INTO credit_ledger (id, visitor_id, delta, reason, idempotency_key) VALUES (?, ?, -5, 'purchase', ?)", uid("l"), visitorId, uid("k")),
      /credit_ledger_sign/,
    );
    await expectSqlError(
      () => sql("INSERT INTO credit_ledger (id, visitor_id, delta, reason, idempotency_key) VALUES (?, ?, 0, 'adjustment', ?)", uid("l"), visitorId, uid("k")),
      /credit_ledger_delta/,
    );
    await expectSqlError(
      () => sql("INSERT INTO plans (id, kind, name, description, credits, price_minor) VALUES ('odd', 'subscription', 'Odd', 'No interval', 1, 100)"),
      /plans_interval/,
    );
    await expectSqlError(
      () =>
        sql(
          "INSERT INTO orders (id, visitor_id, currency, subtotal_minor, tax_minor, total_minor, provider) VALUES (?, ?, 'USD', 1999, 100, 1999, 'offline')",
          uid("o"),
          visitorId,
        ),
      /orders_amounts/,
    );
    await expectSqlError(
      () =>
        sql(
          "INSERT INTO orders (id, visitor_id, currency, subtotal_minor, total_minor, provider) VALUES (?, ?, 'usd', 100, 100, 'offline')",
          uid("o"),
          visitorId,
        ),
      /orders_currency/,
    );
  });

  it("apply a payment provider's reference to one order only", async () => {
    const visitorId = uid("v");
    const insert = (ref: string | null) =>
      sql(
        "INSERT INTO orders (id, visitor_id, currency, subtotal_minor, total_minor, provider, provider_ref) VALUES (?, ?, 'USD', 499, 499, 'stripe', ?)",
        uid("o"),
        visitorId,
        ref,
      );
    await insert("cs_test_123");
    await insert(null);
    await insert(null);
    await expectSqlError(() => insert("cs_test_123"), /UNIQUE constraint failed: orders\.provider, orders\.provider_ref/);
  });

  it("keep a saved child's look and companions whole JSON (at most 8), and delete the child with its profile, freeing its books", async () => {
    const { userId, profileId } = await makeProfile();
    const child = (id: string, look: string, companions: string) =>
      sql(
        "INSERT INTO saved_children (id, user_profile_id, name, birthday, look, companions) VALUES (?, ?, 'Maya', '2019-06-01', ?, ?)",
        id,
        profileId,
        look,
        companions,
      );
    const id = "C".repeat(24);
    await child(id, "{}", "[]");
    await expectSqlError(() => child("D".repeat(24), "not json", "[]"), /saved_children_json/);
    await expectSqlError(() => child("D".repeat(24), "[]", "[]"), /saved_children_json/);
    await expectSqlError(() => child("D".repeat(24), "{}", JSON.stringify(Array.from({ length: 9 }, () => ({})))), /saved_children_json/);
    await expectSqlError(() => child("short", "{}", "[]"), /saved_children_id/);
    const bookId = await makeBook({ userProfileId: profileId }, { childId: id });
    await sql("DELETE FROM saved_children WHERE id = ?", id);
    expect(await env.DB.prepare("SELECT child_id FROM storybooks WHERE book_id = ?").bind(bookId).first()).toEqual({ child_id: null });
    await child(id, "{}", "[]");
    await sql("DELETE FROM users WHERE id = ?", userId);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM saved_children WHERE user_profile_id = ?").bind(profileId).first()).toEqual({ n: 0 });
  });

  it("keep one Nino memory per owner", async () => {
    const visitorId = uid("v");
    await sql("INSERT INTO nino_memory (id, visitor_id) VALUES (?, ?)", uid("m"), visitorId);
    await expectSqlError(
      () => sql("INSERT INTO nino_memory (id, visitor_id) VALUES (?, ?)", uid("m"), visitorId),
      /UNIQUE constraint failed: nino_memory\.visitor_id/,
    );
    await expectSqlError(() => sql("INSERT INTO nino_memory (id, visitor_id, history) VALUES (?, ?, 'not json')", uid("m"), uid("v")), /nino_memory_json/);
  });
});

describe("every lookup the app makes uses an index", () => {
  const lookups: [string, string, RegExp][] = [
    [
      "a visitor's books, newest first",
      "SELECT * FROM storybooks WHERE visitor_id = 'v' AND user_profile_id IS NULL ORDER BY created_at DESC, book_id DESC",
      /storybooks_visitor_created_idx/,
    ],
    ["a profile's books, newest first", "SELECT * FROM storybooks WHERE user_profile_id = 'p' ORDER BY created_at DESC", /storybooks_profile_created_idx/],
    ["a book by slug", "SELECT * FROM storybooks WHERE slug = 'mia-and-the-moon'", /storybooks_slug_unique/],
    [
      "the claim on login",
      "UPDATE storybooks SET user_profile_id = 'p' WHERE visitor_id = 'v' AND user_profile_id IS NULL",
      /storybooks_(unclaimed|visitor_created|visitor_updated)_idx/,
    ],
    ["Active themes by title", "SELECT * FROM theme_templates WHERE status = 'Active' ORDER BY title", /theme_templates_status_title_idx/],
    ["a theme by name", "SELECT * FROM theme_templates WHERE theme = 'Space' AND status = 'Active'", /theme_templates_(theme|status_title)_idx/],
    ["a visitor", "SELECT visitor_id FROM fingerprint_visitors WHERE visitor_id = 'v'", /PRIMARY KEY|sqlite_autoindex_fingerprint_visitors/],
    ["a visitor's events", "SELECT * FROM user_events WHERE visitor_id = 'v' ORDER BY created_at", /user_events_visitor_created_idx/],
    ["a session's events", "SELECT * FROM user_events WHERE session_id = 's'", /user_events_session_idx/],
    ["a visitor's activity", "SELECT * FROM user_activity WHERE visitor_id = 'v'", /user_activity_visitor_idx/],
    ["a profile's activity", "SELECT * FROM user_activity WHERE user_profile_id = 'p'", /user_activity_profile_idx/],
    ["a user by e-mail", "SELECT * FROM users WHERE email = 'a@b.c'", /users_email_unique/],
    ["a profile by e-mail", "SELECT * FROM user_profiles WHERE email = 'a@b.c'", /user_profiles_email_unique/],
    ["a subscriber by e-mail", "SELECT * FROM subscribers WHERE email = 'a@b.c'", /subscribers_email_unique/],
    ["a story's shares", "SELECT * FROM shares WHERE story_id = 'b'", /shares_story_idx/],
    ["a share by code", "SELECT * FROM shares WHERE share_code = 'c'", /shares_share_code_unique/],
    ["a story's reactions", "SELECT * FROM reactions WHERE story_id = 'b'", /reactions_story_user_type_unique/],
    ["a story's comments", "SELECT * FROM comments WHERE story_id = 'b' ORDER BY created_at", /comments_story_idx/],
    ["a profile's ledger", "SELECT sum(delta) FROM credit_ledger WHERE user_profile_id = 'p' AND affects_balance = 1", /credit_ledger_profile_created_idx/],
    ["a visitor's ledger", "SELECT sum(delta) FROM credit_ledger WHERE visitor_id = 'v' AND user_profile_id IS NULL", /credit_ledger_visitor_created_idx/],
    ["a profile's orders", "SELECT * FROM orders WHERE user_profile_id = 'p' ORDER BY created_at DESC", /orders_profile_created_idx/],
    ["a visitor's orders", "SELECT * FROM orders WHERE visitor_id = 'v' ORDER BY created_at DESC", /orders_visitor_created_idx/],
    ["an order by provider reference", "SELECT * FROM orders WHERE provider = 'stripe' AND provider_ref = 'cs_1'", /orders_provider_ref_unique/],
    ["a profile's subscriptions", "SELECT * FROM subscriptions WHERE user_profile_id = 'p'", /subscriptions_profile_idx/],
    ["a visitor's subscriptions", "SELECT * FROM subscriptions WHERE visitor_id = 'v'", /subscriptions_visitor_idx/],
    ["a profile's Nino memory", "SELECT * FROM nino_memory WHERE user_profile_id = 'p'", /nino_memory_profile_unique/],
    ["a visitor's Nino memory", "SELECT * FROM nino_memory WHERE visitor_id = 'v' AND user_profile_id IS NULL", /nino_memory_visitor_unique/],
    ["a book's pages", "SELECT * FROM storybook_pages WHERE book_id = 'b' ORDER BY page_number", /storybook_pages_book_page_unique/],
    ["a parent's saved children", "SELECT * FROM saved_children WHERE user_profile_id = 'p' ORDER BY created_at", /saved_children_profile_idx/],
    ["a saved child's books (set free when it is deleted)", "UPDATE storybooks SET child_id = NULL WHERE child_id = 'c'", /storybooks_child_idx/],
  ];

  it.each(lookups)("%s", async (_label, query, index) => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join(" | ");
    expect(plan).toMatch(index);
    expect(plan).toContain("SEARCH");
  });
});
