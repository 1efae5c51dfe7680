import { z } from 'zod';
import { columnMetadata } from '../shared/column-metadata';
import { foreignKeyInfo, indexInfo } from '../shared/key-info';
import type { TableExtraMetadata, TableListItem, TableMetadata } from '../types';
import * as SQL from './pg-metadata-sql';
import { normalisePgTypeName } from './pg-type-names';

/** Runs one catalog query and returns its rows (pool.query in production). */
export type PgRowsQuery = (sql: string, params?: unknown[]) => Promise<unknown[]>;

const nameRow = z.object({ name: z.string() });
const tableRow = z.object({ name: z.string(), kind: z.string() });
const relationRow = z.object({
  oid: z.string(),
  schema: z.string(),
  kind: z.string(),
  is_partition: z.boolean(),
  comment: z.string().nullable(),
});
const columnRow = z.object({
  name: z.string(),
  type: z.string(),
  builtin: z.boolean(),
  nullable: z.boolean(),
  default: z.string().nullable(),
  comment: z.string().nullable(),
});
const constraintRow = z.object({
  name: z.string(),
  type: z.string(),
  columns: z.array(z.string()),
  referred_columns: z.array(z.string()),
  referred_table: z.string().nullable(),
  referred_schema: z.string().nullable(),
  on_update: z.string(),
  on_delete: z.string(),
});
const indexRow = z.object({ name: z.string(), unique: z.boolean(), columns: z.array(z.string()) });
const partitioningRow = z.object({
  key: z.string(),
  strategy: z.string(),
  columns: z.array(z.string()),
  children: z.array(z.string()),
});
const partitionOfRow = z.object({
  parent: z.string(),
  parent_schema: z.string(),
  bound: z.string().nullable(),
});

const KIND_TYPES: Record<string, TableListItem['type']> = {
  r: 'table',
  p: 'table',
  f: 'table',
  v: 'view',
  m: 'materialized_view',
};
const FK_ACTIONS: Record<string, string> = { c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT', r: 'RESTRICT' };
const PARTITION_STRATEGIES: Record<string, string> = { r: 'range', l: 'list', h: 'hash' };

async function rows<T>(
  query: PgRowsQuery,
  schema: z.ZodType<T>,
  sql: string,
  params?: unknown[],
): Promise<T[]> {
  return z.array(schema).parse(await query(sql, params));
}

export async function pgCatalogs(query: PgRowsQuery): Promise<string[]> {
  return (await rows(query, nameRow, SQL.SQL_CATALOGS)).map((r) => r.name);
}

export async function pgSchemas(query: PgRowsQuery): Promise<string[]> {
  return (await rows(query, nameRow, SQL.SQL_SCHEMAS)).map((r) => r.name);
}

export async function pgTables(query: PgRowsQuery, schema: string): Promise<TableListItem[]> {
  const list = await rows(query, tableRow, SQL.SQL_TABLES, [schema]);
  return list.map((r) => ({ name: r.name, type: KIND_TYPES[r.kind] ?? 'table' }));
}

export async function pgFunctionNames(query: PgRowsQuery): Promise<string[]> {
  return (await rows(query, nameRow, SQL.SQL_FUNCTIONS)).map((r) => r.name);
}

async function findRelation(query: PgRowsQuery, table: string, schema: string | null) {
  const [relation] = await rows(query, relationRow, SQL.SQL_RELATION, [table, schema]);
  return relation ?? null;
}

function fkOptions(row: z.infer<typeof constraintRow>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const onUpdate = FK_ACTIONS[row.on_update];
  const onDelete = FK_ACTIONS[row.on_delete];
  if (onUpdate) options.onupdate = onUpdate;
  if (onDelete) options.ondelete = onDelete;
  return options;
}

export async function pgTableMetadata(
  query: PgRowsQuery,
  table: string,
  schema: string | null,
): Promise<TableMetadata | null> {
  const relation = await findRelation(query, table, schema);
  if (!relation) return null;
  const [columns, constraints, indexes] = await Promise.all([
    rows(query, columnRow, SQL.SQL_COLUMNS, [relation.oid]),
    rows(query, constraintRow, SQL.SQL_CONSTRAINTS, [relation.oid]),
    rows(query, indexRow, SQL.SQL_INDEXES, [relation.oid]),
  ]);
  const primary = constraints.find((c) => c.type === 'p');
  return {
    name: table,
    schema: relation.schema,
    columns: columns.map((c) =>
      columnMetadata({
        name: c.name,
        longType: normalisePgTypeName(c.type, c.builtin),
        nullable: c.nullable,
        default: c.default,
        comment: c.comment,
      }),
    ),
    primaryKey: { name: primary?.name ?? null, column_names: primary?.columns ?? [] },
    foreignKeys: constraints
      .filter((c) => c.type === 'f')
      .map((c) =>
        foreignKeyInfo({
          name: c.name,
          columns: c.columns,
          referredTable: c.referred_table ?? '',
          referredColumns: c.referred_columns,
          referredSchema: c.referred_schema,
          options: fkOptions(c),
        }),
      ),
    indexes: indexes.map((i) => indexInfo({ name: i.name, columns: i.columns, unique: i.unique })),
    comment: relation.comment,
  };
}

/** Partitioning of a partitioned table, or the parent and bound of a partition. */
export async function pgTableExtraMetadata(
  query: PgRowsQuery,
  table: string,
  schema: string | null,
): Promise<TableExtraMetadata> {
  const empty: TableExtraMetadata = { metadata: {}, partitions: null, clustering: null };
  const relation = await findRelation(query, table, schema);
  if (!relation) return empty;
  const metadata: Record<string, unknown> = {};
  if (relation.is_partition) {
    const [parent] = await rows(query, partitionOfRow, SQL.SQL_PARTITION_OF, [relation.oid]);
    if (parent)
      metadata.partition_of = { table: parent.parent, schema: parent.parent_schema, bound: parent.bound };
  }
  let partitions: Record<string, unknown> | null = null;
  if (relation.kind === 'p') {
    const [info] = await rows(query, partitioningRow, SQL.SQL_PARTITIONING, [relation.oid]);
    if (info) {
      partitions = {
        strategy: PARTITION_STRATEGIES[info.strategy] ?? info.strategy,
        key: info.key,
        cols: info.columns,
        partitions: info.children,
      };
    }
  }
  return { metadata, partitions, clustering: null };
}
