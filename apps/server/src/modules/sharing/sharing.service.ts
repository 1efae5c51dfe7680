import {
  SHARED_VALUE_MAX_BYTES,
  sharedKeySchema,
  sqlLabPermalinkStateSchema,
  type KvStoreRequest,
  type SqlLabPermalinkRequest,
  type SqlLabPermalinkState,
} from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import { readValue, storeValue } from './key-value.repo';

export function capped(json: string): string {
  if (Buffer.byteLength(json, 'utf8') > SHARED_VALUE_MAX_BYTES)
    throw messageError(413, `The shared value is larger than ${SHARED_VALUE_MAX_BYTES} bytes`);
  return json;
}

/** A key that cannot exist is answered like an unknown one, before touching the store. */
export function checkedKey(raw: unknown): string {
  const parsed = sharedKeySchema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function createSqlLabPermalink(
  db: MetadataDb,
  userId: number,
  request: SqlLabPermalinkRequest,
): Promise<string> {
  const state: SqlLabPermalinkState = {
    dbId: request.dbId,
    name: request.name,
    schema: request.schema ?? null,
    catalog: request.catalog ?? null,
    sql: request.sql,
    autorun: request.autorun ?? false,
    templateParams: request.templateParams ?? null,
  };
  return storeValue(db, 'sqllab_permalink', capped(JSON.stringify(state)), userId);
}

export async function readSqlLabPermalink(db: MetadataDb, rawKey: unknown): Promise<SqlLabPermalinkState> {
  const value = await readValue(db, 'sqllab_permalink', checkedKey(rawKey));
  if (value === null) throw notFound();
  const parsed = sqlLabPermalinkStateSchema.safeParse(JSON.parse(value));
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function storeKv(db: MetadataDb, userId: number, request: KvStoreRequest): Promise<string> {
  let json: string;
  if (typeof request.data === 'string') {
    try {
      JSON.parse(request.data);
    } catch {
      throw messageError(400, { data: ['Not valid JSON.'] });
    }
    json = request.data;
  } else {
    json = JSON.stringify(request.data);
  }
  return storeValue(db, 'kv', capped(json), userId);
}

/** The stored JSON text, sent as it was stored. */
export async function readKv(db: MetadataDb, rawKey: unknown): Promise<string> {
  const value = await readValue(db, 'kv', checkedKey(rawKey));
  if (value === null) throw notFound();
  return value;
}

// Explore's and dashboards' form data, filter state and permalinks are key-value entries too.
export {
  deleteValue,
  findOwnValueKey,
  readLiveValue,
  readValue,
  replaceValue,
  storeExpiringValue,
  storeValue,
} from './key-value.repo';
