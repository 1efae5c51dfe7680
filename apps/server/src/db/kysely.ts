import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { MetadataSchema } from './schema';

export type MetadataDb = Kysely<MetadataSchema>;
export type MetadataDialect = 'sqlite' | 'postgres';

export interface MetadataStore {
  db: MetadataDb;
  dialect: MetadataDialect;
  /** `SELECT 1` (readiness); rejects when the store cannot be reached. */
  ping(): Promise<void>;
  /** Where errors of pooled connections go (PostgreSQL restarted); set once a logger exists. */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * A value that differs after any committed change to the store, by this process or another, read
   * without touching a table; null when the store cannot tell cheaply (PostgreSQL) or not right now.
   * Caches of rows that must never be stale key their entries on it (see security/session-memo.ts).
   */
  changeStamp(): string | null;
  close(): Promise<void>;
}

/** How long a request waits for a metadata connection before it fails instead of hanging. */
const PG_CONNECT_TIMEOUT_MS = 5000;

async function ping(db: MetadataDb): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** The file of a `sqlite:<file>` metadata URL (`sqlite:///abs` spells `/abs`), or null for PostgreSQL. */
export function metadataSqliteFile(url: string): string | null {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : null;
}

/**
 * SQLite's own change counters: `data_version` moves when another connection (another process, or
 * another connection of this one) commits, `total_changes()` when this connection changes a row (a
 * rolled-back change still counts: a stamp may move for nothing, never stay for a change). Inside an open
 * transaction of this connection the stamp would be that transaction's snapshot, so there is none.
 */
function sqliteChangeStamp(database: SQLite.Database): () => string | null {
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const totalChanges = database.prepare('SELECT total_changes()').pluck();
  return () => {
    if (!database.open || database.inTransaction) return null;
    try {
      return `${String(dataVersion.get())}:${String(totalChanges.get())}`;
    } catch {
      // The connection is busy (an iterator is open): no stamp this time.
      return null;
    }
  };
}

/** `sqlite:<file>` or `postgres://...` / `postgresql://...`. */
export function openMetadataStore(url: string): MetadataStore {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      application_name: 'tessera-metadata',
    });
    let listener: (error: Error) => void = () => undefined;
    // A client whose server went away (restart, pg_terminate_backend) emits 'error', idle or in
    // use; without a listener that event would end the process. The pool drops such a client
    // and the next query connects again.
    pool.on('error', (error) => listener(error));
    pool.on('connect', (client) => client.on('error', (error) => listener(error)));
    const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ping: () => ping(db),
      onConnectionError: (next) => {
        listener = next;
      },
      changeStamp: () => null,
      close: () => db.destroy(),
    };
  }
  const file = metadataSqliteFile(url);
  if (file !== null) {
    if (file !== ':memory:') {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      // Users' password hashes and encrypted credentials live here: owner only. SQLite gives new -wal and
      // -shm files the mode of the database file. An existing file is never opened here: closing it would
      // drop the locks of another connection of this process.
      if (existsSync(file)) {
        for (const suffix of ['', '-wal', '-shm', '-journal'])
          if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
      } else closeSync(openSync(file, 'wx', 0o600));
    }
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database }) });
    return {
      db,
      dialect: 'sqlite',
      ping: () => ping(db),
      onConnectionError: () => undefined,
      changeStamp: sqliteChangeStamp(database),
      close: () => db.destroy(),
    };
  }
  throw new Error('TESSERA_METADATA_URL must start with sqlite: or postgres://');
}

export const nowIso = (): string => new Date().toISOString();
export const toFlag = (value: boolean): number => (value ? 1 : 0);
