import type { PoolClient, QueryArrayConfig } from 'pg';
import Cursor from 'pg-cursor';
import { engineSpec } from '@tessera/sql';
import { connectorError } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { rowsToJsonSafe, toJsonSafe } from '../shared/json-safe';
import {
  readLimit,
  resultColumn,
  rowsToObjects,
  streamLimits,
  stripTrailingSemicolons,
} from '../shared/result-helpers';
import { quoteWith } from '../shared/identifiers';
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
import { readBatch, readCursor } from './pg-cursor-read';
import { classifyPgError } from './pg-errors';
import type { PgTypeNameCache } from './pg-type-cache';
import { PG_RESULT_TYPES } from './pg-value-parsers';

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
const EXPLAIN_MAX_ROWS = 10_000;
const SYNTAX_PROBE = 'tessera_syntax_probe';

export interface PgSessionDeps {
  client: PoolClient;
  pid: number;
  readOnly: boolean;
  /** Role taken with SET LOCAL ROLE inside every read-only transaction, or null. */
  readOnlyRole: string | null;
  ctx: ErrorContext;
  typeNames: PgTypeNameCache;
  /** Runs pg_cancel_backend(pid) from another connection. */
  cancelBackend: (pid: number) => Promise<void>;
  /** Detaches listeners and gives the client back to the pool (or destroys it). */
  release: (client: PoolClient, destroy: boolean) => void;
}

/**
 * One pooled connection. With readOnly (or a statement's own readOnly), the statement runs inside
 * BEGIN READ ONLY [SET LOCAL ROLE restricted] ... ROLLBACK
 * (on top of the session default), so a single statement cannot switch the transaction back to
 * read-write: pg-cursor uses the extended protocol, which accepts one statement per call.
 */
export class PgSession implements ConnectorSession {
  private readonly gate: SessionGate;
  private closed = false;

  constructor(private readonly deps: PgSessionDeps) {
    this.gate = new SessionGate(
      () => deps.cancelBackend(deps.pid),
      (cause) => connectorError('cancelled', deps.ctx, { cause }),
    );
  }

  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult> {
    return this.gate.run(
      () =>
        this.runStatement(
          sql,
          options.maxRows,
          options.boundedByStatement === true,
          this.deps.readOnly || options.readOnly === true,
        ),
      options.signal,
    );
  }

  async *stream(sql: string, options: StreamOptions = {}): AsyncGenerator<RowBatch> {
    const { client, readOnly, ctx } = this.deps;
    const { batchSize, maxRows } = streamLimits(options);
    const leave = await this.gate.hold(options.signal);
    let cursor: Cursor<unknown[]> | null = null;
    let began = false;
    try {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      if (readOnly) {
        began = true;
        await this.beginReadOnly();
      }
      cursor = client.query(
        new Cursor<unknown[]>(sql, undefined, { rowMode: 'array', types: PG_RESULT_TYPES }),
      );
      let columns: ResultColumn[] | null = null;
      let read = 0;
      for (;;) {
        if (this.gate.isCancelled()) throw connectorError('cancelled', ctx);
        // A zero budget still reads one row, for the column descriptions.
        const budget = maxRows - read;
        const want = Math.max(1, Math.min(batchSize, budget));
        const batch = await readBatch(cursor, want);
        if (columns === null) {
          const fields = batch.result.fields;
          const names = await this.deps.typeNames.namesFor(fields.map((f) => f.dataTypeID));
          columns = fields.map((f) => resultColumn(f.name, names.get(f.dataTypeID) ?? 'UNKNOWN'));
        }
        const rows = batch.rows.length > budget ? batch.rows.slice(0, budget) : batch.rows;
        read += rows.length;
        yield { columns, rows: rowsToJsonSafe(rows) };
        if (batch.rows.length < want || read >= maxRows) break;
      }
    } catch (error) {
      if (this.gate.isCancelled()) throw connectorError('cancelled', ctx, { cause: error });
      throw classifyPgError(error, ctx, 'query');
    } finally {
      if (cursor) await cursor.close().catch(() => undefined);
      if (began) await client.query('ROLLBACK').catch(() => undefined);
      await leave();
    }
  }

  explain(sql: string): Promise<Record<string, unknown>[]> {
    return this.gate.run(async () => {
      const result = await this.runStatement(
        `${engineSpec('postgresql').explainPrefix} ${stripTrailingSemicolons(sql)}`,
        EXPLAIN_MAX_ROWS,
        false,
        this.deps.readOnly,
      );
      return rowsToObjects(result.columns, result.rows);
    });
  }

