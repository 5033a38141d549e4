import { getTableColumns, is, sql, SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The SELECT for `db.insert(table).select(...)` that inserts `row` only while `condition` holds:
 * `INSERT INTO t (every column) SELECT <the row's values> WHERE <condition>`. One statement, so the
 * check and the write cannot be split by another request (the house rule for anything that spends
 * credits). Columns the row leaves out get their declared defaults, exactly as a plain insert would.
 */
export function rowWhere<T extends SQLiteTable>(table: T, row: T["$inferInsert"], condition: SQL): SQL {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (row as Record<string, unknown>)[key];
    if (value !== undefined) return sql.param(value, column);
    if (column.default !== undefined && column.default !== null) return is(column.default, SQL) ? column.default : sql.param(column.default, column);
    if (column.defaultFn !== undefined) {
      const made = column.defaultFn();
      return is(made, SQL) ? made : sql.param(made, column);
    }
    if (column.onUpdateFn !== undefined) {
      const made = column.onUpdateFn();
      return is(made, SQL) ? made : sql.param(made, column);
    }
    return sql`null`;
  });
  // SQLite reads INSERT ... SELECT ... ON CONFLICT unambiguously only when the SELECT has a WHERE.
  return sql`select ${sql.join(values, sql`, `)} where ${condition}`;
}
