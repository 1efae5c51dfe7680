import {
  SqliteWorkerPool,
  createConnector,
  replaceUriPassword,
  type Connector,
  type ConnectorSession,
  type SessionOptions,
} from '@tessera/connectors';
import type { ResourceLimits } from '@tessera/contracts';
import type { DatabasesTable } from '../../db/schema';
import { decryptText } from '../../platform/crypto';
import { ApiError } from '../../platform/errors';
import { QuerySlots, slotLimits } from './query-slots';
import { SlottedSession } from './slotted-session';
import { connectorFailure } from './connector-errors';
import { readOnlyRoleOf } from './security-warnings';

export type DatabaseRow = Omit<DatabasesTable, 'id'> & { id: number };

interface Entry {
  version: string;
  connector: Connector;
}

interface CachedValue {
  expires: number;
  value: unknown;
}

const METADATA_TTL_MS = 10 * 60_000;
/** A database that is down reports each dropped idle connection: one line per database per 30 s. */
const IDLE_ERROR_LOG_INTERVAL_MS = 30_000;

/** Who runs a query: its slot counts against this user's limits. */
export interface QueryOwner {
  userId: number;
}

export type BackendErrorListener = (databaseId: number, error: Error) => void;

/**
 * One live connector per database (pooled connections), rebuilt when the row changes, plus a short
 * cache of schema and table listings that `force` bypasses. User queries open their sessions
 * through `openSession`, which admits them under the resource limits (query-slots.ts) and runs
 * SQLite in one capped pool of worker processes.
 */
export class DatabaseRegistry {
  private readonly connectors = new Map<number, Entry>();
  private readonly metadataCache = new Map<string, CachedValue>();
  private readonly sqliteWorkers: SqliteWorkerPool;
  readonly slots: QuerySlots;
  private readonly idleErrorLoggedAt = new Map<number, number>();
  private backendErrorListener: BackendErrorListener = () => undefined;

  constructor(
    private readonly credentialsKey: Buffer,
    private readonly baseDir: string,
    private readonly limits: ResourceLimits,
    /** Throws for a connection this process must never open (connection-guard.ts). */
    private readonly assertAllowed: (uri: string) => void = () => undefined,
  ) {
    this.sqliteWorkers = new SqliteWorkerPool(limits.sqlite_max_workers);
    this.slots = new QuerySlots(slotLimits(limits));
  }

  /** Where errors of idle pooled connections go (a user database restarted); throttled per database. */
  onBackendError(listener: BackendErrorListener): void {
    this.backendErrorListener = listener;
  }

  /**
   * A session for one user query, once the user's limits allow it: waits while the user runs
   * `user_max_running_queries` queries, holds its share of this database's pool, or the pool is
   * full. Rejects with SlotWaitAborted when `signal` aborts during the wait. Closing the session
   * frees the slot.
   */
  async openSession(
    row: DatabaseRow,
    owner: QueryOwner,
    options: SessionOptions,
    signal?: AbortSignal,
  ): Promise<ConnectorSession> {
    const release = await this.slots.acquire(owner.userId, row.id, signal);
    try {
      return new SlottedSession(await this.connectorFor(row).openSession(options), release);
    } catch (error) {
      release();
      throw error;
    }
  }

  /** The full URI with the clear-text password; only ever handed to a connector. */
  connectionUri(row: DatabaseRow): string {
    return row.password_encrypted === null
      ? row.sqlalchemy_uri
      : replaceUriPassword(row.sqlalchemy_uri, decryptText(this.credentialsKey, row.password_encrypted));
  }

  connectorFor(row: DatabaseRow): Connector {
    const version = `${row.changed_on}|${row.allow_dml}`;
    const existing = this.connectors.get(row.id);
    if (existing?.version === version) return existing.connector;
    if (existing) void existing.connector.close().catch(() => undefined);
    this.connectors.delete(row.id);
    let connector: Connector;
    try {
      this.assertAllowed(row.sqlalchemy_uri);
      connector = createConnector(this.connectionUri(row), {
        baseDir: this.baseDir,
        readOnlyFile: row.allow_dml !== 1,
        readOnlyRole: readOnlyRoleOf(row.extra),
        sqliteWorkers: this.sqliteWorkers,
        poolSize: this.limits.database_pool_size,
        onIdleError: (error) => this.reportIdleError(row.id, error),
      });
    } catch (error) {
      // The guard's refusal is already a client error; a URI stored before a parameter was refused becomes
      // a 422 naming it, not a 500, until it is edited.
      if (error instanceof ApiError) throw error;
      throw connectorFailure(error, 'Unknown');
    }
    this.connectors.set(row.id, { version, connector });
    return connector;
  }

  async cached<T>(databaseId: number, key: string, force: boolean, load: () => Promise<T>): Promise<T> {
    const cacheKey = `${databaseId}|${key}`;
    const hit = this.metadataCache.get(cacheKey);
    if (!force && hit && hit.expires > Date.now()) return hit.value as T;
    const value = await load();
    this.metadataCache.set(cacheKey, { value, expires: Date.now() + METADATA_TTL_MS });
    return value;
  }

  async evict(databaseId: number): Promise<void> {
    for (const key of this.metadataCache.keys())
      if (key.startsWith(`${databaseId}|`)) this.metadataCache.delete(key);
    const entry = this.connectors.get(databaseId);
    this.connectors.delete(databaseId);
    if (entry) await entry.connector.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.connectors.values()];
    this.connectors.clear();
    this.metadataCache.clear();
    await Promise.all(entries.map((entry) => entry.connector.close().catch(() => undefined)));
    this.sqliteWorkers.close();
  }

  private reportIdleError(databaseId: number, error: Error): void {
    const now = Date.now();
    if (now - (this.idleErrorLoggedAt.get(databaseId) ?? 0) < IDLE_ERROR_LOG_INTERVAL_MS) return;
    this.idleErrorLoggedAt.set(databaseId, now);
    this.backendErrorListener(databaseId, error);
  }
}
