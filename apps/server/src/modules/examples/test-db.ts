import { DuckDBInstance } from '@duckdb/node-api';
import { z } from 'zod';

/** A read-only view of a generated examples file, for tests: rows come back parsed by a zod schema. */
export interface ReadOnlyDb {
  query<T>(sql: string, row: z.ZodType<T>): Promise<T[]>;
  /** The single value of a one-row, one-column query, as a number. */
  scalar(sql: string): Promise<number>;
  close(): void;
}

const scalarRow = z.object({ value: z.coerce.number() });

export async function openReadOnly(file: string): Promise<ReadOnlyDb> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  const query = async <T>(sql: string, row: z.ZodType<T>): Promise<T[]> => {
    const reader = await connection.runAndReadAll(sql);
    return z.array(row).parse(reader.getRowObjectsJson());
  };
  return {
    query,
    scalar: async (sql) => {
      const [first] = await query(sql, scalarRow);
      if (first === undefined) throw new Error(`no row from: ${sql}`);
      return first.value;
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Hash of a table's full content in load order: equal hashes mean equal rows. */
export function tableChecksumSql(table: string): string {
  return `SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY rowid)) AS value FROM main."${table}" AS t`;
}
