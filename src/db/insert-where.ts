import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * `insert into <table> select <row> where <condition>`, written so it can go in a D1 batch: the
 * row is inserted only where the condition holds when the batch reaches it (a change took). Every
 * column in the table's order, as drizzle's insert-from-select needs: the value given (plain, or
 * SQL read from another row), else the column's default, else null.
 */
export function rowWhere<T extends SQLiteTable>(
  table: T,
  values: Partial<Record<keyof T['$inferInsert'], unknown>>,
  where: SQL,
): SQL {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const given = (values as Record<string, unknown>)[key];
    if (given === null) return sql`null`;
    if (given !== undefined) return is(given, SQL) ? given : sql`${column.mapToDriverValue(given)}`;
    if (column.default !== undefined)
      return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
    return sql`null`;
  });
  return sql`select ${sql.join(columns, sql`, `)} where ${where}`;
}
