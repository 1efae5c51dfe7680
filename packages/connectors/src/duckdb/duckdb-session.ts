import { ResultReturnType } from '@duckdb/node-api';
import type { DuckDBConnection, DuckDBExtractedStatements, DuckDBResult } from '@duckdb/node-api';
import { engineSpec } from '@tessera/sql';
import { connectorError } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import {
  readLimit,
  resultColumn,
  rowsToObjects,
  streamLimits,
  stripTrailingSemicolons,
} from '../shared/result-helpers';
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
import { classifyDuckdbError } from './duckdb-errors';
import { duckdbJsonConverter } from './duckdb-values';

const EXPLAIN_MAX_ROWS = 10_000;

export interface DuckdbSessionDeps {
  connection: DuckDBConnection;
  /** Statements need BEGIN TRANSACTION READ ONLY (the file itself is writable). */
  readOnlyTransactions: boolean;
  ctx: ErrorContext;
}

/**
 * One DuckDB connection. Rows are pulled chunk by chunk from a streaming result and conversion
 * stops at the limit; interrupt() aborts the running statement inside the engine.
 */
export class DuckdbSession implements ConnectorSession {
  private readonly gate: SessionGate;
  private closed = false;

  constructor(private readonly deps: DuckdbSessionDeps) {
    this.gate = new SessionGate(
      () => {
        deps.connection.interrupt();
        return Promise.resolve();
      },
      (cause) => connectorError('cancelled', deps.ctx, { cause }),
    );
  }

  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult> {
    const readOnly = this.deps.readOnlyTransactions || options.readOnly === true;
    return this.gate.run(() => this.runStatement(sql, options.maxRows, readOnly), options.signal);
  }

  async *stream(sql: string, options: StreamOptions = {}): AsyncGenerator<RowBatch> {
    const { connection, ctx, readOnlyTransactions } = this.deps;
    const { batchSize, maxRows } = streamLimits(options);
    const leave = await this.gate.hold(options.signal);
    let began = false;
    let prepared: Awaited<ReturnType<DuckDBExtractedStatements['prepare']>> | null = null;
    try {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      if (readOnlyTransactions) {
        await connection.run('BEGIN TRANSACTION READ ONLY');
        began = true;
      }
      const extracted = await connection.extractStatements(sql);
      if (extracted.count !== 1) {
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, {
          engineMessage: `expected exactly one SQL statement, got ${extracted.count}`,
        });
      }
      prepared = await extracted.prepare(0);
      const result = await prepared.stream();
      if (result.returnType !== ResultReturnType.QUERY_RESULT) {
        yield { columns: [], rows: [] };
        return;
      }
      const columns = describeColumns(result);
      let read = 0;
      let yielded = false;
      while (read < maxRows) {
        if (this.gate.isCancelled()) throw connectorError('cancelled', ctx);
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        const converted = chunk.convertRows(duckdbJsonConverter);
        const rows = converted.length > maxRows - read ? converted.slice(0, maxRows - read) : converted;
        read += rows.length;
        yielded = true;
        for (let start = 0; start < rows.length; start += batchSize) {
          yield { columns, rows: rows.slice(start, start + batchSize) };
        }
      }
      if (!yielded) yield { columns, rows: [] };
    } catch (error) {
      if (this.gate.isCancelled()) throw connectorError('cancelled', ctx, { cause: error });
      throw classifyDuckdbError(error, ctx, 'query');
    } finally {
      prepared?.destroySync();
      if (began) await connection.run('ROLLBACK').catch(() => undefined);
      await leave();
    }
  }

  explain(sql: string): Promise<Record<string, unknown>[]> {
    return this.gate.run(async () => {
      const result = await this.runStatement(
        `${engineSpec('duckdb').explainPrefix} ${stripTrailingSemicolons(sql)}`,
        EXPLAIN_MAX_ROWS,
        this.deps.readOnlyTransactions,
      );
      return rowsToObjects(result.columns, result.rows);
    });
  }

  checkSyntax(sql: string): Promise<ConnectorError | null> {
    const { connection, ctx } = this.deps;
    return this.gate.run(async () => {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      try {
        // extractStatements only parses: nothing is bound, planned or run.
        await connection.extractStatements(sql);
        return null;
      } catch (error) {
        const classified = classifyDuckdbError(error, ctx, 'query');
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
    this.deps.connection.closeSync();
  }

  private async runStatement(sql: string, maxRows: number, readOnly: boolean): Promise<ExecuteResult> {
    const { connection, ctx } = this.deps;
    if (this.closed)
      throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
    try {
      if (readOnly) await connection.run('BEGIN TRANSACTION READ ONLY');
      try {
        return await this.readStatement(sql, maxRows);
      } finally {
        if (readOnly) await connection.run('ROLLBACK').catch(() => undefined);
      }
    } catch (error) {
      throw classifyDuckdbError(error, ctx, 'query');
    }
  }

  private async readStatement(sql: string, maxRows: number): Promise<ExecuteResult> {
    const { connection, ctx } = this.deps;
    // Exactly one statement: a script like "COMMIT; INSERT ..." would leave the read-only transaction.
    const extracted = await connection.extractStatements(sql);
    if (extracted.count !== 1) {
      throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, {
        engineMessage: `expected exactly one SQL statement, got ${extracted.count}`,
      });
    }
    if (this.gate.isCancelled()) throw connectorError('cancelled', ctx);
    const prepared = await extracted.prepare(0);
    try {
      const result = await prepared.stream();
      // CHANGED_ROWS (DML) and NOTHING (DDL, SET) carry no rows.
      if (result.returnType !== ResultReturnType.QUERY_RESULT) {
        const changed = result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : null;
        return { columns: [], rows: [], truncated: false, affectedRows: changed };
      }
      const columns = describeColumns(result);
      const limit = readLimit(maxRows);
      const rows: unknown[][] = [];
      while (rows.length < limit && !this.gate.isCancelled()) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        for (const row of chunk.convertRows(duckdbJsonConverter)) {
          rows.push(row);
          if (rows.length >= limit) break;
        }
      }
      const truncated = rows.length > maxRows;
      return { columns, rows: truncated ? rows.slice(0, maxRows) : rows, truncated, affectedRows: null };
    } finally {
      prepared.destroySync();
    }
  }
}

function describeColumns(result: DuckDBResult): ResultColumn[] {
  const columns: ResultColumn[] = [];
  for (let i = 0; i < result.columnCount; i++) {
    columns.push(resultColumn(result.columnName(i), result.columnType(i).toString()));
  }
  return columns;
}
