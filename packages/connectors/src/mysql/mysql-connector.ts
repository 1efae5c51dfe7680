import mysql from 'mysql2';
import type { Connection, Pool, PoolConnection } from 'mysql2';
import type { ErrorContext } from '../shared/error-messages';
import { buildSelectStar, quoteIfNeeded, quoteWith } from '../shared/identifiers';
import { backendDisplayName } from '../uri/engine-names';
import type {
  Backend,
  ConnectionSpec,
  Connector,
  ConnectorSession,
  PrivilegeRisk,
  SessionOptions,
  TableExtraMetadata,
  TableListItem,
  TableMetadata,
} from '../types';
import { mysqlConnectionOptions, mysqlErrorContext, mysqlPoolOptions } from './mysql-config';
import { classifyMysqlError } from './mysql-errors';
import type { MysqlRowsQuery } from './mysql-metadata';
import { mysqlFunctionNames, mysqlSchemas, mysqlTableMetadata, mysqlTables } from './mysql-metadata';
import { mysqlPrivilegeRisks } from './mysql-privileges';
import { MysqlSession } from './mysql-session';
import { runCommand } from './mysql-stream';

const ignoreError = (): void => undefined;

function queryRows(conn: PoolConnection, sql: string, params: unknown[] | undefined): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    conn.query(sql, params ?? [], (error, result) => {
      if (error) reject(error);
      else resolve(Array.isArray(result) ? result : []);
    });
  });
}

/** MySQL and MariaDB: a mysql2 pool for metadata and KILLs, one dedicated connection per session. */
export class MysqlConnector implements Connector {
  readonly engine = 'mysql';
  readonly engineName: string;
  readonly supportsCatalogs = false;
  private poolInstance: Pool | null = null;
  private readonly ctx: ErrorContext;
  private readonly rowsQuery: MysqlRowsQuery = (sql, params) =>
    this.withPoolConnection((conn) => queryRows(conn, sql, params));

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly connectTimeoutMs: number,
    readonly backend: Backend = 'mysql',
    /** Errors of idle connections (the server went away); handled, this only reports them. */
    private readonly onIdleError: (error: Error) => void = ignoreError,
  ) {
    this.engineName = backendDisplayName(backend);
    this.ctx = mysqlErrorContext(spec, this.engineName);
  }

  async testConnection(): Promise<void> {
    const conn = await this.connect();
    try {
      await runCommand(conn, 'SELECT 1');
    } catch (error) {
      throw classifyMysqlError(error, this.ctx, 'query');
    } finally {
      conn.destroy();
    }
  }

  getCatalogs(): Promise<string[]> {
    return Promise.resolve([]);
  }

  getSchemas(): Promise<string[]> {
    return mysqlSchemas(this.rowsQuery);
  }

  getTables(schema: string): Promise<TableListItem[]> {
    return mysqlTables(this.rowsQuery, schema);
  }

  getTableMetadata(table: string, schema: string | null): Promise<TableMetadata | null> {
    return mysqlTableMetadata(this.rowsQuery, table, schema);
  }

  getTableExtraMetadata(): Promise<TableExtraMetadata> {
    return Promise.resolve({ metadata: {}, partitions: null, clustering: null });
  }

  getFunctionNames(): Promise<string[]> {
    return mysqlFunctionNames(this.rowsQuery);
  }

  getPrivilegeRisks(): Promise<PrivilegeRisk[]> {
    return mysqlPrivilegeRisks(this.rowsQuery);
  }

  quoteIdentifier(name: string): string {
    return quoteWith(name, '`');
  }

  selectStar(table: string, schema: string | null, columns: string[], limit?: number): string {
    return buildSelectStar((name) => quoteIfNeeded(name, '`', false), table, schema, columns, limit);
  }

  async openSession(options: SessionOptions): Promise<ConnectorSession> {
    const session = new MysqlSession({
      readOnly: options.readOnly,
      schema: options.schema ?? null,
      ctx: this.ctx,
      connect: () => this.connect(),
      kill: (threadId, what) => this.kill(threadId, what),
      quote: (name) => this.quoteIdentifier(name),
    });
    await session.ensureConnection();
    return session;
  }

  async close(): Promise<void> {
    const pool = this.poolInstance;
    this.poolInstance = null;
    if (pool) await new Promise<void>((resolve) => pool.end(() => resolve()));
  }

  /** A new dedicated connection; connection failures are classified with connection kinds. */
  private connect(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const conn = mysql.createConnection(mysqlConnectionOptions(this.spec, this.connectTimeoutMs));
      // A server-side disconnect emits 'error'; unhandled, it would crash the process.
      conn.on('error', ignoreError);
      conn.connect((error) => {
        if (error) {
          conn.destroy();
          reject(classifyMysqlError(error, this.ctx, 'connect'));
        } else {
          resolve(conn);
        }
      });
    });
  }

  private pool(): Pool {
    if (!this.poolInstance) {
      const pool = mysql.createPool(mysqlPoolOptions(this.spec, this.connectTimeoutMs));
      // mysql2 drops a pooled connection that errored; the next getConnection opens another.
      pool.on('connection', (conn) =>
        conn.on('error', (error: unknown) =>
          this.onIdleError(error instanceof Error ? error : new Error(String(error))),
        ),
      );
      this.poolInstance = pool;
    }
    return this.poolInstance;
  }

  private async withPoolConnection<T>(work: (conn: PoolConnection) => Promise<T>): Promise<T> {
    const conn = await new Promise<PoolConnection>((resolve, reject) => {
      this.pool().getConnection((error, c) => {
        if (error) reject(classifyMysqlError(error, this.ctx, 'connect'));
        else resolve(c);
      });
    });
    try {
      return await work(conn);
    } catch (error) {
      throw classifyMysqlError(error, this.ctx, 'query');
    } finally {
      conn.release();
    }
  }

  private async kill(threadId: number, what: 'QUERY' | 'CONNECTION'): Promise<void> {
    if (!Number.isSafeInteger(threadId)) return;
    await this.withPoolConnection((conn) => queryRows(conn, `KILL ${what} ${threadId}`, undefined));
  }
}
