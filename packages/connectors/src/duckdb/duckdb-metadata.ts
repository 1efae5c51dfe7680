import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { columnMetadata } from '../shared/column-metadata';
import { foreignKeyInfo, indexInfo } from '../shared/key-info';
import type { TableListItem, TableMetadata } from '../types';

const nameRow = z.object({ name: z.string() });
const tableRow = z.object({ name: z.string(), kind: z.string() });
const relationRow = z.object({ schema_name: z.string(), comment: z.string().nullable() });
const columnRow = z.object({
  name: z.string(),
  data_type: z.string(),
  is_nullable: z.boolean(),
  column_default: z.string().nullable(),
  comment: z.string().nullable(),
});
const constraintRow = z.object({
  constraint_type: z.string(),
  constraint_name: z.string().nullable(),
  constraint_column_names: z.array(z.string()),
  referenced_table: z.string().nullable(),
  referenced_column_names: z.array(z.string()).nullable(),
});
const indexRow = z.object({
  index_name: z.string(),
  is_unique: z.boolean(),
  expressions: z.string().nullable(),
});

async function rows<T>(
  conn: DuckDBConnection,
  schema: z.ZodType<T>,
  sql: string,
  params: string[] = [],
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, params);
  return z.array(schema).parse(reader.getRowObjectsJson());
}

const IN_CURRENT_DB = 'database_name = current_database()';
// '' stands for "the current schema": parameters are bound as text, never as NULL.
const SCHEMA = `schema_name = COALESCE(NULLIF(?, ''), current_schema())`;

export async function duckdbSchemas(conn: DuckDBConnection): Promise<string[]> {
  const list = await rows(
    conn,
    nameRow,
    `SELECT schema_name AS name FROM duckdb_schemas()
     WHERE ${IN_CURRENT_DB} AND schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY schema_name`,
  );
  return list.map((r) => r.name);
}

export async function duckdbTables(conn: DuckDBConnection, schema: string): Promise<TableListItem[]> {
  const list = await rows(
    conn,
    tableRow,
    `SELECT table_name AS name, 'table' AS kind FROM duckdb_tables() WHERE ${IN_CURRENT_DB} AND schema_name = ?
     UNION ALL
     SELECT view_name AS name, 'view' AS kind FROM duckdb_views() WHERE ${IN_CURRENT_DB} AND schema_name = ? AND NOT internal
     ORDER BY name`,
    [schema, schema],
  );
  return list.map((r) => ({ name: r.name, type: r.kind === 'view' ? 'view' : 'table' }));
}

export async function duckdbFunctionNames(conn: DuckDBConnection): Promise<string[]> {
  const list = await rows(
    conn,
    nameRow,
    'SELECT DISTINCT function_name AS name FROM duckdb_functions() ORDER BY 1',
  );
  return list.map((r) => r.name);
}

/** duckdb_indexes() gives the key as text like "[a, "b c"]". */
function indexColumns(expressions: string | null): string[] {
  if (!expressions) return [];
  const inner = expressions.replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(/,\s*/)
    .map((part) => part.trim().replace(/^"(.*)"$/, '$1'))
    .filter((part) => part.length > 0);
}

export async function duckdbTableMetadata(
  conn: DuckDBConnection,
  table: string,
  schema: string | null,
): Promise<TableMetadata | null> {
  const schemaParam = schema ?? '';
  const [relation] = await rows(
    conn,
    relationRow,
    `SELECT schema_name, comment FROM duckdb_tables() WHERE ${IN_CURRENT_DB} AND ${SCHEMA} AND table_name = ?
     UNION ALL
     SELECT schema_name, comment FROM duckdb_views() WHERE ${IN_CURRENT_DB} AND ${SCHEMA} AND view_name = ? AND NOT internal`,
    [schemaParam, table, schemaParam, table],
  );
  if (!relation) return null;
  const where = [relation.schema_name, table];
  const [columns, constraints, indexes] = await Promise.all([
    rows(
      conn,
      columnRow,
      `SELECT column_name AS name, data_type, is_nullable, column_default, comment FROM duckdb_columns()
       WHERE ${IN_CURRENT_DB} AND schema_name = ? AND table_name = ? ORDER BY column_index`,
      where,
    ),
    rows(
      conn,
      constraintRow,
      `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
       FROM duckdb_constraints() WHERE ${IN_CURRENT_DB} AND schema_name = ? AND table_name = ?
       AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') ORDER BY constraint_name`,
      where,
    ),
    rows(
      conn,
      indexRow,
      `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
       WHERE ${IN_CURRENT_DB} AND schema_name = ? AND table_name = ? ORDER BY index_name`,
      where,
    ),
  ]);
  const primary = constraints.find((c) => c.constraint_type === 'PRIMARY KEY');
  return {
    name: table,
    schema: relation.schema_name,
    columns: columns.map((c) =>
      columnMetadata({
        name: c.name,
        longType: c.data_type,
        nullable: c.is_nullable,
        default: c.column_default,
        comment: c.comment,
      }),
    ),
    primaryKey: {
      name: primary?.constraint_name ?? null,
      column_names: primary?.constraint_column_names ?? [],
    },
    foreignKeys: constraints
      .filter((c) => c.constraint_type === 'FOREIGN KEY')
      .map((c) =>
        foreignKeyInfo({
          name: c.constraint_name,
          columns: c.constraint_column_names,
          referredTable: c.referenced_table ?? '',
          referredColumns: c.referenced_column_names ?? [],
          referredSchema: relation.schema_name,
        }),
      ),
    indexes: indexes.map((i) =>
      indexInfo({ name: i.index_name, columns: indexColumns(i.expressions), unique: i.is_unique }),
    ),
    comment: relation.comment,
  };
}
