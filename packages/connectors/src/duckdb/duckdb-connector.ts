import type { DuckDBConnection } from '@duckdb/node-api';
import type { ErrorContext } from '../shared/error-messages';
import { buildSelectStar, quoteIfNeeded, quoteWith } from '../shared/identifiers';
import { backendDisplayName } from '../uri/engine-names';
import type {
  Backend,
  Connector,
  PrivilegeRisk,
  ConnectorSession,
  SessionOptions,
  TableExtraMetadata,
  TableListItem,
  TableMetadata,
} from '../types';
import { classifyDuckdbError } from './duckdb-errors';
import { acquireInstance } from './duckdb-instances';
import { probeDuckdbFile } from './duckdb-probe';
import type { InstanceLease } from './duckdb-instances';
import { duckdbFunctionNames, duckdbSchemas, duckdbTableMetadata, duckdbTables } from './duckdb-metadata';
import { DuckdbSession } from './duckdb-session';

export interface DuckdbFileOptions {
  /** Absolute path or ':memory:'. */
  filePath: string;
  readOnlyFile: boolean;
  createFile: boolean;
}

/** DuckDB in-process: one shared instance per file, a new connection per session or metadata call. */
export class DuckdbConnector implements Connector {
  readonly engine = 'duckdb';
  readonly backend: Backend = 'duckdb';
  readonly engineName = backendDisplayName('duckdb');
  readonly supportsCatalogs = false;
  private lease: Promise<InstanceLease> | null = null;
  private readonly ctx: ErrorContext;

  constructor(private readonly file: DuckdbFileOptions) {
    this.ctx = { engineName: this.engineName, database: file.filePath };
  }

  async testConnection(): Promise<void> {
    if (this.file.filePath !== ':memory:') {
      // As for SQLite: a file is tried from a child process, so this process never opens (and closes) it.
      try {
        await probeDuckdbFile(this.file.filePath);
      } catch (error) {
        throw classifyDuckdbError(error, this.ctx, 'connect');
      }
      return;
    }
    await this.withConnection(async (conn) => {
      await conn.run('SELECT 1');
    });
  }

  getCatalogs(): Promise<string[]> {
    return Promise.resolve([]);
  }

  getSchemas(): Promise<string[]> {
    return this.withConnection((conn) => duckdbSchemas(conn));
  }

  getTables(schema: string): Promise<TableListItem[]> {
    return this.withConnection((conn) => duckdbTables(conn, schema));
  }

  getTableMetadata(table: string, schema: string | null): Promise<TableMetadata | null> {
    return this.withConnection((conn) => duckdbTableMetadata(conn, table, schema));
  }

  getTableExtraMetadata(): Promise<TableExtraMetadata> {
    return Promise.resolve({ metadata: {}, partitions: null, clustering: null });
  }

  getFunctionNames(): Promise<string[]> {
    return this.withConnection((conn) => duckdbFunctionNames(conn));
  }

  getPrivilegeRisks(): Promise<PrivilegeRisk[]> {
    return Promise.resolve([]);
  }

  quoteIdentifier(name: string): string {
    return quoteWith(name, '"');
  }

  selectStar(table: string, schema: string | null, columns: string[], limit?: number): string {
    return buildSelectStar((name) => quoteIfNeeded(name, '"', true), table, schema, columns, limit);
  }

  async openSession(options: SessionOptions): Promise<ConnectorSession> {
    const lease = await this.acquire();
    let connection: DuckDBConnection;
    try {
      connection = await lease.instance.connect();
    } catch (error) {
      throw classifyDuckdbError(error, this.ctx, 'connect');
    }
    try {
      if (options.schema) await connection.run(`SET schema = '${options.schema.replace(/'/g, "''")}'`);
    } catch (error) {
      connection.closeSync();
      throw classifyDuckdbError(error, this.ctx, 'query');
    }
    const readOnly = options.readOnly || this.file.readOnlyFile;
    return new DuckdbSession({
      connection,
      readOnlyTransactions: readOnly && !lease.readOnlyFile,
      ctx: this.ctx,
    });
  }

  async close(): Promise<void> {
    const lease = this.lease;
    this.lease = null;
    if (lease) (await lease.catch(() => null))?.release();
  }

  private async acquire(): Promise<InstanceLease> {
    if (!this.lease) {
      const pending = acquireInstance(this.file.filePath, this.file.readOnlyFile, this.file.createFile);
      this.lease = pending;
      // Let a later call retry after a failed open (e.g. the file was created since).
      pending.catch(() => {
        if (this.lease === pending) this.lease = null;
      });
    }
    try {
      return await this.lease;
    } catch (error) {
      throw classifyDuckdbError(error, this.ctx, 'connect');
    }
  }

  private async withConnection<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const lease = await this.acquire();
    let conn: DuckDBConnection;
    try {
      conn = await lease.instance.connect();
    } catch (error) {
      throw classifyDuckdbError(error, this.ctx, 'connect');
    }
    try {
      return await work(conn);
    } catch (error) {
      throw classifyDuckdbError(error, this.ctx, 'query');
    } finally {
      conn.closeSync();
    }
  }
}
