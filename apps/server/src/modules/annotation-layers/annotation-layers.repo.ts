import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { AnnotationLayerTable, AnnotationTable } from '../../db/schema';

export type AnnotationLayerRow = Omit<AnnotationLayerTable, 'id'> & { id: number };
export type AnnotationRow = Omit<AnnotationTable, 'id'> & { id: number };

/** The names of who created and last changed a row, for the list and show forms. */
interface UserNames {
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
}
export type AnnotationLayerView = AnnotationLayerRow & UserNames;
export type AnnotationView = AnnotationRow & UserNames & { layer_name: string };

type Stamped = 'id' | 'created_on' | 'changed_on';
export type NewAnnotationLayer = Omit<Insertable<AnnotationLayerTable>, Stamped>;
export type AnnotationLayerPatch = Omit<Updateable<AnnotationLayerTable>, Stamped | 'created_by_fk'>;
export type NewAnnotation = Omit<Insertable<AnnotationTable>, Stamped>;
export type AnnotationPatch = Omit<Updateable<AnnotationTable>, Stamped | 'created_by_fk' | 'layer_id'>;

export function selectLayerViews(db: MetadataDb) {
  return db
    .selectFrom('annotation_layer as l')
    .leftJoin('users as cu', 'cu.id', 'l.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'l.changed_by_fk')
    .selectAll('l')
    .select([
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export function selectAnnotationViews(db: MetadataDb) {
  return db
    .selectFrom('annotation as a')
    .innerJoin('annotation_layer as l', 'l.id', 'a.layer_id')
    .leftJoin('users as cu', 'cu.id', 'a.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'a.changed_by_fk')
    .selectAll('a')
    .select([
      'l.name as layer_name',
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function findLayer(db: MetadataDb, id: number): Promise<AnnotationLayerRow | undefined> {
  return db.selectFrom('annotation_layer').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLayerView(db: MetadataDb, id: number): Promise<AnnotationLayerView | undefined> {
  return selectLayerViews(db).where('l.id', '=', id).executeTakeFirst();
}

/** The id of the layer called `name`, if any (names are unique). */
export async function layerIdNamed(db: MetadataDb, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('annotation_layer')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

export async function insertLayer(db: MetadataDb, values: NewAnnotationLayer): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('annotation_layer')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLayer(db: MetadataDb, id: number, patch: AnnotationLayerPatch): Promise<void> {
  await db
    .updateTable('annotation_layer')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function existingLayerIds(db: MetadataDb, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('annotation_layer').select('id').where('id', 'in', ids).execute()).map(
    (row) => row.id,
  );
}

/** Whether any of the layers still holds an annotation. */
export async function layersHoldAnnotations(db: MetadataDb, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db.selectFrom('annotation').select('id').where('layer_id', 'in', ids).executeTakeFirst();
  return row !== undefined;
}

export async function deleteLayers(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('annotation_layer').where('id', 'in', ids).execute();
}

export async function findAnnotation(
  db: MetadataDb,
  layerId: number,
  id: number,
): Promise<AnnotationRow | undefined> {
  return db
    .selectFrom('annotation')
    .selectAll()
    .where('id', '=', id)
    .where('layer_id', '=', layerId)
    .executeTakeFirst();
}

export async function findAnnotationView(db: MetadataDb, id: number): Promise<AnnotationView | undefined> {
  return selectAnnotationViews(db).where('a.id', '=', id).executeTakeFirst();
}

/** The id of the layer's annotation with this short description, if any (unique per layer). */
export async function annotationIdDescribed(
  db: MetadataDb,
  layerId: number,
  shortDescr: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('short_descr', '=', shortDescr)
    .executeTakeFirst();
  return row?.id;
}

export async function insertAnnotation(db: MetadataDb, values: NewAnnotation): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('annotation')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnotation(db: MetadataDb, id: number, patch: AnnotationPatch): Promise<void> {
  await db
    .updateTable('annotation')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function existingAnnotationIds(
  db: MetadataDb,
  layerId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteAnnotations(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('annotation').where('id', 'in', ids).execute();
}

/**
 * The annotations of a layer that overlap [since, until] (either bound may be open), by start time:
 * what a chart over that time range can show.
 */
export async function annotationsInRange(
  db: MetadataDb,
  layerId: number,
  since: string | null,
  until: string | null,
): Promise<AnnotationRow[]> {
  let query = db.selectFrom('annotation').selectAll().where('layer_id', '=', layerId);
  if (since !== null) query = query.where('end_dttm', '>=', since);
  if (until !== null) query = query.where('start_dttm', '<=', until);
  return query.orderBy('start_dttm').orderBy('id').execute();
}