  checkSyntax(sql: string): Promise<ConnectorError | null> {
    const { client, ctx } = this.deps;
    return this.gate.run(async () => {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      let began = false;
      try {
        await this.beginReadOnly();
        began = true;
        // The extended protocol takes one command, so "SELECT 1; DROP ..." is refused whole;
        // PREPARE parses and analyses the statement without executing it.
        const config: QueryArrayConfig & { queryMode: 'extended' } = {
          text: `PREPARE ${SYNTAX_PROBE} AS ${stripTrailingSemicolons(sql)}`,
          rowMode: 'array',
          queryMode: 'extended',
        };
        await client.query(config);
        await client.query(`DEALLOCATE ${SYNTAX_PROBE}`);
        return null;
      } catch (error) {
        const classified = classifyPgError(error, ctx, 'query');
        return classified.kind === 'SYNTAX_ERROR' ? classified : null;
      } finally {
        if (began) await client.query('ROLLBACK').catch(() => undefined);
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
    let destroy = false;
    try {
      // Statements may have changed settings, roles or temp tables: reset before reuse.
      await this.deps.client.query('DISCARD ALL');
    } catch {
      destroy = true;
    }
    this.deps.release(this.deps.client, destroy);
  }

  /**
   * The statement's own transaction: read-only, and under the restricted role when one is set.
   * SET LOCAL ends with the ROLLBACK, so the next statement starts from the connection user again.
   */
  private async beginReadOnly(): Promise<void> {
    const { client, readOnlyRole } = this.deps;
    await client.query('BEGIN READ ONLY');
    if (readOnlyRole !== null) await client.query(`SET LOCAL ROLE ${quoteWith(readOnlyRole, '"')}`);
  }

  private async runStatement(
    sql: string,
    maxRows: number,
    bounded: boolean,
    readOnly: boolean,
  ): Promise<ExecuteResult> {
    if (this.closed) {
      throw connectorError('GENERIC_DB_ENGINE_ERROR', this.deps.ctx, {
        engineMessage: 'the session is closed',
      });
    }
    const { client, ctx } = this.deps;
    let began = false;
    try {
      try {
        if (readOnly) {
          began = true;
          await this.beginReadOnly();
        }
        return bounded ? await this.readWhole(sql, maxRows) : await this.readStatement(sql, maxRows);
      } finally {
        if (began) await client.query('ROLLBACK').catch(() => undefined);
      }
    } catch (error) {
      throw classifyPgError(error, ctx, 'query');
    }
  }

  /**
   * One extended-protocol query read to the end (still a single statement: the extended protocol
   * refuses several); without a portal row limit PostgreSQL may plan it in parallel.
   */
  private async readWhole(sql: string, maxRows: number): Promise<ExecuteResult> {
    if (this.gate.isCancelled()) throw connectorError('cancelled', this.deps.ctx);
    // queryMode is missing from @types/pg; without it a text-only query uses the simple protocol.
    const config: QueryArrayConfig & { queryMode: 'extended' } = {
      text: sql,
      rowMode: 'array',
      types: PG_RESULT_TYPES,
      queryMode: 'extended',
    };
    const result = await this.deps.client.query(config);
    const names = await this.deps.typeNames.namesFor(result.fields.map((f) => f.dataTypeID));
    const columns = result.fields.map((f) => resultColumn(f.name, names.get(f.dataTypeID) ?? 'UNKNOWN'));
    const truncated = result.rows.length > maxRows;
    const rows = (truncated ? result.rows.slice(0, maxRows) : result.rows).map((row) => row.map(toJsonSafe));
    const affectedRows = DML_COMMANDS.has(result.command) ? result.rowCount : null;
    return { columns, rows, truncated, affectedRows };
  }

  private async readStatement(sql: string, maxRows: number): Promise<ExecuteResult> {
    // A Stop that arrived between statements would find the backend idle: do not start the next one.
    if (this.gate.isCancelled()) throw connectorError('cancelled', this.deps.ctx);
    const cursor = this.deps.client.query(
      new Cursor<unknown[]>(sql, undefined, { rowMode: 'array', types: PG_RESULT_TYPES }),
    );
    const read = await readCursor(cursor, readLimit(maxRows), () => this.gate.isCancelled());
    if (read.more) await cursor.close();
    const fields = read.result?.fields ?? [];
    const names = await this.deps.typeNames.namesFor(fields.map((f) => f.dataTypeID));
    const columns = fields.map((f) => resultColumn(f.name, names.get(f.dataTypeID) ?? 'UNKNOWN'));
    const truncated = read.rows.length > maxRows;
    const rows = (truncated ? read.rows.slice(0, maxRows) : read.rows).map((row) => row.map(toJsonSafe));
    const command = read.result?.command ?? '';
    const affectedRows = DML_COMMANDS.has(command) ? (read.result?.rowCount ?? null) : null;
    return { columns, rows, truncated, affectedRows };
  }
}
