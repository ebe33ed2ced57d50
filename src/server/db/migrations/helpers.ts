import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../connection';

/** Adds an auto-incrementing integer primary key `id` in the dialect's own way. */
export function idColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
