import {
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBTimestampValue,
  type DuckDBAppender,
  type DuckDBConnection,
} from '@duckdb/node-api';
import type { Rng } from './prng';
import type { Cell, ColumnSpec, ColumnType, TableSpec } from './table-spec';

const MICROS_PER_DAY = 86_400_000_000n;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function createTableSql(table: TableSpec): string {
  const columns = table.columns.map(
    (column) => `${quoteIdent(column.name)} ${column.type}${column.nullable === true ? '' : ' NOT NULL'}`,
  );
  return `CREATE TABLE main.${quoteIdent(table.name)} (${columns.join(', ')})`;
}

/** The columns a table's rows carry, in row order (see TableSpec.filled). */
export function filledColumns(table: TableSpec): readonly ColumnSpec[] {
  if (table.filled === undefined) return table.columns;
  const byName = new Map(table.columns.map((column) => [column.name, column]));
  const filled = table.filled.map((name) => {
    const column = byName.get(name);
    if (column === undefined) throw new Error(`examples: ${table.name} has no column ${name}`);
    return column;
  });
  const left = table.columns.find(
    (column) => !table.filled?.includes(column.name) && column.nullable !== true,
  );
  if (left !== undefined)
    throw new Error(`examples: ${table.name}.${left.name} is never filled but NOT NULL`);
  return filled;
}

function decimalShape(type: ColumnType): { width: number; scale: number } | undefined {
  if (type === 'DECIMAL(10,2)') return { width: 10, scale: 2 };
  if (type === 'DECIMAL(12,2)') return { width: 12, scale: 2 };
  return undefined;
}

function cellError(table: string, column: ColumnSpec, value: Cell): Error {
  return new Error(
    `examples: bad value ${JSON.stringify(value)} for ${table}.${column.name} (${column.type})`,
  );
}

function appendCell(appender: DuckDBAppender, table: string, column: ColumnSpec, value: Cell): void {
  if (value === null) {
    if (column.nullable !== true) throw cellError(table, column, value);
    appender.appendNull();
    return;
  }
  if (column.type === 'VARCHAR') {
    if (typeof value !== 'string') throw cellError(table, column, value);
    appender.appendVarchar(value);
    return;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw cellError(table, column, value);
  switch (column.type) {
    case 'INTEGER':
      if (!Number.isInteger(value)) throw cellError(table, column, value);
      appender.appendInteger(value);
      return;
    case 'BIGINT':
      if (!Number.isSafeInteger(value)) throw cellError(table, column, value);
      appender.appendBigInt(BigInt(value));
      return;
    case 'DOUBLE':
      appender.appendDouble(value);
      return;
    case 'DATE':
      if (!Number.isInteger(value)) throw cellError(table, column, value);
      appender.appendDate(new DuckDBDateValue(value));
      return;
    case 'TIMESTAMP':
      if (!Number.isInteger(value)) throw cellError(table, column, value);
      appender.appendTimestamp(new DuckDBTimestampValue(BigInt(value) * MICROS_PER_DAY));
      return;
    case 'DECIMAL(10,2)':
    case 'DECIMAL(12,2)': {
      const shape = decimalShape(column.type);
      if (shape === undefined || !Number.isSafeInteger(value)) throw cellError(table, column, value);
      appender.appendDecimal(new DuckDBDecimalValue(BigInt(value), shape.width, shape.scale));
      return;
    }
  }
}

/** Creates the table and bulk-loads the generator's rows through one appender. Returns the row count. */
export async function loadTable(connection: DuckDBConnection, table: TableSpec, rng: Rng): Promise<number> {
  await connection.run(createTableSql(table));
  const columns = filledColumns(table);
  if (columns === table.columns) return appendRows(connection, table, table.name, columns, rng);
  // A sparse table: rows go into a narrow temporary table, then one INSERT copies them across and
  // leaves every other column NULL.
  const staging = `load_${table.name}`;
  await connection.run(
    `CREATE TEMP TABLE ${quoteIdent(staging)} AS SELECT ${columns.map((column) => quoteIdent(column.name)).join(', ')}
     FROM main.${quoteIdent(table.name)} LIMIT 0`,
  );
  try {
    const count = await appendRows(connection, table, staging, columns, rng, 'temp');
    const names = columns.map((column) => quoteIdent(column.name)).join(', ');
    await connection.run(
      `INSERT INTO main.${quoteIdent(table.name)} (${names}) SELECT ${names} FROM temp.main.${quoteIdent(staging)}`,
    );
    return count;
  } finally {
    await connection.run(`DROP TABLE IF EXISTS temp.main.${quoteIdent(staging)}`);
  }
}

/** Streams the generator's rows into one table through one appender. Returns the row count. */
async function appendRows(
  connection: DuckDBConnection,
  table: TableSpec,
  target: string,
  columns: readonly ColumnSpec[],
  rng: Rng,
  catalog?: string,
): Promise<number> {
  const appender = await connection.createAppender(target, 'main', catalog);
  let count = 0;
  try {
    for (const row of table.rows(rng)) {
      if (row.length !== columns.length) {
        throw new Error(`examples: ${table.name} row has ${row.length} cells, expected ${columns.length}`);
      }
      columns.forEach((column, index) => {
        appendCell(appender, table.name, column, row[index] ?? null);
      });
      appender.endRow();
      count++;
    }
  } catch (error) {
    // The half-built file is thrown away by the caller; only release the appender here.
    try {
      appender.clear();
      appender.closeSync();
    } catch {
      // Closing a broken appender may fail as well; the original error is the one worth reporting.
    }
    throw error;
  }
  appender.closeSync();
  return count;
}
