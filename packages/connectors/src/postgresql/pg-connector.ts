import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
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
import { pgClientConfig, pgErrorContext, pgPoolConfig } from './pg-config';
import { classifyPgError } from './pg-errors';
import type { PgRowsQuery } from './pg-metadata';
import {
  pgCatalogs,
  pgFunctionNames,
  pgSchemas,
  pgTableExtraMetadata,
  pgTableMetadata,
  pgTables,
} from './pg-metadata';
import { pgPrivilegeRisks } from './pg-privileges';
import { PgSession } from './pg-session';
import { PgTypeNameCache } from './pg-type-cache';

const pidRow = z.object({ pid: z.number() });
const ignoreError = (): void => undefined;

export interface PgConnectorOptions {
  connectTimeoutMs: number;
  poolSize: number;
  /** Errors of idle pooled clients (the server restarted); they are handled, this only reports them. */
  onIdleError: (error: Error) => void;
  /** See ConnectorOptions.readOnlyRole. */
  readOnlyRole: string | null;
}

/** PostgreSQL through a lazily created pg Pool; sessions check out one client each. */
export class PgConnector implements Connector {
  readonly engine = 'postgresql';
  readonly backend: Backend = 'postgresql';
  readonly engineName = backendDisplayName('postgresql');
  readonly supportsCatalogs = true;
  private poolInstance: Pool | null = null;
  private readonly ctx: ErrorContext;
  private readonly typeNames: PgTypeNameCache;
  private readonly rowsQuery: PgRowsQuery = (sql, params) =>
    this.withClient(async (client) => {
      const result: { rows: unknown[] } = await client.query(sql, params);
      return result.rows;
    });

  private readonly connectTimeoutMs: number;

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PgConnectorOptions,
  ) {
    this.connectTimeoutMs = options.connectTimeoutMs;
    this.ctx = pgErrorContext(spec, this.engineName);
    this.typeNames = new PgTypeNameCache(this.rowsQuery);
  }

  async testConnection(): Promise<void> {
    const client = new pg.Client(pgClientConfig(this.spec, this.connectTimeoutMs));
    client.on('error', ignoreError);
    try {
      await client.connect();
    } catch (error) {
      throw classifyPgError(error, this.ctx, 'connect');
    }
    try {
      await client.query('SELECT 1');
    } catch (error) {
      throw classifyPgError(error, this.ctx, 'query');
    } finally {
      await client.end().catch(ignoreError);
    }
  }

  getCatalogs(): Promise<string[]> {
    return pgCatalogs(this.rowsQuery);
  }

  getSchemas(): Promise<string[]> {
    return pgSchemas(this.rowsQuery);
  }

  getTables(schema: string): Promise<TableListItem[]> {
    return pgTables(this.rowsQuery, schema);
  }

  getTableMetadata(table: string, schema: string | null): Promise<TableMetadata | null> {
    return pgTableMetadata(this.rowsQuery, table, schema);
  }

  getTableExtraMetadata(table: string, schema: string | null): Promise<TableExtraMetadata> {
    return pgTableExtraMetadata(this.rowsQuery, table, schema);
  }

  getFunctionNames(): Promise<string[]> {
    return pgFunctionNames(this.rowsQuery);
  }

  getPrivilegeRisks(): Promise<PrivilegeRisk[]> {
    return pgPrivilegeRisks(this.rowsQuery);
  }

  quoteIdentifier(name: string): string {
    return quoteWith(name, '"');
  }

  selectStar(table: string, schema: string | null, columns: string[], limit?: number): string {
    return buildSelectStar((name) => quoteIfNeeded(name, '"', true), table, schema, columns, limit);
  }

  async openSession(options: SessionOptions): Promise<ConnectorSession> {
    const client = await this.connectClient();
    try {
      const [row] = z.array(pidRow).parse((await client.query('SELECT pg_backend_pid() AS pid')).rows);
      if (!row) throw new Error('pg_backend_pid() returned no row');
      if (options.schema) await client.query(`SET search_path TO ${this.quoteIdentifier(options.schema)}`);
      if (options.readOnly) await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
      return new PgSession({
        client,
        pid: row.pid,
        readOnly: options.readOnly,
        readOnlyRole: this.options.readOnlyRole,
        ctx: this.ctx,
        typeNames: this.typeNames,
        cancelBackend: (pid) => this.cancelBackend(pid),
        release: (c, destroy) => this.release(c, destroy),
      });
    } catch (error) {
      this.release(client, true);
      throw classifyPgError(error, this.ctx, 'query');
    }
  }

  async close(): Promise<void> {
    const pool = this.poolInstance;
    this.poolInstance = null;
    if (pool) await pool.end().catch(ignoreError);
  }

  private pool(): Pool {
    if (!this.poolInstance) {
      const pool = new pg.Pool(pgPoolConfig(this.spec, this.connectTimeoutMs, this.options.poolSize));
      // An idle client whose server went away emits 'error'; unhandled, it would crash the process.
      // The pool drops that client by itself and the next checkout connects afresh.
      pool.on('error', (error) => this.options.onIdleError(error));
      this.poolInstance = pool;
    }
    return this.poolInstance;
  }

  private async connectClient(): Promise<PoolClient> {
    let client: PoolClient;
    try {
      client = await this.pool().connect();
    } catch (error) {
      throw classifyPgError(error, this.ctx, 'connect');
    }
    client.on('error', ignoreError);
    return client;
  }

  private release(client: PoolClient, destroy: boolean): void {
    client.removeListener('error', ignoreError);
    client.release(destroy);
  }

  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.connectClient();
    try {
      return await work(client);
    } catch (error) {
      throw classifyPgError(error, this.ctx, 'query');
    } finally {
      this.release(client, false);
    }
  }

  /** A fresh connection, not the pool: a pool full of running queries must not block the Stop. */
  private async cancelBackend(pid: number): Promise<void> {
    const client = new pg.Client(pgClientConfig(this.spec, this.connectTimeoutMs));
    client.on('error', ignoreError);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(ignoreError);
    }
  }
}
