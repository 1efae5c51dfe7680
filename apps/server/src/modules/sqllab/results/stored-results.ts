import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { z } from 'zod';
import type { ResultsWriter } from './results-writer';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const storedColumnSchema = z.object({
  name: z.string(),
  type: z.string(),
  type_generic: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  is_dttm: z.boolean(),
});

const storedResultsSchema = z.object({
  version: z.literal(1),
  columns: z.array(storedColumnSchema),
  rows: z.array(z.array(z.unknown())),
});

/** What the results backend keeps for one query: every row up to the query's limit. */
export type StoredResults = z.infer<typeof storedResultsSchema>;

/** Results that were stored in another format: the reference's "cannot be deserialized" case. */
export class UnreadableResults extends Error {}

/** Keys are our own UUIDs; anything else never reaches a store (and so never a file path). */
export const RESULTS_KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

// Level 1: results are written on every run, and speed matters more than the last bytes.
export async function encodeResults(results: StoredResults): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify(results), 'utf8'), { level: 1 });
}

export async function decodeResults(data: Buffer): Promise<StoredResults> {
  let parsed: unknown;
  try {
    parsed = JSON.parse((await gunzipAsync(data)).toString('utf8'));
  } catch {
    throw new UnreadableResults('The stored results cannot be read.');
  }
  const checked = storedResultsSchema.safeParse(parsed);
  if (!checked.success) throw new UnreadableResults('The stored results have an unknown format.');
  return checked.data;
}

export interface ResultsBackend {
  /** Stores results for `ttlSeconds` (0: until deleted). */
  put(key: string, results: StoredResults, ttlSeconds: number): Promise<void>;
  /** The results, or null once they expired or were never stored. Throws UnreadableResults. */
  get(key: string): Promise<StoredResults | null>;
  /**
   * Starts storing results under `key` batch by batch (see ResultsWriter); they become readable
   * when the writer commits, for `ttlSeconds` from then (0: until deleted).
   */
  open(key: string, ttlSeconds: number): ResultsWriter;
  delete(key: string): Promise<void>;
  /** Drops expired entries where the store does not do it itself; returns how many. */
  sweep(): Promise<number>;
}
