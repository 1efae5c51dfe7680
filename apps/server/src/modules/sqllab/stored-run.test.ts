import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResultColumn, RowBatch } from '@tessera/connectors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayloadMeter } from './payload-cap';
import { FileResultsBackend } from './results/file-results';
import type { ResultsWriter } from './results/results-writer';
import { StoreFailed, storeBatches } from './stored-run';

const KEY = '0d7f3b2e-5a41-4c8e-9a51-3c2b1d0e9f88';
const columns: ResultColumn[] = [
  { name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false },
  { name: 'label', type: 'TEXT', type_generic: 1, is_dttm: false },
];

function batchOf(from: number, count: number): RowBatch {
  return { columns, rows: Array.from({ length: count }, (_unused, i) => [from + i, `row ${from + i}`]) };
}

/** Batches as a cursor gives them, logging each pull and whether the consumer closed it. */
function cursor(sizes: number[], log: string[], failAt: number | null = null): AsyncGenerator<RowBatch> {
  return (async function* () {
    try {
      let from = 1;
      for (const [index, size] of sizes.entries()) {
        log.push(`pull ${index}`);
        if (index === failAt) throw new Error('engine error');
        // A cursor read answers later, as the engine's would.
        yield await Promise.resolve(batchOf(from, size));
        from += size;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('storeBatches (async runs stored batch by batch)', () => {
  let dir: string;
  let backend: FileResultsBackend;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-stored-run-'));
    backend = new FileResultsBackend(path.join(dir, 'results'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The backend's writer, logging each batch it is handed. */
  const spiedWriter = (log: string[]) => (): ResultsWriter => {
    const writer = backend.open(KEY, 60);
    const rows = writer.rows.bind(writer);
    vi.spyOn(writer, 'rows').mockImplementation(async (batch) => {
      log.push(`write ${batch.length}`);
      await rows(batch);
    });
    return writer;
  };

  it('writes each batch before the next is read, in the stored results format', async () => {
    const log: string[] = [];
    const run = await storeBatches(cursor([3, 2, 4], log), spiedWriter(log), null);
    expect(log).toEqual(['pull 0', 'write 3', 'pull 1', 'write 2', 'pull 2', 'write 4', 'closed']);
    if (run.kind !== 'written') throw new Error('expected the rows to be written');
    // Nothing is readable before the commit.
    expect(await backend.get(KEY)).toBeNull();
    await run.writer.commit();
    expect(await backend.get(KEY)).toEqual({
      version: 1,
      columns,
      rows: [...batchOf(1, 3).rows, ...batchOf(4, 2).rows, ...batchOf(6, 4).rows],
    });
  });

  it('stops storing once over the cap but measures every row read', async () => {
    const log: string[] = [];
    const all = [...batchOf(1, 50).rows, ...batchOf(51, 50).rows, ...batchOf(101, 50).rows];
    const meter = new PayloadMeter(columns);
    meter.add(all, Number.POSITIVE_INFINITY);
    const oneBatch = new PayloadMeter(columns);
    oneBatch.add(batchOf(1, 50).rows, Number.POSITIVE_INFINITY);
    // Over the cap in the second batch.
    const run = await storeBatches(cursor([50, 50, 50], log), spiedWriter(log), oneBatch.bytes + 10);
    if (run.kind !== 'too-large') throw new Error('expected the run to be over the cap');
    // Measured batch by batch, each batch's brackets count as two separators: a byte or two more.
    expect(run.bytes).toBeGreaterThanOrEqual(meter.bytes);
    expect(run.bytes).toBeLessThanOrEqual(meter.bytes + 6);
    expect(log).toEqual(['pull 0', 'write 50', 'pull 1', 'pull 2', 'closed']);
    // The discarded writer leaves no file, temporary or not.
    expect(readdirSync(path.join(dir, 'results'))).toEqual([]);
    expect(await backend.get(KEY)).toBeNull();
  });

  it('discards what was written when a later batch fails, and passes the error on', async () => {
    const log: string[] = [];
    await expect(storeBatches(cursor([3, 3, 3], log, 1), spiedWriter(log), null)).rejects.toThrow(
      'engine error',
    );
    expect(log).toEqual(['pull 0', 'write 3', 'pull 1', 'closed']);
    expect(readdirSync(path.join(dir, 'results'))).toEqual([]);
  });

  it('closes the cursor and reports StoreFailed when the backend cannot take the rows', async () => {
    const log: string[] = [];
    const broken = (): ResultsWriter => {
      const writer = backend.open(KEY, 60);
      vi.spyOn(writer, 'rows').mockRejectedValue(new Error('disk full'));
      return writer;
    };
    const failed = storeBatches(cursor([3, 3], log), broken, null);
    await expect(failed).rejects.toBeInstanceOf(StoreFailed);
    expect(log).toEqual(['pull 0', 'closed']);
    expect(readdirSync(path.join(dir, 'results'))).toEqual([]);
  });
});
