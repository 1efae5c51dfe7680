import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { isBackendUnavailable } from '../../platform/backend-errors';
import type { LogsTable } from '../../db/schema';

export type LogRow = Insertable<LogsTable>;

export interface LogWriterOptions {
  /** A flush starts once this many rows wait ... */
  flushRows: number;
  /** ... or this long after the first waiting row arrived. */
  flushMs: number;
  /** Rows held while the store is slow or down; past this the oldest are dropped (and counted). */
  maxQueued: number;
  /** While the store is unreachable, a write is tried again this long after the last failure. */
  retryMs: number;
  /**
   * The share of the process's time a long write may take: after each INSERT chunk the writer rests
   * long enough that its chunks fill at most this share, so a burst of events never slows the requests
   * served beside it by much (issue #15: at most 10 %). A closing flush writes at full speed.
   */
  busyShare: number;
}

export const DEFAULT_LOG_WRITER_OPTIONS: LogWriterOptions = {
  flushRows: 500,
  flushMs: 250,
  maxQueued: 50_000,
  retryMs: 2_000,
  busyShare: 0.05,
};

/** Rows per INSERT: 9 columns × 100 stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 100;

/**
 * Writes `logs` rows in batches off the request path: a request only appends to a queue, so logging
 * never adds a metadata write to its latency, and many rows share one INSERT. While the metadata store
 * is unreachable the rows stay queued (up to `maxQueued`) and the write is tried again every `retryMs`,
 * so a store restart loses no events; any other failed write is reported and its rows dropped, since
 * writing them again would fail again.
 */
export class LogWriter {
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private dropped = 0;
  /** Set while the store is unreachable: no write is tried before this time. */
  private retryAt: number | null = null;
  /** Set once the process closes: the writer stops resting between chunks. */
  private hurry = false;

  constructor(
    private readonly db: MetadataDb,
    private readonly log: FastifyBaseLogger,
    private readonly options: LogWriterOptions = DEFAULT_LOG_WRITER_OPTIONS,
  ) {}

  enqueue(rows: readonly LogRow[]): void {
    if (rows.length === 0) return;
    this.queue.push(...rows);
    this.trimQueue();
    if (this.retryAt !== null) return; // the retry timer writes them once the store is back
    if (this.queue.length >= this.options.flushRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs);
  }

  /** Rows waiting to be written. */
  get queued(): number {
    return this.queue.length;
  }

  /** Writes everything left without resting between chunks: the process is closing and serves nothing else. */
  async finish(): Promise<void> {
    this.hurry = true;
    await this.flush();
  }

  /** Writes everything queued so far; resolves when it is stored, kept for a retry, or its failure reported. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // One write at a time, in order: a second flush waits for the first, then takes what came since.
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    const rows = this.queue;
    this.queue = [];
    this.running = this.write(rows).finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private trimQueue(): void {
    const excess = this.queue.length - this.options.maxQueued;
    if (excess > 0) {
      this.queue.splice(0, excess);
      this.dropped += excess;
    }
  }

  private async write(rows: LogRow[]): Promise<void> {
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'Log rows dropped: the metadata store could not keep up');
      this.dropped = 0;
    }
    let at = 0;
    try {
      let rest = 0;
      for (; at < rows.length; at += INSERT_CHUNK) {
        // SQLite writes synchronously: without a rest between chunks, a batch of a thousand events
        // would hold every other request until all of it is stored.
        if (at > 0) await pause(this.hurry ? 0 : rest);
        const started = performance.now();
        await this.db
          .insertInto('logs')
          .values(rows.slice(at, at + INSERT_CHUNK))
          .execute();
        const spent = performance.now() - started;
        rest = (spent * (1 - this.options.busyShare)) / this.options.busyShare;
      }
      if (this.retryAt !== null) this.log.info('Writing log rows again: the metadata store is back');
      this.retryAt = null;
    } catch (error) {
      if (!isBackendUnavailable(error)) {
        this.log.error({ err: error, rows: rows.length - at }, 'Writing log rows failed');
        return;
      }
      if (this.retryAt === null)
        this.log.warn({ err: error }, 'Log rows kept for later: the metadata store is unreachable');
      this.queue = [...rows.slice(at), ...this.queue];
      this.trimQueue();
      this.retryAt = Date.now() + this.options.retryMs;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), this.options.retryMs);
      // A store that stays down must not keep a stopping process alive.
      this.timer.unref();
    }
  }
}

/** A turn of the event loop at least, then `ms` more. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (ms < 1) setImmediate(resolve);
    else setTimeout(resolve, ms);
  });
}
