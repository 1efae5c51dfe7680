import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';

/** An auto-incrementing integer primary key in either dialect. */
export function withId<T extends string>(
  table: CreateTableBuilder<T>,
  dialect: MetadataDialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const flag = (col: ColumnDefinitionBuilder, initial: 0 | 1): ColumnDefinitionBuilder =>
  col.notNull().defaultTo(initial);

export interface Migration {
  up(db: Kysely<unknown>, dialect: MetadataDialect): Promise<void>;
  down(db: Kysely<unknown>): Promise<void>;
}
