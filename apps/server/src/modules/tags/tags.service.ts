import type { ListQuery, StoredTaggedObjectType, Tag, TagRef } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { forbidden, messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { toTag } from './tag-dict';
import { listTagViews } from './tag-list';
import {
  deleteTags,
  findTagsByIds,
  findTagsByNames,
  findTagView,
  insertTag,
  linkTags,
  tagsOfObjects,
  unlinkObjects,
  unlinkTags,
  updateTag,
  type TagRow,
} from './tags.repo';

/** Superset registers the tag API only with TAGGING_SYSTEM on; here its routes answer 404 without it. */
export const taggingEnabled = (ctx: Pick<AppContext, 'config'>): boolean =>
  ctx.config.featureFlags.TAGGING_SYSTEM;

export const TAGS_FORBIDDEN_MESSAGE = 'You do not have permission to manage tags';

/** Like Superset's validate_tags: changing an object's tags also needs can_write Tag. */
export function requireTagWriter(principal: Principal): void {
  if (!principal.can('can_write', 'Tag')) throw messageError(403, TAGS_FORBIDDEN_MESSAGE);
}

/** Tags of many objects of one kind, keyed by object id; every module's list and show forms use it. */
export async function tagsOf(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectIds: readonly number[],
): Promise<Map<number, TagRef[]>> {
  return tagsOfObjects(db, type, objectIds);
}

/**
 * The tag ids that ids or names stand for. An unknown id is a 400; an unknown name becomes a custom tag.
 */
export async function resolveTagRefs(
  db: MetadataDb,
  refs: readonly (number | string)[],
  userId: number,
): Promise<number[]> {
  const ids = [...new Set(refs.filter((ref): ref is number => typeof ref === 'number'))];
  const names = [...new Set(refs.filter((ref): ref is string => typeof ref === 'string'))];
  const found = await findTagsByIds(db, ids);
  if (found.length !== ids.length) throw messageError(400, { tags: ['Tag not found.'] });
  const named = await findTagsByNames(db, names);
  const known = new Map(named.map((tag) => [tag.name, tag.id]));
  const resolved = [...ids];
  for (const name of names) {
    const id =
      known.get(name) ??
      (await insertTag(db, { name, type: 'custom', description: null, userId })) ??
      // Another request created it between the read above and the insert.
      (await findTagsByNames(db, [name]))[0]?.id;
    if (id === undefined) throw messageError(400, { tags: ['Tag not found.'] });
    resolved.push(id);
  }
  return [...new Set(resolved)];
}

/**
 * Makes the object's custom tags exactly `tagIds` (Superset's update_tags); tags Superset derives
 * (owner, type, favorited_by) stay linked.
 */
export async function replaceObjectTags(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectId: number,
  tagIds: readonly number[],
  userId: number,
): Promise<void> {
  await unlinkTags(db, type, objectId, null);
  await linkTags(db, tagIds, type, objectId, userId);
}

/** Links the named tags to one object, creating custom tags for new names. */
export async function addObjectTags(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectId: number,
  names: readonly string[],
  userId: number,
): Promise<void> {
  const ids = await resolveTagRefs(db, names, userId);
  await linkTags(db, ids, type, objectId, userId);
}

/** Unlinks one tag (by name) from one object; 404 when the object does not carry it. */
export async function removeObjectTag(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectId: number,
  name: string,
): Promise<void> {
  const [tag] = await findTagsByNames(db, [name]);
  if (!tag || (await unlinkTags(db, type, objectId, [tag.id])) === 0) throw notFound();
}

/** The links of objects being deleted go with them. */
export async function removeTagsOf(
  db: MetadataDb,
  type: StoredTaggedObjectType,
  objectIds: readonly number[],
): Promise<void> {
  await unlinkObjects(db, type, objectIds);
}

export async function listTags(
  ctx: AppContext,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; items: Tag[] }> {
  const { count, rows } = await listTagViews(ctx.store.db, query, principal.user.id);
  const now = Date.now();
  return { count, ids: rows.map((row) => row.id), items: rows.map((row) => toTag(row, now)) };
}

export async function showTag(ctx: AppContext, id: number): Promise<Tag> {
  const view = await findTagView(ctx.store.db, id);
  if (!view) throw notFound();
  return toTag(view);
}

/** A name another tag holds is a 400 in the field shape (the name is unique). */
async function checkNameFree(db: MetadataDb, name: string, exceptId: number | null): Promise<void> {
  const [holder] = await findTagsByNames(db, [name]);
  if (holder && holder.id !== exceptId)
    throw messageError(400, { name: ['A tag with this name already exists.'] });
}

export async function insertCustomTag(
  db: MetadataDb,
  principal: Principal,
  input: { name: string; description?: string | null | undefined },
): Promise<number> {
  await checkNameFree(db, input.name, null);
  const id = await insertTag(db, {
    name: input.name,
    type: 'custom',
    description: input.description ?? null,
    userId: principal.user.id,
  });
  // Taken between the check and the insert by a concurrent request.
  if (id === null) throw messageError(400, { name: ['A tag with this name already exists.'] });
  return id;
}

/** Only custom tags are renamed or deleted by users; the derived kinds belong to the system. */
async function customTag(db: MetadataDb, id: number): Promise<TagRow> {
  const [tag] = await findTagsByIds(db, [id]);
  if (!tag) throw notFound();
  if (tag.type !== 'custom') throw forbidden();
  return tag;
}

export async function changeCustomTag(
  db: MetadataDb,
  principal: Principal,
  id: number,
  input: { name?: string | undefined; description?: string | null | undefined },
): Promise<void> {
  await customTag(db, id);
  if (input.name !== undefined) await checkNameFree(db, input.name, id);
  const patch: { name?: string; description?: string | null; changed_by_fk: number } = {
    changed_by_fk: principal.user.id,
  };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  await updateTag(db, id, patch);
}

export async function deleteTag(ctx: AppContext, id: number): Promise<void> {
  await customTag(ctx.store.db, id);
  await deleteTags(ctx.store.db, [id]);
}

/** Bulk delete by names or ids: every one must exist (404) and be custom (403); then all go at once. */
export async function deleteTagsInBulk(ctx: AppContext, refs: readonly (number | string)[]): Promise<number> {
  const db = ctx.store.db;
  const ids = [...new Set(refs.filter((ref): ref is number => typeof ref === 'number'))];
  const names = [...new Set(refs.filter((ref): ref is string => typeof ref === 'string'))];
  const tags = [...(await findTagsByIds(db, ids)), ...(await findTagsByNames(db, names))];
  if (tags.length !== ids.length + names.length) throw notFound();
  if (tags.some((tag) => tag.type !== 'custom')) throw forbidden();
  const unique = [...new Set(tags.map((tag) => tag.id))];
  await db.transaction().execute((trx) => deleteTags(trx, unique));
  return unique.length;
}

/** The ids of the tags named or numbered; unknown ones are left out (they tag nothing). */
export async function findTagIds(
  db: MetadataDb,
  names: readonly string[],
  ids: readonly number[],
): Promise<number[]> {
  const tags = [...(await findTagsByNames(db, names)), ...(await findTagsByIds(db, ids))];
  return [...new Set(tags.map((tag) => tag.id))];
}

// Row reads and writes the tagging routes run as they are, inside their own transactions.
export { linkTags, objectsWithTags as findTaggedObjectRefs, unlinkTag } from './tags.repo';
