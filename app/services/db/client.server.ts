import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema/index";

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof build>;

/**
 * One drizzle client per D1 binding, reused by every request of the isolate: building one walks
 * the whole schema (about 5 % of a page's CPU when it was done three times per request). The client
 * holds no per-request state, so sharing it is safe.
 */
const clients = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = build(d1);
    clients.set(d1, db);
  }
  return db;
}
