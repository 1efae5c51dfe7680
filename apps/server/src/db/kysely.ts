import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { MetadataSchema } from './schema';

export type MetadataDb = Kysely<MetadataSchema>;
export type MetadataDialect = 'sqlite' | 'postgres';

export interface MetadataStore {
  db: MetadataDb;
  dialect: MetadataDialect;
  close(): Promise<void>;
}

/** `sqlite:<file>` or `postgres://...` / `postgresql://...`. */
export function openMetadataStore(url: string): MetadataStore {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  throw new Error('TESSERA_METADATA_URL must start with sqlite: or postgres://');
}

export const nowIso = (): string => new Date().toISOString();
export const toFlag = (value: boolean): number => (value ? 1 : 0);
