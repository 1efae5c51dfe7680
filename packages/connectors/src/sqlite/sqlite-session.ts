import { z } from 'zod';
import { engineSpec } from '@tessera/sql';
import { connectorError } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { toJsonSafe } from '../shared/json-safe';
import { readLimit, rowsToObjects, streamLimits, stripTrailingSemicolons } from '../shared/result-helpers';
import { SessionGate } from '../shared/session-gate';
import type {
  ConnectorError,
  ConnectorSession,
  ExecuteOptions,
  ExecuteResult,
  ResultColumn,
  RowBatch,
  StreamOptions,
} from '../types';
import type { OpenRequest, SqliteChild } from './sqlite-child';
import { classifySqliteError } from './sqlite-errors';
import { sqliteResultColumns } from './sqlite-types';
import type { SqliteWorkerPool } from './sqlite-worker-pool';

const EXPLAIN_MAX_ROWS = 10_000;

const childResultSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string().nullable() })),
  rows: z.array(z.array(z.unknown())),
  changes: z.number().nullable(),
});

const cursorSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string().nullable() })),
});
const fetchSchema = z.object({ rows: z.array(z.array(z.unknown())), done: z.boolean() });

/**
 * One pooled worker process holding one connection (read-only connection + query_only when
 * readOnly) for the life of the session; closing the session hands the worker back.
 */
export class SqliteSession implements ConnectorSession {
  private readonly gate: SessionGate;
  private closed = false;

  private constructor(
    private readonly child: SqliteChild,
    private readonly workers: SqliteWorkerPool,
    private readonly ctx: ErrorContext,
  ) {
    this.gate = new SessionGate(
      () => {
        this.child.kill();
        return Promise.resolve();
      },
      (cause) => connectorError('cancelled', ctx, { cause }),
    );
  }

  /** Waits for a worker of the pool (at its cap, until another session closes) and opens the file. */
  static async start(
    workers: SqliteWorkerPool,
    open: OpenRequest,
    ctx: ErrorContext,
  ): Promise<SqliteSession> {
    let child: SqliteChild;
    try {
      child = await workers.acquire();
    } catch (error) {
      throw classifySqliteError(error, ctx, 'connect');
    }
    try {
      await child.open(open);
    } catch (error) {
      await workers.release(child);
      throw classifySqliteError(error, ctx, 'connect');
    }
    return new SqliteSession(child, workers, ctx);
  }

  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult> {
    return this.gate.run(
      () => this.runStatement(sql, options.maxRows, options.readOnly === true),
      options.signal,
    );
  }

  async *stream(sql: string, options: StreamOptions = {}): AsyncGenerator<RowBatch> {
    const { batchSize, maxRows } = streamLimits(options);
    const leave = await this.gate.hold(options.signal);
    let open = false;
    try {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', this.ctx, { engineMessage: 'the session is closed' });
      const declared = cursorSchema.parse(await this.child.openCursor(sql)).columns;
      open = declared.length > 0;
      let columns: ResultColumn[] | null = null;
      let read = 0;
      let done = !open;
      while (columns === null || (!done && read < maxRows)) {
        if (this.gate.isCancelled()) throw connectorError('cancelled', this.ctx);
        const want = Math.max(1, Math.min(batchSize, maxRows - read));
        const batch = done ? { rows: [], done: true } : fetchSchema.parse(await this.child.fetch(want));
        done = batch.done;
        if (done) open = false;
        const rows = batch.rows.slice(0, Math.max(0, maxRows - read));
        // Columns without a declared type take it from the first batch, as execute does.
        columns ??= sqliteResultColumns(declared, rows);
        read += rows.length;
        yield { columns, rows: rows.map((row) => row.map(toJsonSafe)) };
      }
    } catch (error) {
      if (this.gate.isCancelled()) throw connectorError('cancelled', this.ctx, { cause: error });
      throw classifySqliteError(error, this.ctx, 'query');
    } finally {
      if (open) await this.child.closeCursor().catch(() => undefined);
      await leave();
    }
  }

  explain(sql: string): Promise<Record<string, unknown>[]> {
    return this.gate.run(async () => {
      const result = await this.runStatement(
        `${engineSpec('sqlite').explainPrefix} ${stripTrailingSemicolons(sql)}`,
        EXPLAIN_MAX_ROWS,
      );
      return rowsToObjects(result.columns, result.rows);
    });
  }

  /**
   * The worker compiles the statement (sqlite3_prepare) and never steps it; it refuses to compile
   * PRAGMA, which SQLite applies while compiling, so that reads as "cannot tell".
   */
  checkSyntax(sql: string): Promise<ConnectorError | null> {
    return this.gate.run(async () => {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', this.ctx, { engineMessage: 'the session is closed' });
      try {
        await this.child.parse(sql);
        return null;
      } catch (error) {
        // Only a parse failure answers; "no such table" and the like are left to the refusal.
        const classified = classifySqliteError(error, this.ctx, 'query');
        return classified.kind === 'SYNTAX_ERROR' ? classified : null;
      }
    });
  }

  cancel(): Promise<void> {
    return this.gate.cancel();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.gate.isRunning()) await this.gate.cancel();
    await this.gate.idle();
    await this.workers.release(this.child);
  }

  private async runStatement(sql: string, maxRows: number, readOnly = false): Promise<ExecuteResult> {
    if (this.closed)
      throw connectorError('GENERIC_DB_ENGINE_ERROR', this.ctx, { engineMessage: 'the session is closed' });
    let raw: unknown;
    try {
      raw = await this.child.execute(sql, readLimit(maxRows), readOnly);
    } catch (error) {
      throw classifySqliteError(error, this.ctx, 'query');
    }
    const result = childResultSchema.parse(raw);
    const truncated = result.rows.length > maxRows;
    const kept = truncated ? result.rows.slice(0, maxRows) : result.rows;
    return {
      columns: sqliteResultColumns(result.columns, kept),
      rows: kept.map((row) => row.map(toJsonSafe)),
      truncated,
      affectedRows: result.changes,
    };
  }
}
