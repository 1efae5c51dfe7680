import type Cursor from 'pg-cursor';
import type { QueryResult } from 'pg';

/**
 * Batches start small so the first rows of a short result come back at once, then double: each batch
 * is one round trip to the server, and 100k rows in batches of 1,000 spent most of their time waiting.
 */
const FIRST_BATCH = 1000;
const MAX_BATCH = 16_000;

export interface CursorRead {
  rows: unknown[][];
  /** Fields and command tag of the statement (from the last batch read). */
  result: QueryResult | null;
  /** True when the portal still had rows after `limit` were read. */
  more: boolean;
}

export function readBatch(
  cursor: Cursor<unknown[]>,
  count: number,
): Promise<{ rows: unknown[][]; result: QueryResult }> {
  return new Promise((resolve, reject) => {
    cursor.read(count, (error, rows, result) => {
      if (error) reject(error);
      else resolve({ rows, result });
    });
  });
}

/**
 * Reads at most `limit` rows from a cursor in batches, so memory stays bounded by the limit no
 * matter how large the result is; `shouldStop` lets a cancel end the loop between batches.
 */
export async function readCursor(
  cursor: Cursor<unknown[]>,
  limit: number,
  shouldStop: () => boolean,
): Promise<CursorRead> {
  const rows: unknown[][] = [];
  let result: QueryResult | null = null;
  let batchSize = FIRST_BATCH;
  while (rows.length < limit && !shouldStop()) {
    const want = Math.min(batchSize, limit - rows.length);
    batchSize = Math.min(MAX_BATCH, batchSize * 2);
    const batch = await readBatch(cursor, want);
    result = batch.result;
    for (const row of batch.rows) rows.push(row);
    if (batch.rows.length < want) return { rows, result, more: false };
  }
  return { rows, result, more: true };
}
