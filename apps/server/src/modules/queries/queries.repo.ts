import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { QueriesTable } from '../../db/schema';

export type QueryRow = Omit<QueriesTable, 'id'> & { id: number };

/** A query row with the names its dict and list forms show. */
export type QueryView = QueryRow & {
  database_name: string;
  backend: string;
  user_first_name: string;
  user_last_name: string;
};

export type NewQuery = Omit<Insertable<QueriesTable>, 'id' | 'created_on' | 'changed_on'>;
export type QueryPatch = Omit<Updateable<QueriesTable>, 'id' | 'changed_on' | 'created_on'>;

export function selectQueryViews(db: MetadataDb) {
  return db
    .selectFrom('queries as q')
    .innerJoin('databases as d', 'd.id', 'q.database_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .selectAll('q')
    .select([
      'd.database_name as database_name',
      'd.backend as backend',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
    ]);
}

export async function insertQuery(db: MetadataDb, values: NewQuery): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('queries')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findQuery(db: MetadataDb, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findQueryView(db: MetadataDb, id: number): Promise<QueryView | undefined> {
  return selectQueryViews(db).where('q.id', '=', id).executeTakeFirst();
}

export async function findQueryByClientId(
  db: MetadataDb,
  userId: number,
  clientId: string,
): Promise<QueryRow | undefined> {
  return db
    .selectFrom('queries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Any user's query with this client id, newest first (client ids are only unique per user). */
export async function findAnyQueryByClientId(
  db: MetadataDb,
  clientId: string,
): Promise<QueryRow | undefined> {
  return db
    .selectFrom('queries')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function findQueryByResultsKey(db: MetadataDb, key: string): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('results_key', '=', key).executeTakeFirst();
}

/**
 * Updates a query and bumps changed_on (what updated_since polls on). With `onlyWhenStatus` the
 * update happens only from those states, which is how a late success cannot overwrite a stop.
 * Returns whether the row changed.
 */
export async function updateQuery(
  db: MetadataDb,
  id: number,
  patch: QueryPatch,
  onlyWhenStatus?: readonly string[],
): Promise<boolean> {
  let update = db
    .updateTable('queries')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id);
  if (onlyWhenStatus) update = update.where('status', 'in', onlyWhenStatus);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A worker's heartbeat on the query it runs; leaves changed_on alone so polls do not see it.
 * Returns false once the query is no longer running on this worker (stopped, or swept).
 */
export async function touchHeartbeat(db: MetadataDb, id: number, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('queries')
    .set({ heartbeat_at: Date.now() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('worker_id', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Async runs of the user still waiting or running, other than `exceptId`. */
export async function countActiveAsyncQueries(
  db: MetadataDb,
  userId: number,
  exceptId: number,
): Promise<number> {
  const row = await db
    .selectFrom('queries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('run_async', '=', 1)
    .where('status', 'in', ['pending', 'running'])
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function queryStatus(db: MetadataDb, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('queries').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export async function queryViewsUpdatedSince(
  db: MetadataDb,
  userId: number,
  sinceIso: string,
  limit: number,
): Promise<QueryView[]> {
  return selectQueryViews(db)
    .where('q.user_id', '=', userId)
    .where('q.changed_on', '>=', sinceIso)
    .orderBy('q.changed_on', 'asc')
    .orderBy('q.id', 'asc')
    .limit(limit)
    .execute();
}
