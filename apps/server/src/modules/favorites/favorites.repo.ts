import { nowIso, type MetadataDb } from '../../db/kysely';
import type { FavoritesTable } from '../../db/schema';

/** Superset's favstar class names: charts are 'slice', dashboards 'Dashboard'. */
export type FavoriteClass = FavoritesTable['class_name'];

/** Which of `ids` the user has starred. */
export async function starredIds(
  db: MetadataDb,
  userId: number,
  className: FavoriteClass,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorites')
    .select('obj_id')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.obj_id));
}

/** Starring twice keeps one star. */
export async function addFavorite(
  db: MetadataDb,
  userId: number,
  className: FavoriteClass,
  objId: number,
): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, class_name: className, obj_id: objId, dttm: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'class_name', 'obj_id']).doNothing())
    .execute();
}

export async function removeFavorite(
  db: MetadataDb,
  userId: number,
  className: FavoriteClass,
  objId: number,
): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', '=', objId)
    .execute();
}

/** Stars of deleted objects go with them (obj_id is polymorphic, so no foreign key does it). */
export async function removeFavoritesOf(
  db: MetadataDb,
  className: FavoriteClass,
  objIds: readonly number[],
): Promise<void> {
  if (objIds.length === 0) return;
  await db
    .deleteFrom('favorites')
    .where('class_name', '=', className)
    .where('obj_id', 'in', objIds)
    .execute();
}
