import type { StoredTaggedObjectType, TagRef } from '@tessera/contracts';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { TagTable } from '../../db/schema';

export type TagRow = Omit<TagTable, 'id'> & { id: number };

/** A tag with the names of the users who created and last changed it. */
export type TagView = TagRow & {
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
};

export function selectTagViews(db: MetadataDb) {
  return db
    .selectFrom('tag as t')
    .leftJoin('users as cu', 'cu.id', 't.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 't.changed_by_fk')
    .selectAll('t')
    .select([
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function findTagView(db: MetadataDb, id: number): Promise<TagView | undefined> {
  return selectTagViews(db).where('t.id', '=', id).executeTakeFirst();
}

export async function findTagsByIds(db: MetadataDb, ids: readonly number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tag')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findTagsByNames(db: MetadataDb, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('tag')
    .selectAll()
    .where('name', 'in', [...names])
    .execute();
}

export async function insertTag(
  db: MetadataDb,
  values: { name: string; type: TagRow['type']; description: string | null; userId: number },
): Promise<number | null> {
  const now = nowIso();
  // Two requests naming the same new tag at once: the second inserts nothing instead of failing on
  // the unique name (which would also abort a PostgreSQL transaction), and the caller decides.
  const row = await db
    .insertInto('tag')
    .values({
      name: values.name,
      type: values.type,
      description: values.description,
      created_by_fk: values.userId,
      changed_by_fk: values.userId,
      created_on: now,
      changed_on: now,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateTag(
  db: MetadataDb,
  id: number,
  patch: { name?: string; description?: string | null; changed_by_fk: number },
): Promise<void> {
  await db
    .updateTable('tag')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTags(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('tagged_object')
    .where('tag_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('tag')
    .where('id', 'in', [...ids])
    .execute();
}

/** Tags on many objects of one kind, keyed by object id, in name order. */
export async function tagsOfObjects(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectIds: readonly number[],
): Promise<Map<number, TagRef[]>> {
  const tags = new Map<number, TagRef[]>();
  if (objectIds.length === 0) return tags;
  const rows = await db
    .selectFrom('tagged_object as o')
    .innerJoin('tag as t', 't.id', 'o.tag_id')
    .select(['o.object_id', 't.id', 't.name', 't.type'])
    .where('o.object_type', '=', type)
    .where('o.object_id', 'in', [...objectIds])
    .orderBy('t.name')
    .execute();
  for (const row of rows) {
    const list = tags.get(row.object_id) ?? [];
    list.push({ id: row.id, name: row.name, type: row.type });
    tags.set(row.object_id, list);
  }
  return tags;
}

/** Links the tags to the object; links that exist already stay as they are. */
export async function linkTags(
  db: MetadataDb,
  tagIds: readonly number[],
  type: StoredTaggedObjectType,
  objectId: number,
  userId: number,
): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  const existing = await db
    .selectFrom('tagged_object')
    .select('tag_id')
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .where('tag_id', 'in', unique)
    .execute();
  const linked = new Set(existing.map((row) => row.tag_id));
  const missing = unique.filter((id) => !linked.has(id));
  if (missing.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('tagged_object')
    .values(
      missing.map((tagId) => ({
        tag_id: tagId,
        object_type: type,
        object_id: objectId,
        created_by_fk: userId,
        created_on: now,
      })),
    )
    .execute();
}

/** Removes links of the object; `tagIds` null removes those of every custom tag. */
export async function unlinkTags(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectId: number,
  tagIds: readonly number[] | null,
): Promise<number> {
  let query = db
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', '=', objectId);
  if (tagIds === null) {
    query = query.where('tag_id', 'in', db.selectFrom('tag').select('id').where('type', '=', 'custom'));
  } else {
    if (tagIds.length === 0) return 0;
    query = query.where('tag_id', 'in', [...tagIds]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes every link of the objects (they are being deleted). */
export async function unlinkObjects(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectIds: readonly number[],
): Promise<void> {
  if (objectIds.length === 0) return;
  await db
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', 'in', [...objectIds])
    .execute();
}

/** Removes every link of the tag (a PUT with `objects_to_tag` replaces them). */
export async function unlinkTag(db: MetadataDb, tagId: number): Promise<void> {
  await db.deleteFrom('tagged_object').where('tag_id', '=', tagId).execute();
}

/** The objects that carry any of the tags, optionally of some kinds only. */
export async function objectsWithTags(
  db: MetadataDb,
  tagIds: readonly number[],
  types: readonly StoredTaggedObjectType[] | null,
): Promise<{ object_type: StoredTaggedObjectType; object_id: number }[]> {
  if (tagIds.length === 0) return [];
  let query = db
    .selectFrom('tagged_object')
    .select(['object_type', 'object_id'])
    .distinct()
    .where('tag_id', 'in', [...tagIds]);
  if (types !== null) query = query.where('object_type', 'in', [...types]);
  return query.orderBy('object_type').orderBy('object_id').execute();
}
