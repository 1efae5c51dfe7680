import type { Connection } from 'mysql2';
import { engineSpec } from '@tessera/sql';
import { connectorError } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { readLimit, rowsToObjects, streamLimits, stripTrailingSemicolons } from '../shared/result-helpers';
import { SessionGate } from '../shared/session-gate';
import type {
  ConnectorError,
  ConnectorSession,
  ExecuteOptions,
  ExecuteResult,
  RowBatch,
  StreamOptions,
} from '../types';
import { classifyMysqlError } from './mysql-errors';
import { runCommand, streamBatches, streamQuery } from './mysql-stream';
import { mysqlResultColumns, mysqlValueConverters } from './mysql-types';

const EXPLAIN_MAX_ROWS = 10_000;
const SYNTAX_PROBE = 'tessera_syntax_probe';

/** A binary-protocol statement: its parameters travel apart from the SQL text, never escaped into it. */
function executeBound(conn: Connection, sql: string, values: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    conn.execute(sql, values, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Polite COM_QUIT, but never wait long on a connection whose server went away. */
function endConnection(conn: Connection): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      conn.destroy();
      resolve();
    }, 1000);
    conn.end(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface MysqlSessionDeps {
  readOnly: boolean;
  schema: string | null;
  ctx: ErrorContext;
  /** Opens a dedicated (unpooled) connection. */
  connect: () => Promise<Connection>;
  /** Runs KILL [QUERY] <threadId> from another connection. */
  kill: (threadId: number, what: 'QUERY' | 'CONNECTION') => Promise<void>;
  quote: (name: string) => string;
}

/**
 * One dedicated connection. Read-only runs every statement inside START TRANSACTION READ ONLY on a
 * session whose default is READ ONLY too, so DDL (which commits implicitly) is refused as well.
 * A truncated read or a cancel leaves the connection mid-result, so it is killed and replaced.
 */
export class MysqlSession implements ConnectorSession {
  private readonly gate: SessionGate;
  private conn: Connection | null = null;
  private threadId: number | null = null;
  private closed = false;
  /** A statement of a writable session ran read-only, leaving the session default READ ONLY. */
  private leftReadOnly = false;

  constructor(private readonly deps: MysqlSessionDeps) {
    this.gate = new SessionGate(
      () => this.killRunningQuery(),
      (cause) => connectorError('cancelled', deps.ctx, { cause }),
    );
  }

  /** Connects and applies schema and read-only settings; used eagerly by openSession. */
  async ensureConnection(): Promise<Connection> {
    if (this.conn) return this.conn;
    const conn = await this.deps.connect();
    try {
      if (this.deps.schema) await runCommand(conn, `USE ${this.deps.quote(this.deps.schema)}`);
      if (this.deps.readOnly) await runCommand(conn, 'SET SESSION TRANSACTION READ ONLY');
    } catch (error) {
      conn.destroy();
      throw classifyMysqlError(error, this.deps.ctx, 'query');
    }
    this.conn = conn;
    this.threadId = conn.threadId;
    this.leftReadOnly = false;
    return conn;
  }

  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult> {
    const readOnly = this.deps.readOnly || options.readOnly === true;
    return this.gate.run(() => this.runStatement(sql, options.maxRows, readOnly), options.signal);
  }

  async *stream(sql: string, options: StreamOptions = {}): AsyncGenerator<RowBatch> {
    const { ctx, readOnly } = this.deps;
    const { batchSize, maxRows } = streamLimits(options);
    const leave = await this.gate.hold(options.signal);
    let conn: Connection | null = null;
    let complete = true;
    try {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      conn = await this.ensureConnection();
      if (readOnly) {
        await runCommand(conn, 'SET SESSION TRANSACTION READ ONLY');
        await runCommand(conn, 'START TRANSACTION READ ONLY');
      }
      const { batches, finished } = streamBatches(conn, sql, Math.min(batchSize, Math.max(maxRows, 1)));
      complete = false;
      let read = 0;
      for await (const batch of batches) {
        if (this.gate.isCancelled()) throw connectorError('cancelled', ctx);
        const columns = mysqlResultColumns(batch.fields);
        const converters = mysqlValueConverters(columns);
        const budget = maxRows - read;
        const kept = batch.rows.length > budget ? batch.rows.slice(0, budget) : batch.rows;
        read += kept.length;
        yield { columns, rows: kept.map((row) => row.map((value, i) => (converters[i] ?? String)(value))) };
        if (read >= maxRows) break;
      }
      complete = finished();
    } catch (error) {
      if (this.gate.isCancelled()) throw connectorError('cancelled', ctx, { cause: error });
      throw classifyMysqlError(error, ctx, 'query');
    } finally {
      // A result set left half read cannot be stopped: the connection goes, as after a truncated read.
      if (!complete || this.gate.isCancelled()) await this.discardConnection();
      else if (readOnly && conn) await runCommand(conn, 'ROLLBACK').catch(() => this.discardConnection());
      await leave();
    }
  }

  explain(sql: string): Promise<Record<string, unknown>[]> {
    return this.gate.run(async () => {
      const result = await this.runStatement(
        `${engineSpec('mysql').explainPrefix} ${stripTrailingSemicolons(sql)}`,
        EXPLAIN_MAX_ROWS,
        this.deps.readOnly,
      );
      // The plan arrives as JSON text in one column: hand it over parsed.
      return rowsToObjects(result.columns, result.rows).map((row) => {
        const plan = row.EXPLAIN;
        return typeof plan === 'string' ? { ...row, EXPLAIN: parseJsonOr(plan) } : row;
      });
    });
  }

  checkSyntax(sql: string): Promise<ConnectorError | null> {
    const { ctx } = this.deps;
    return this.gate.run(async () => {
      if (this.closed)
        throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
      const conn = await this.ensureConnection();
      let began = false;
      try {
        await runCommand(conn, 'START TRANSACTION READ ONLY');
        began = true;
        // The text reaches PREPARE through a variable set over the binary protocol, so no quoting
        // (or sql_mode NO_BACKSLASH_ESCAPES) can let it out; PREPARE takes one statement and runs nothing.
        await executeBound(conn, 'SET @tessera_syntax_probe = ?', [stripTrailingSemicolons(sql)]);
        await runCommand(conn, `PREPARE ${SYNTAX_PROBE} FROM @tessera_syntax_probe`);
        await runCommand(conn, `DEALLOCATE PREPARE ${SYNTAX_PROBE}`);
        return null;
      } catch (error) {
        const classified = classifyMysqlError(error, ctx, 'query');
        return classified.kind === 'SYNTAX_ERROR' ? classified : null;
      } finally {
        await runCommand(conn, 'SET @tessera_syntax_probe = NULL').catch(() => undefined);
        if (began) await runCommand(conn, 'ROLLBACK').catch(() => this.discardConnection());
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
    const conn = this.conn;
    this.conn = null;
    if (conn) await endConnection(conn);
  }

  private async runStatement(sql: string, maxRows: number, readOnly: boolean): Promise<ExecuteResult> {
    const { ctx } = this.deps;
    if (this.closed)
      throw connectorError('GENERIC_DB_ENGINE_ERROR', ctx, { engineMessage: 'the session is closed' });
    const conn = await this.ensureConnection();
    if (this.gate.isCancelled()) throw connectorError('cancelled', ctx);
    let keep = true;
    try {
      if (readOnly) {
        // Re-applied every time: the previous statement may have been SET SESSION TRANSACTION READ WRITE.
        await runCommand(conn, 'SET SESSION TRANSACTION READ ONLY');
        await runCommand(conn, 'START TRANSACTION READ ONLY');
        if (!this.deps.readOnly) this.leftReadOnly = true;
      } else if (this.leftReadOnly) {
        await runCommand(conn, 'SET SESSION TRANSACTION READ WRITE');
        this.leftReadOnly = false;
      }
      const streamed = await streamQuery(conn, sql, readLimit(maxRows));
      if (streamed.more) keep = false;
      const columns = mysqlResultColumns(streamed.fields);
      const converters = mysqlValueConverters(columns);
      const truncated = streamed.rows.length > maxRows;
      const rows = (truncated ? streamed.rows.slice(0, maxRows) : streamed.rows).map((row) =>
        row.map((value, i) => (converters[i] ?? String)(value)),
      );
      return { columns, rows, truncated, affectedRows: columns.length === 0 ? streamed.affectedRows : null };
    } catch (error) {
      throw classifyMysqlError(error, ctx, 'query');
    } finally {
      if (!keep || this.gate.isCancelled()) await this.discardConnection();
      else if (readOnly) await runCommand(conn, 'ROLLBACK').catch(() => this.discardConnection());
    }
  }

  private async killRunningQuery(): Promise<void> {
    if (this.threadId !== null) await this.deps.kill(this.threadId, 'QUERY');
  }

  private async discardConnection(): Promise<void> {
    const conn = this.conn;
    const threadId = this.threadId;
    this.conn = null;
    this.threadId = null;
    if (!conn) return;
    conn.destroy();
    if (threadId !== null) await this.deps.kill(threadId, 'CONNECTION').catch(() => undefined);
  }
}
