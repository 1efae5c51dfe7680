import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';
import type { ResultColumn } from '@tessera/connectors';

const PIECE_ROWS = 200;

/** Where a writer's gzip'd bytes go and how they become readable under the key (or are dropped). */
export interface WriterTarget {
  /** Settles once every compressed byte has been taken (written to a file, kept for Redis). */
  drained: Promise<void>;
  /** Makes the whole entry readable at once. */
  commit(): Promise<void>;
  /** Drops what was written; nothing is readable under the key. */
  discard(): Promise<void>;
}

/**
 * Stored results written while the rows arrive, in the same format `encodeResults` gives
 * (`{"version":1,"columns":[...],"rows":[...]}`, gzip level 1), so that only one batch of rows is
 * held: each batch is serialised and handed to gzip, whose output goes straight to the backend.
 * Nothing is readable under the key until `commit`; `discard` (or a failed write) leaves nothing.
 */
export class ResultsWriter {
  readonly gzip: Gzip = createGzip({ level: 1 });
  private target: WriterTarget | null = null;
  private anyRow = false;
  private state: 'open' | 'committed' | 'discarded' = 'open';

  /** The backend attaches where the bytes go right after construction. */
  attach(target: WriterTarget): void {
    this.target = target;
  }

  begin(columns: readonly ResultColumn[]): Promise<void> {
    return this.write(`{"version":1,"columns":${JSON.stringify(columns)},"rows":[`);
  }

  async rows(rows: readonly unknown[][]): Promise<void> {
    // In pieces of PIECE_ROWS, so that no string lands in V8's large-object space (see streamed-run).
    for (let start = 0; start < rows.length; start += PIECE_ROWS) {
      const text = JSON.stringify(rows.slice(start, start + PIECE_ROWS));
      // The piece's own brackets are dropped: every piece continues the one rows array.
      await this.write(`${this.anyRow ? ',' : ''}${text.slice(1, -1)}`);
      this.anyRow = true;
    }
  }

  async commit(): Promise<void> {
    if (this.state !== 'open' || this.target === null) throw new Error('the results writer is closed');
    this.state = 'committed';
    this.gzip.end(']}');
    await this.target.drained;
    await this.target.commit();
  }

  async discard(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'discarded';
    this.gzip.destroy();
    await this.target?.discard().catch(() => undefined);
  }

  private async write(text: string): Promise<void> {
    if (this.state !== 'open') throw new Error('the results writer is closed');
    // Waiting for gzip to drain keeps at most a batch of text in memory when compressing lags.
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }
}
