import { createConnector, replaceUriPassword, type Connector } from '@tessera/connectors';
import type { DatabasesTable } from '../../db/schema';
import { decryptText } from '../../platform/crypto';

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

/**
 * One live connector per database (pooled connections), rebuilt when the row changes, plus a short
 * cache of schema and table listings that `force` bypasses.
 */
export class DatabaseRegistry {
  private readonly connectors = new Map<number, Entry>();
  private readonly metadataCache = new Map<string, CachedValue>();

  constructor(
    private readonly credentialsKey: Buffer,
    private readonly baseDir: string,
    /** Throws for a connection this process must never open (connection-guard.ts). */
    private readonly assertAllowed: (uri: string) => void = () => undefined,
  ) {}

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
    this.assertAllowed(row.sqlalchemy_uri);
    const connector = createConnector(this.connectionUri(row), {
      baseDir: this.baseDir,
      readOnlyFile: row.allow_dml !== 1,
    });
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
  }
}
