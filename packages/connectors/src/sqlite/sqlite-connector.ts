import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
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
import { SqliteChild } from './sqlite-child';
import { classifySqliteError } from './sqlite-errors';
import { sqliteFunctionNames, sqliteTableMetadata, sqliteTables } from './sqlite-metadata';
import { SqliteSession } from './sqlite-session';
import type { SqliteWorkerPool } from './sqlite-worker-pool';

export interface SqliteFileOptions {
  /** Absolute path or ':memory:'. */
  filePath: string;
  readOnlyFile: boolean;
  createFile: boolean;
}

const MEMORY = ':memory:';

/**
 * SQLite: metadata through one cached connection in this process (pragma reads are instant);
 * statements through a worker process of the shared pool per session, see sqlite-child-source.ts.
 */
export class SqliteConnector implements Connector {
  readonly engine = 'sqlite';
  readonly backend: Backend = 'sqlite';
  readonly engineName = backendDisplayName('sqlite');
  readonly supportsCatalogs = false;
  private metadataDb: Database.Database | null = null;
  private readonly ctx: ErrorContext;

  constructor(
    private readonly file: SqliteFileOptions,
    private readonly workers: SqliteWorkerPool,
  ) {
    this.ctx = { engineName: this.engineName, database: file.filePath };
  }

  async testConnection(): Promise<void> {
    if (this.file.filePath === MEMORY) {
      return this.withDb((db) => {
        db.prepare('SELECT count(*) FROM sqlite_master').get();
      });
    }
    // Closing a file this process opened drops every POSIX lock the process holds on it, including the
    // metadata store's own: a file is only ever tried from a child process.
    const child = new SqliteChild();
    try {
      await child.open({ filePath: this.file.filePath, readOnly: true, fileMustExist: true });
      await child.execute('SELECT count(*) FROM sqlite_master', 1);
    } catch (error) {
      throw classifySqliteError(error, this.ctx, 'connect');
    } finally {
      child.close();
    }
  }

  getCatalogs(): Promise<string[]> {
    return Promise.resolve([]);
  }

  getSchemas(): Promise<string[]> {
    return Promise.resolve(['main']);
  }

  getTables(schema: string): Promise<TableListItem[]> {
    return this.withDb((db) => sqliteTables(db, schema));
  }

  getTableMetadata(table: string, schema: string | null): Promise<TableMetadata | null> {
    return this.withDb((db) => sqliteTableMetadata(db, table, schema ?? 'main'));
  }

  getTableExtraMetadata(): Promise<TableExtraMetadata> {
    return Promise.resolve({ metadata: {}, partitions: null, clustering: null });
  }

  getFunctionNames(): Promise<string[]> {
    return this.withDb((db) => sqliteFunctionNames(db));
  }

  getPrivilegeRisks(): Promise<PrivilegeRisk[]> {
    return Promise.resolve([]);
  }

  quoteIdentifier(name: string): string {
    return quoteWith(name, '"');
  }

  selectStar(table: string, schema: string | null, columns: string[], limit?: number): string {
    return buildSelectStar((name) => quoteIfNeeded(name, '"', false), table, schema, columns, limit);
  }

  /** `schema` is ignored: a SQLite connection has one main schema (attached ones are named in SQL). */
  openSession(options: SessionOptions): Promise<ConnectorSession> {
    return SqliteSession.start(
      this.workers,
      {
        filePath: this.file.filePath,
        readOnly: options.readOnly || this.file.readOnlyFile,
        fileMustExist: !this.file.createFile,
      },
      this.ctx,
    );
  }

  close(): Promise<void> {
    this.metadataDb?.close();
    this.metadataDb = null;
    return Promise.resolve();
  }

  private openMetadataDb(): Database.Database {
    if (this.metadataDb) return this.metadataDb;
    const { filePath, createFile } = this.file;
    const memory = filePath === MEMORY;
    // Metadata only reads; open read-write only to create a missing file when that is allowed.
    const readonly = !memory && !(createFile && !existsSync(filePath));
    this.metadataDb = new Database(filePath, { readonly, fileMustExist: !memory && !createFile });
    return this.metadataDb;
  }

  private withDb<T>(work: (db: Database.Database) => T): Promise<T> {
    let db: Database.Database;
    try {
      db = this.openMetadataDb();
    } catch (error) {
      return Promise.reject(classifySqliteError(error, this.ctx, 'connect'));
    }
    try {
      return Promise.resolve(work(db));
    } catch (error) {
      return Promise.reject(classifySqliteError(error, this.ctx, 'query'));
    }
  }
}
