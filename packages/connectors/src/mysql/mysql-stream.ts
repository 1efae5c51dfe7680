import type { Connection } from 'mysql2';
import { z } from 'zod';
import { mysqlFieldSchema } from './mysql-types';
import type { MysqlField } from './mysql-types';

const okPacketSchema = z.object({ affectedRows: z.number() });

export interface StreamedResult {
  fields: MysqlField[];
  rows: unknown[][];
  affectedRows: number | null;
  /** True when `limit` rows were read and the connection was paused with more rows pending. */
  more: boolean;
}

/**
 * Runs one statement and collects at most `limit` rows of its first result set from the row
 * events. When the limit is reached the socket is paused and the promise resolves at once: the
 * caller must then discard the connection, because MySQL cannot stop a result set half way.
 */
export function streamQuery(conn: Connection, sql: string, limit: number): Promise<StreamedResult> {
  return new Promise((resolve, reject) => {
    let fields: MysqlField[] = [];
    const rows: unknown[][] = [];
    let affectedRows: number | null = null;
    let settled = false;
    const finish = (more: boolean): void => {
      if (settled) return;
      settled = true;
      resolve({ fields, rows, affectedRows, more });
    };
    const query = conn.query({ sql, rowsAsArray: true });
    query.on('fields', (packet: unknown, index: unknown) => {
      // Statements without a result set emit 'fields' with nothing; a throw here would wedge the parser.
      if (index !== 0 && index !== undefined) return;
      const parsed = z.array(mysqlFieldSchema).safeParse(packet);
      if (parsed.success) fields = parsed.data;
    });
    query.on('result', (row: unknown, index: unknown) => {
      if (settled) return;
      if (Array.isArray(row)) {
        if (index !== 0 && index !== undefined) return;
        rows.push(row);
        if (rows.length >= limit) {
          conn.pause();
          finish(true);
        }
        return;
      }
      const ok = okPacketSchema.safeParse(row);
      if (ok.success && affectedRows === null) affectedRows = ok.data.affectedRows;
    });
    query.on('error', (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    });
    query.on('end', () => finish(false));
  });
}

/** A statement whose rows we do not need (session setup, transaction control). */
export function runCommand(conn: Connection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    conn.query(sql, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

export interface FieldsAndRows {
  fields: MysqlField[];
  rows: unknown[][];
}

/**
 * Runs one statement and yields the rows of its first result set in batches. The socket is paused
 * while the consumer holds a batch, so memory stays bounded by `batchSize`. `finished()` tells
 * whether the result set was read to its end: if not, the caller must discard the connection.
 */
export function streamBatches(
  conn: Connection,
  sql: string,
  batchSize: number,
): { batches: AsyncGenerator<FieldsAndRows>; finished: () => boolean } {
  let fields: MysqlField[] = [];
  let buffer: unknown[][] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const query = conn.query({ sql, rowsAsArray: true });
  query.on('fields', (packet: unknown, index: unknown) => {
    if (index !== 0 && index !== undefined) return;
    const parsed = z.array(mysqlFieldSchema).safeParse(packet);
    if (parsed.success) fields = parsed.data;
  });
  query.on('result', (row: unknown, index: unknown) => {
    if (!Array.isArray(row) || (index !== 0 && index !== undefined)) return;
    buffer.push(row);
    if (buffer.length >= batchSize) {
      conn.pause();
      notify();
    }
  });
  query.on('error', (error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    notify();
  });
  query.on('end', () => {
    ended = true;
    notify();
  });

  async function* batches(): AsyncGenerator<FieldsAndRows> {
    let yielded = false;
    for (;;) {
      if (failure) throw failure;
      if (buffer.length >= batchSize || (ended && (buffer.length > 0 || !yielded))) {
        const rows = buffer;
        buffer = [];
        yielded = true;
        yield { fields, rows };
        if (!ended) conn.resume();
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  return { batches: batches(), finished: () => ended || failure !== null };
}
