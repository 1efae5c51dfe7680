import type Database from 'better-sqlite3';
import { z } from 'zod';
import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import { foreignKeyInfo, groupBy, indexInfo } from '../shared/key-info';
import { quoteWith } from '../shared/identifiers';
import type { ColumnMetadata, TableListItem, TableMetadata } from '../types';
import { sqliteGenericType } from './sqlite-types';

type Db = Database.Database;

const masterRow = z.object({ name: z.string(), type: z.string() });
const columnRow = z.object({
  name: z.string(),
  type: z.string(),
  notnull: z.number(),
  dflt_value: z.string().nullable(),
  pk: z.number(),
  hidden: z.number(),
});
const fkRow = z.object({
  id: z.number(),
  seq: z.number(),
  table: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  on_update: z.string(),
  on_delete: z.string(),
});
const indexListRow = z.object({ name: z.string(), unique: z.number(), origin: z.string() });
const indexInfoRow = z.object({ seqno: z.number(), name: z.string().nullable() });
const nameRow = z.object({ name: z.string() });

function all<T>(db: Db, schema: z.ZodType<T>, sql: string, ...params: unknown[]): T[] {
  return z.array(schema).parse(db.prepare(sql).all(...params));
}

const master = (schema: string): string => `${quoteWith(schema, '"')}.sqlite_master`;

export function sqliteTables(db: Db, schema: string): TableListItem[] {
  const rows = all(
    db,
    masterRow,
    `SELECT name, type FROM ${master(schema)} WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
  );
  return rows.map((r) => ({ name: r.name, type: r.type === 'view' ? 'view' : 'table' }));
}

export function sqliteFunctionNames(db: Db): string[] {
  return all(db, nameRow, 'SELECT DISTINCT name FROM pragma_function_list ORDER BY name').map((r) => r.name);
}

function columnOf(row: z.infer<typeof columnRow>): ColumnMetadata {
  const generic = sqliteGenericType(row.type);
  const paren = row.type.indexOf('(');
  return {
    name: row.name,
    type: (paren === -1 ? row.type : row.type.slice(0, paren)).trim().toUpperCase(),
    longType: row.type.toUpperCase(),
    type_generic: generic,
    is_dttm: generic === GENERIC_DATA_TYPES.TEMPORAL,
    // SQLite lets PRIMARY KEY columns (except INTEGER PRIMARY KEY) hold NULL unless declared NOT NULL.
    nullable: row.notnull === 0,
    default: row.dflt_value,
    comment: null,
  };
}

/** The primary key columns of a table, in key order; foreign keys that omit the target use them. */
function primaryKeyColumns(columns: readonly z.infer<typeof columnRow>[]): string[] {
  return columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
}

function tableColumns(db: Db, table: string, schema: string): z.infer<typeof columnRow>[] {
  return all(db, columnRow, 'SELECT * FROM pragma_table_xinfo(?, ?)', table, schema).filter(
    (c) => c.hidden !== 1,
  );
}

export function sqliteTableMetadata(db: Db, table: string, schema: string): TableMetadata | null {
  const exists = all(
    db,
    masterRow,
    `SELECT name, type FROM ${master(schema)} WHERE type IN ('table', 'view') AND name = ?`,
    table,
  );
  if (exists.length === 0) return null;
  const columns = tableColumns(db, table, schema);
  const fks = groupBy(
    all(db, fkRow, 'SELECT * FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq', table, schema),
    (r) => r.id,
  );
  const indexes = all(db, indexListRow, 'SELECT * FROM pragma_index_list(?, ?)', table, schema)
    .filter((i) => i.origin !== 'pk')
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    name: table,
    schema,
    columns: columns.map(columnOf),
    primaryKey: { name: null, column_names: primaryKeyColumns(columns) },
    foreignKeys: [...fks.values()].map((list) => {
      const first = list[0];
      const referredTable = first?.table ?? '';
      const implicit = list.some((r) => r.to === null);
      const referredColumns = implicit
        ? primaryKeyColumns(tableColumns(db, referredTable, schema))
        : list.map((r) => r.to ?? '');
      const options: Record<string, unknown> = {};
      if (first && first.on_update !== 'NO ACTION') options.onupdate = first.on_update;
      if (first && first.on_delete !== 'NO ACTION') options.ondelete = first.on_delete;
      return foreignKeyInfo({
        name: null,
        columns: list.map((r) => r.from),
        referredTable,
        referredColumns,
        referredSchema: null,
        options,
      });
    }),
    indexes: indexes.map((index) => {
      const cols = all(
        db,
        indexInfoRow,
        'SELECT * FROM pragma_index_info(?, ?) ORDER BY seqno',
        index.name,
        schema,
      );
      return indexInfo({
        name: index.name,
        columns: cols.flatMap((c) => (c.name === null ? [] : [c.name])),
        unique: index.unique === 1,
      });
    }),
    comment: null,
  };
}
