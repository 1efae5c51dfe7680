import { randomBytes } from 'node:crypto';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { KeyValueTable } from '../../db/schema';

export type KeyValueResource = KeyValueTable['resource'];

/** 128 random bits, url-safe: a link must not let anyone enumerate other people's shares. */
export function newSharedKey(): string {
  return randomBytes(16).toString('base64url');
}

export async function storeValue(
  db: MetadataDb,
  resource: KeyValueResource,
  valueJson: string,
  /** Null for an embedded viewer, who is no user of this app. */
  userId: number | null,
): Promise<string> {
  const key = newSharedKey();
  await db
    .insertInto('key_value')
    .values({ key, resource, value: valueJson, created_by_fk: userId, created_on: nowIso() })
    .execute();
  return key;
}

/** The stored JSON text of a key of the given resource, or null. */
export async function readValue(
  db: MetadataDb,
  resource: KeyValueResource,
  key: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('key_value')
    .select('value')
    .where('key', '=', key)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** A temporary entry (Explore's form-data cache): gone after `ttlMs` unless read again. */
export async function storeExpiringValue(
  db: MetadataDb,
  resource: KeyValueResource,
  valueJson: string,
  userId: number,
  ttlMs: number,
): Promise<string> {
  const key = newSharedKey();
  const now = Date.now();
  // Expired entries of the resource go whenever a new one arrives, so the table does not grow forever.
  await db
    .deleteFrom('key_value')
    .where('resource', '=', resource)
    .where('expires_on', '<', new Date(now).toISOString())
    .execute();
  await db
    .insertInto('key_value')
    .values({
      key,
      resource,
      value: valueJson,
      created_by_fk: userId,
      created_on: new Date(now).toISOString(),
      expires_on: new Date(now + ttlMs).toISOString(),
    })
    .execute();
  return key;
}

/** A temporary entry that has not expired; reading it pushes its expiry `ttlMs` further. */
export async function readLiveValue(
  db: MetadataDb,
  resource: KeyValueResource,
  key: string,
  ttlMs: number,
): Promise<{ value: string; createdBy: number | null } | null> {
  const now = Date.now();
  const row = await db
    .selectFrom('key_value')
    .select(['value', 'created_by_fk', 'expires_on'])
    .where('key', '=', key)
    .where('resource', '=', resource)
    .executeTakeFirst();
  if (!row || (row.expires_on !== null && Date.parse(row.expires_on) <= now)) return null;
  await db
    .updateTable('key_value')
    .set({ expires_on: new Date(now + ttlMs).toISOString() })
    .where('key', '=', key)
    .execute();
  return { value: row.value, createdBy: row.created_by_fk };
}

export async function replaceValue(
  db: MetadataDb,
  key: string,
  valueJson: string,
  ttlMs: number,
): Promise<void> {
  await db
    .updateTable('key_value')
    .set({ value: valueJson, expires_on: new Date(Date.now() + ttlMs).toISOString() })
    .where('key', '=', key)
    .execute();
}

export async function deleteValue(db: MetadataDb, resource: KeyValueResource, key: string): Promise<void> {
  await db.deleteFrom('key_value').where('key', '=', key).where('resource', '=', resource).execute();
}

/** The key of an entry this user stored with exactly this value, if any (permalinks that upsert). */
export async function findOwnValueKey(
  db: MetadataDb,
  resource: KeyValueResource,
  /** Null: the entries no user created (embedded viewers'). */
  userId: number | null,
  valueJson: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('key_value')
    .select('key')
    .where('resource', '=', resource)
    .where('created_by_fk', userId === null ? 'is' : '=', userId)
    .where('value', '=', valueJson)
    .executeTakeFirst();
  return row?.key ?? null;
}
