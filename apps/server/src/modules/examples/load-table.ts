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
  const appender = await connection.createAppender(table.name, 'main');
  let count = 0;
  try {
    for (const row of table.rows(rng)) {
      if (row.length !== table.columns.length) {
        throw new Error(
          `examples: ${table.name} row has ${row.length} cells, expected ${table.columns.length}`,
        );
      }
      table.columns.forEach((column, index) => {
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
