import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { SavedQueriesTable } from '../../db/schema';

export type SavedQueryRow = Omit<SavedQueriesTable, 'id'> & { id: number };

/** A saved query with the names its list and show forms carry. */
export type SavedQueryView = SavedQueryRow & {
  database_name: string;
  backend: string;
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
};

export type NewSavedQuery = Omit<Insertable<SavedQueriesTable>, 'id' | 'created_on' | 'changed_on'>;
export type SavedQueryPatch = Omit<
  Updateable<SavedQueriesTable>,
  'id' | 'user_id' | 'created_on' | 'changed_on' | 'created_by_fk'
>;

export function selectSavedQueryViews(db: MetadataDb) {
  return db
    .selectFrom('saved_queries as s')
    .innerJoin('databases as d', 'd.id', 's.db_id')
    .leftJoin('users as cu', 'cu.id', 's.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 's.changed_by_fk')
    .selectAll('s')
    .select([
      'd.database_name as database_name',
      'd.backend as backend',
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function insertSavedQuery(db: MetadataDb, values: NewSavedQuery): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('saved_queries')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSavedQuery(db: MetadataDb, id: number): Promise<SavedQueryRow | undefined> {
  return db.selectFrom('saved_queries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSavedQueryView(db: MetadataDb, id: number): Promise<SavedQueryView | undefined> {
  return selectSavedQueryViews(db).where('s.id', '=', id).executeTakeFirst();
}

export async function updateSavedQuery(db: MetadataDb, id: number, patch: SavedQueryPatch): Promise<void> {
  await db
    .updateTable('saved_queries')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Ids among `ids` that exist and, unless `ownerId` is null, belong to that user. */
export async function ownedSavedQueryIds(
  db: MetadataDb,
  ids: readonly number[],
  ownerId: number | null,
): Promise<number[]> {
  let query = db.selectFrom('saved_queries').select('id').where('id', 'in', ids);
  if (ownerId !== null) query = query.where('user_id', '=', ownerId);
  return (await query.execute()).map((row) => row.id);
}

/** The schemas or catalogs named by saved queries (of one owner unless `ownerId` is null). */
export async function savedQueryPlaces(
  db: MetadataDb,
  column: 'schema' | 'catalog',
  ownerId: number | null,
): Promise<(string | null)[]> {
  let query = db.selectFrom('saved_queries').select(column).distinct();
  if (ownerId !== null) query = query.where('user_id', '=', ownerId);
  return (await query.execute()).map((row) => row[column]);
}

export async function deleteSavedQueries(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('saved_queries').where('id', 'in', ids).execute();
}
