import type { QueryFilter, QueryObject } from '@tessera/contracts';
import type { ExecuteResult } from '@tessera/connectors';
import { ChartDataError } from './chart-data-error';
import { dialectFor, type SqlDialect, type SqlValue } from './dialect';

/** What resolving a LATEST PARTITION filter reads: the dataset's table and a way to run SQL on it. */
export interface PartitionSource {
  engine: SqlDialect['engine'];
  schema: string | null;
  table: string;
  /** True for a virtual dataset, whose SQL has no partitions to speak of. */
  virtual: boolean;
  /** The physical columns of the dataset, by name. */
  columns: readonly { column_name: string }[];
  run: (sql: string) => Promise<ExecuteResult>;
}

const LATEST = 'LATEST PARTITION';

/** The partition key columns of a table, by the engine's catalog; [] when it is not partitioned. */
async function partitionKeys(source: PartitionSource, d: SqlDialect): Promise<string[]> {
  const schema = source.schema === null ? null : d.literal(source.schema);
  if (source.engine === 'postgresql') {
    const result = await source.run(
      [
        'SELECT a.attname AS name FROM pg_partitioned_table p',
        'JOIN pg_class c ON c.oid = p.partrelid',
        'JOIN pg_namespace n ON n.oid = c.relnamespace',
        'JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = ANY (p.partattrs::int2[])',
        `WHERE n.nspname = ${schema ?? 'current_schema()'} AND c.relname = ${d.literal(source.table)}`,
      ].join('\n'),
    );
    return result.rows.flatMap((row) => (typeof row[0] === 'string' ? [row[0]] : []));
  }
  // MariaDB / MySQL: the partitioning expression, `col` or `a`,`b` for COLUMNS partitioning; an
  // expression such as year(`d`) partitions by something no column holds, so it names no column.
  const result = await source.run(
    [
      'SELECT DISTINCT PARTITION_EXPRESSION FROM information_schema.PARTITIONS',
      `WHERE TABLE_SCHEMA = ${schema ?? 'DATABASE()'} AND TABLE_NAME = ${d.literal(source.table)}`,
      'AND PARTITION_NAME IS NOT NULL',
    ].join('\n'),
  );
  return result.rows.flatMap((row) => {
    const expression = row[0];
    if (typeof expression !== 'string') return [];
    return expression.split(',').flatMap((part) => {
      const match = /^\s*`((?:[^`]|``)+)`\s*$/.exec(part) ?? /^\s*(\w+)\s*$/.exec(part);
      return match?.[1] ? [match[1].replace(/``/g, '`')] : [];
    });
  });
}

/** The newest value of the partition key: the value the latest partition holds (null: none). */
function latestValue(value: unknown, column: string): SqlValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw ChartDataError.message(
    400,
    `The latest partition of column ${column} holds a value a filter cannot compare with.`,
  );
}

async function resolveFilter(source: PartitionSource, filter: QueryFilter): Promise<QueryFilter> {
  const d = dialectFor(source.engine);
  if (source.engine !== 'postgresql' && source.engine !== 'mysql')
    throw ChartDataError.message(
      400,
      `The ${LATEST} filter needs a partitioned table; ${source.engine} tables have no partitions.`,
    );
  if (source.virtual)
    throw ChartDataError.message(
      400,
      `The ${LATEST} filter needs a physical dataset: a virtual dataset's SQL has no partitions.`,
    );
  const column = typeof filter.col === 'string' ? filter.col : null;
  if (column === null || !source.columns.some((candidate) => candidate.column_name === column))
    throw ChartDataError.message(400, `The ${LATEST} filter needs a column of the dataset.`);
  const keys = await partitionKeys(source, d);
  if (!keys.includes(column))
    throw ChartDataError.message(400, `Column ${column} is not a partition column of table ${source.table}.`);
  const table =
    source.schema === null ? d.quote(source.table) : `${d.quote(source.schema)}.${d.quote(source.table)}`;
  const result = await source.run(`SELECT MAX(${d.quote(column)}) AS latest FROM ${table}`);
  const value = latestValue(result.rows[0]?.[0], column);
  // An empty table has no latest partition: the filter then matches nothing.
  return value === null ? { ...filter, op: 'IN', val: [] } : { ...filter, op: '==', val: value };
}

/**
 * Superset's LATEST PARTITION filter (spec 001 §9 filter operators): the filter on a partition column
 * becomes `column = <the latest partition's value>`, read from the engine when the query runs. On
 * PostgreSQL the column must be a declarative partition key of the table, on MariaDB/MySQL a column of
 * its partitioning; the value is the key's newest value, which the latest partition holds. Engines
 * without partitions (SQLite, DuckDB), virtual datasets and other columns are a 400.
 */
export async function resolveLatestPartitions(
  source: PartitionSource,
  query: QueryObject,
): Promise<QueryObject> {
  const filters = query.filters ?? [];
  if (!filters.some((filter) => filter.op === LATEST)) return query;
  const resolved: QueryFilter[] = [];
  for (const filter of filters)
    resolved.push(filter.op === LATEST ? await resolveFilter(source, filter) : filter);
  return { ...query, filters: resolved };
}
