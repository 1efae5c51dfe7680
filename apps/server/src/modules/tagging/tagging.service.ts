import {
  listQuerySchema,
  storedTaggedObjectType,
  type GetObjectsQuery,
  type StoredTaggedObjectType,
  type TagCreate,
  type TaggedEntity,
  type TaggedObjectType,
  type TagUpdate,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { changeableChart } from '../charts/chart-access';
import { listCharts } from '../charts/chart-items.service';
import { changeableDashboard } from '../dashboards/dashboard-access';
import { listDashboards } from '../dashboards/dashboard-reads.service';
import { listSavedQueries, visibleSavedQuery } from '../saved-queries/saved-queries.service';
import type { Principal } from '../security/principal';
import {
  addObjectTags,
  changeCustomTag,
  findTagIds,
  findTaggedObjectRefs,
  insertCustomTag,
  linkTags,
  removeObjectTag,
  requireTagWriter,
  showTag,
  unlinkTag,
} from '../tags/tags.service';

/**
 * Tagging an object changes it, so the caller must be allowed to edit it (owners and Admin): 404 when
 * they cannot see it, 403 when they see but may not change it.
 */
async function checkTaggable(
  ctx: AppContext,
  principal: Principal,
  type: StoredTaggedObjectType,
  id: number,
): Promise<void> {
  if (type === 'chart') await changeableChart(ctx, principal, id);
  else if (type === 'dashboard') await changeableDashboard(ctx, principal, id);
  // Saved queries are seen only by their owner and Admin, who may change them.
  else await visibleSavedQuery(ctx, principal, id);
}

/** POST /api/v1/tag/{object_type}/{object_id}/: puts the named tags (new names become tags) on it. */
export async function tagObject(
  ctx: AppContext,
  principal: Principal,
  type: TaggedObjectType,
  id: number,
  names: readonly string[],
): Promise<void> {
  requireTagWriter(principal);
  const stored = storedTaggedObjectType(type);
  await checkTaggable(ctx, principal, stored, id);
  await ctx.store.db.transaction().execute((trx) => addObjectTags(trx, stored, id, names, principal.user.id));
}

/** DELETE /api/v1/tag/{object_type}/{object_id}/{tag}: 404 when the object does not carry the tag. */
export async function untagObject(
  ctx: AppContext,
  principal: Principal,
  type: TaggedObjectType,
  id: number,
  name: string,
): Promise<void> {
  requireTagWriter(principal);
  const stored = storedTaggedObjectType(type);
  await checkTaggable(ctx, principal, stored, id);
  await removeObjectTag(ctx.store.db, stored, id, name);
}

type ObjectRef = readonly [TaggedObjectType, number];

async function checkObjects(ctx: AppContext, principal: Principal, objects: readonly ObjectRef[]) {
  for (const [type, id] of objects) await checkTaggable(ctx, principal, storedTaggedObjectType(type), id);
}

async function linkObjects(
  db: MetadataDb,
  tagId: number,
  objects: readonly ObjectRef[],
  userId: number,
): Promise<void> {
  for (const [type, id] of objects) await linkTags(db, [tagId], storedTaggedObjectType(type), id, userId);
}

/** POST /api/v1/tag/: a custom tag, linked at once to `objects_to_tag` the caller may edit. */
export async function createTag(ctx: AppContext, principal: Principal, input: TagCreate) {
  const objects = input.objects_to_tag ?? [];
  await checkObjects(ctx, principal, objects);
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const tagId = await insertCustomTag(trx, principal, input);
    await linkObjects(trx, tagId, objects, principal.user.id);
    return tagId;
  });
  return showTag(ctx, id);
}

/** PUT /api/v1/tag/{id}: renames or describes it; `objects_to_tag`, when given, replaces its links. */
export async function changeTag(ctx: AppContext, principal: Principal, id: number, input: TagUpdate) {
  const objects = input.objects_to_tag;
  if (objects !== undefined) await checkObjects(ctx, principal, objects);
  await ctx.store.db.transaction().execute(async (trx) => {
    await changeCustomTag(trx, principal, id, input);
    if (objects !== undefined) {
      await unlinkTag(trx, id);
      await linkObjects(trx, id, objects, principal.user.id);
    }
  });
  return showTag(ctx, id);
}

const CHUNK = 1000;

function chunks(ids: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
}

const byIds = (ids: number[]) =>
  listQuerySchema.parse({ filters: [{ col: 'id', opr: 'in', value: ids }], page_size: -1 });

const creatorName = (user: { first_name?: string; last_name?: string } | null | undefined): string =>
  user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() : '';

/**
 * GET /api/v1/tag/get_objects/: the dashboards, charts and saved queries carrying any of the tags
 * (names or ids) that the caller may see, each through its own module's list and its visibility rules.
 */
export async function getTaggedObjects(
  ctx: AppContext,
  principal: Principal,
  query: GetObjectsQuery,
): Promise<TaggedEntity[]> {
  const db = ctx.store.db;
  const tagIds = await findTagIds(db, query.tags ?? [], query.tagIds ?? []);
  const types = query.types ? [...new Set(query.types.map(storedTaggedObjectType))] : null;
  const objects = await findTaggedObjectRefs(db, tagIds, types);
  const idsOf = (type: StoredTaggedObjectType) =>
    objects.filter((object) => object.object_type === type).map((object) => object.object_id);

  const entities: TaggedEntity[] = [];
  // Dashboards and charts answer their lists in the same owned-object shape.
  const ownedEntity = (
    type: 'dashboard' | 'chart',
    name: string,
    item: Pick<TaggedEntity, 'id' | 'url' | 'changed_on' | 'owners' | 'tags'> & {
      created_by?: (Parameters<typeof creatorName>[0] & { id: number }) | null;
    },
  ): TaggedEntity => ({
    id: item.id,
    type,
    name,
    url: item.url,
    changed_on: item.changed_on,
    created_by: item.created_by?.id ?? null,
    creator: creatorName(item.created_by),
    owners: item.owners,
    tags: item.tags,
  });
  for (const ids of chunks(idsOf('dashboard'))) {
    const { items } = await listDashboards(ctx, principal, byIds(ids));
    for (const item of items) entities.push(ownedEntity('dashboard', item.dashboard_title, item));
  }
  for (const ids of chunks(idsOf('chart'))) {
    const { items } = await listCharts(ctx, principal, byIds(ids));
    for (const item of items) entities.push(ownedEntity('chart', item.slice_name, item));
  }
  for (const ids of chunks(idsOf('saved_query'))) {
    const { result } = await listSavedQueries(ctx, principal, byIds(ids));
    for (const item of result)
      entities.push({
        id: item.id,
        type: 'query',
        name: item.label,
        url: `/sqllab?savedQueryId=${item.id}`,
        changed_on: item.changed_on,
        created_by: item.created_by?.id ?? null,
        creator: creatorName(item.created_by),
        owners: item.created_by ? [item.created_by] : [],
        tags: item.tags,
      });
  }
  return entities;
}
