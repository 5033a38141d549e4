import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * usage_quotas: how many times a subject (a visitor, a signed-in account, or a client address) used a
 * quota'd group (the chat, the image endpoints, Nino's turns) on one UTC day. Counted by one
 * conditional statement (app/services/db/limits.server.ts); rows of past days are swept by the cron trigger.
 */
export const usageQuotas = sqliteTable(
  "usage_quotas",
  {
    /** "visitor:{id}", "account:{userId}" or "client:{clientKey}" */
    subject: text("subject").notNull(),
    bucket: text("bucket").notNull(),
    /** YYYY-MM-DD, UTC */
    day: text("day").notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.bucket, t.day] }), index("usage_quotas_day_idx").on(t.day)],
);

/**
 * connection_leases: one row per open live-progress stream or Nino WebSocket, so the number a visitor
 * and a client address hold open at once can be capped. A row is taken by one conditional insert, and
 * goes away when the connection closes, when its expiry passes (a stream renews it while it runs), or,
 * for a socket, when its conversation's object says the socket is gone.
 */
export const connectionLeases = sqliteTable(
  "connection_leases",
  {
    id: text("id").primaryKey(),
    /** "stream" or "socket" */
    kind: text("kind").notNull(),
    visitor: text("visitor").notNull(),
    /** the client key: the client address, else the visitor (local runs) */
    client: text("client").notNull(),
    /** what it is connected to: a book id, or the Durable Object name of a conversation */
    target: text("target").notNull(),
    /** a socket's object accepted it (a lease not yet confirmed is never reclaimed early) */
    confirmed: integer("confirmed", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("connection_leases_visitor_idx").on(t.kind, t.visitor, t.expiresAt),
    index("connection_leases_client_idx").on(t.kind, t.client, t.expiresAt),
    index("connection_leases_target_idx").on(t.target),
    index("connection_leases_expires_idx").on(t.expiresAt),
  ],
);
