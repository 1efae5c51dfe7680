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
  userId: number,
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
