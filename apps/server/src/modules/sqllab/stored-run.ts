import type { RowBatch } from '@tessera/connectors';
import { PayloadMeter } from './payload-cap';
import type { ResultsWriter } from './results/results-writer';

/** Writing to the results backend failed (the run itself may have been fine). */
export class StoreFailed extends Error {
  constructor(cause: unknown) {
    super('the results could not be stored', { cause });
  }
}

export type StoredRun =
  /** Every row was written; the writer waits for the caller's commit or discard. */
  | { kind: 'written'; writer: ResultsWriter }
  /** Over the cap: nothing is stored; `bytes` is the payload of every row read. */
  | { kind: 'too-large'; bytes: number };

/**
 * Writes an async run's batches to the results backend as they are read, so that one batch is held
 * at a time rather than the whole result: the next batch is only pulled once the writer took this
 * one (its gzip drained). With a cap (`capBytes`) the payload is measured on the way; once over it
 * the writer is discarded (nothing is stored) and the rest is still read, only to be measured, so
 * the error can give the result's real size. Writer failures throw StoreFailed; the batches'
 * own errors pass through. Does not commit: the caller does, once it knows the run ended well.
 */
export async function storeBatches(
  batches: AsyncIterable<RowBatch>,
  openWriter: () => ResultsWriter,
  capBytes: number | null,
): Promise<StoredRun> {
  let writer: ResultsWriter | null = null;
  let meter: PayloadMeter | null = null;
  let overCap = false;
  /** Backend work whose failure is the store's, not the run's. */
  const storing = async (work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      throw new StoreFailed(error);
    }
  };
  const open = async (columns: RowBatch['columns']): Promise<ResultsWriter> => {
    let opened: ResultsWriter | null = null;
    try {
      opened = openWriter();
      await opened.begin(columns);
      return opened;
    } catch (error) {
      await opened?.discard();
      throw new StoreFailed(error);
    }
  };
  try {
    for await (const batch of batches) {
      if (writer === null && !overCap) writer = await open(batch.columns);
      if (capBytes !== null) {
        meter ??= new PayloadMeter(batch.columns);
        meter.add(batch.rows, Number.POSITIVE_INFINITY);
        if (!overCap && meter.bytes > capBytes) {
          overCap = true;
          const dropped: ResultsWriter | null = writer;
          writer = null;
          await dropped?.discard();
        }
      }
      const into: ResultsWriter | null = writer;
      if (into !== null) await storing(() => into.rows(batch.rows));
    }
    // A run always yields a batch with its columns; an empty stored result is still a result.
    if (writer === null && !overCap) writer = await open([]);
  } catch (error) {
    await writer?.discard();
    throw error;
  }
  if (overCap || writer === null) return { kind: 'too-large', bytes: meter?.bytes ?? 0 };
  return { kind: 'written', writer };
}
