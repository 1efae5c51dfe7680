import { z } from 'zod';
import { columnMetadata } from '../shared/column-metadata';
import { foreignKeyInfo, groupBy, indexInfo } from '../shared/key-info';
import type { TableListItem, TableMetadata } from '../types';
import { MYSQL_BUILTIN_FUNCTIONS } from './mysql-builtin-functions';
import * as SQL from './mysql-metadata-sql';

export type MysqlRowsQuery = (sql: string, params?: unknown[]) => Promise<unknown[]>;

/** information_schema text can arrive as a Buffer (binary collations): read it as UTF-8. */
const text = z
  .union([z.string(), z.instanceof(Uint8Array)])
  .transform((v) => (typeof v === 'string' ? v : Buffer.from(v).toString('utf8')));
const optionalText = text.nullable();

const nameRow = z.object({ name: text });
const tableRow = z.object({ name: text, kind: text });
const relationRow = z.object({ schema_name: text, kind: text, comment: optionalText });
const columnRow = z.object({
  name: text,
  column_type: text,
  nullable: text,
  default_value: optionalText,
  comment: optionalText,
});
const indexRow = z.object({ name: text, column_name: optionalText, non_unique: z.coerce.number() });
const fkRow = z.object({
  name: text,
  column_name: text,
  referred_schema: optionalText,
  referred_table: text,
  referred_column: text,
  on_update: optionalText,
  on_delete: optionalText,
});

async function rows<T>(
  query: MysqlRowsQuery,
  schema: z.ZodType<T>,
  sql: string,
  params?: unknown[],
): Promise<T[]> {
  return z.array(schema).parse(await query(sql, params));
}

const emptyToNull = (value: string | null): string | null => (value === null || value === '' ? null : value);

/** MariaDB reports "no default" as the text NULL; a literal NULL default means the same thing. */
const normaliseDefault = (value: string | null): string | null =>
  value === null || value === 'NULL' ? null : value;

export async function mysqlSchemas(query: MysqlRowsQuery): Promise<string[]> {
  return (await rows(query, nameRow, SQL.SQL_SCHEMAS)).map((r) => r.name);
}

export async function mysqlTables(query: MysqlRowsQuery, schema: string): Promise<TableListItem[]> {
  const list = await rows(query, tableRow, SQL.SQL_TABLES, [schema]);
  return list.map((r) => ({ name: r.name, type: r.kind === 'VIEW' ? 'view' : 'table' }));
}

export async function mysqlFunctionNames(query: MysqlRowsQuery): Promise<string[]> {
  const routines = (await rows(query, nameRow, SQL.SQL_ROUTINES)).map((r) => r.name);
  return [...new Set([...MYSQL_BUILTIN_FUNCTIONS, ...routines])].sort((a, b) => a.localeCompare(b));
}

export async function mysqlTableMetadata(
  query: MysqlRowsQuery,
  table: string,
  schema: string | null,
): Promise<TableMetadata | null> {
  const [relation] = await rows(query, relationRow, SQL.SQL_RELATION, [table, schema]);
  if (!relation) return null;
  const where = [relation.schema_name, table];
  const [columns, indexRows, fkRows] = await Promise.all([
    rows(query, columnRow, SQL.SQL_COLUMNS, where),
    rows(query, indexRow, SQL.SQL_INDEX_COLUMNS, where),
    rows(query, fkRow, SQL.SQL_FOREIGN_KEYS, where),
  ]);
  const indexes = groupBy(indexRows, (r) => r.name);
  const primary = indexes.get('PRIMARY') ?? [];
  indexes.delete('PRIMARY');
  const columnNames = (list: readonly { column_name: string | null }[]): string[] =>
    list.flatMap((r) => (r.column_name === null ? [] : [r.column_name]));
  return {
    name: table,
    schema: relation.schema_name,
    columns: columns.map((c) =>
      columnMetadata({
        name: c.name,
        longType: c.column_type.toUpperCase(),
        nullable: c.nullable === 'YES',
        default: normaliseDefault(c.default_value),
        comment: emptyToNull(c.comment),
      }),
    ),
    primaryKey: { name: primary.length > 0 ? 'PRIMARY' : null, column_names: columnNames(primary) },
    foreignKeys: [...groupBy(fkRows, (r) => r.name)].map(([name, list]) => {
      const first = list[0];
      const options: Record<string, unknown> = {};
      if (first?.on_update && first.on_update !== 'RESTRICT' && first.on_update !== 'NO ACTION')
        options.onupdate = first.on_update;
      if (first?.on_delete && first.on_delete !== 'RESTRICT' && first.on_delete !== 'NO ACTION')
        options.ondelete = first.on_delete;
      return foreignKeyInfo({
        name,
        columns: list.map((r) => r.column_name),
        referredTable: first?.referred_table ?? '',
        referredColumns: list.map((r) => r.referred_column),
        referredSchema: first?.referred_schema ?? null,
        options,
      });
    }),
    indexes: [...indexes].map(([name, list]) =>
      indexInfo({ name, columns: columnNames(list), unique: list.every((r) => r.non_unique === 0) }),
    ),
    comment: emptyToNull(relation.comment),
  };
}
