import { randomUUID } from 'node:crypto';
import type { ListQuery, SavedQuery, SavedQueryCreate, SavedQueryUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { findDatabase } from '../databases/databases.service';
import { canAccessDatabase } from '../databases/databases.service';
import type { Principal } from '../security/principal';
import {
  removeTagsOf,
  replaceObjectTags,
  requireTagWriter,
  resolveTagRefs,
  tagsOf,
} from '../tags/tags.service';
import { toSavedQuery } from './saved-query-dict';
import { listSavedQueryViews } from './saved-query-list';
import {
  deleteSavedQueries,
  findSavedQuery,
  findSavedQueryView,
  insertSavedQuery,
  ownedSavedQueryIds,
  savedQueryPlaces,
  updateSavedQuery,
  type SavedQueryPatch,
  type SavedQueryRow,
} from './saved-queries.repo';

/** Owners see and change their saved queries; Admin sees and changes everyone's. */
export const seesAllSavedQueries = (principal: Principal): boolean => principal.isAdmin;

export function canSeeSavedQuery(principal: Principal, row: Pick<SavedQueryRow, 'user_id'>): boolean {
  return row.user_id === principal.user.id || seesAllSavedQueries(principal);
}

/** A saved query the caller may see, or 404 as if it did not exist. */
export async function visibleSavedQuery(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<SavedQueryRow> {
  const row = await findSavedQuery(ctx.store.db, id);
  if (!row || !canSeeSavedQuery(principal, row)) throw notFound();
  return row;
}

async function checkDatabase(ctx: AppContext, principal: Principal, dbId: number): Promise<void> {
  const database = await findDatabase(ctx.store.db, dbId);
  if (!database || !canAccessDatabase(principal, database)) {
    throw messageError(422, { db_id: ['Database not found.'] });
  }
}

/** JSON text fields must hold a JSON object; empty text means none. */
function checkJsonObject(field: string, text: string | null | undefined): void {
  if (text === null || text === undefined || text.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw messageError(400, { [field]: ['Must be valid JSON.'] });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw messageError(400, { [field]: ['Must be a JSON object.'] });
  }
}

const storedExtra = (text: string | null | undefined): string =>
  text === null || text === undefined || text.trim() === '' ? '{}' : text;

export async function createSavedQuery(
  ctx: AppContext,
  principal: Principal,
  input: SavedQueryCreate,
): Promise<SavedQueryRow> {
  checkJsonObject('template_parameters', input.template_parameters);
  checkJsonObject('extra_json', input.extra_json);
  await checkDatabase(ctx, principal, input.db_id);
  const id = await insertSavedQuery(ctx.store.db, {
    uuid: randomUUID(),
    user_id: principal.user.id,
    db_id: input.db_id,
    label: input.label,
    description: input.description ?? '',
    catalog: input.catalog ?? null,
    schema: input.schema ?? null,
    sql: input.sql,
    template_parameters: input.template_parameters ?? null,
    extra_json: storedExtra(input.extra_json),
    created_by_fk: principal.user.id,
    changed_by_fk: principal.user.id,
  });
  return visibleSavedQuery(ctx, principal, id);
}

export async function changeSavedQuery(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: SavedQueryUpdate,
): Promise<SavedQueryRow> {
  await visibleSavedQuery(ctx, principal, id);
  checkJsonObject('template_parameters', input.template_parameters);
  checkJsonObject('extra_json', input.extra_json);
  if (input.db_id !== undefined) await checkDatabase(ctx, principal, input.db_id);
  const patch: SavedQueryPatch = { changed_by_fk: principal.user.id };
  if (input.db_id !== undefined) patch.db_id = input.db_id;
  if (input.label !== undefined) patch.label = input.label;
  if (input.description !== undefined) patch.description = input.description ?? '';
  if (input.catalog !== undefined) patch.catalog = input.catalog;
  if (input.schema !== undefined) patch.schema = input.schema;
  if (input.sql !== undefined) patch.sql = input.sql;
  if (input.template_parameters !== undefined) patch.template_parameters = input.template_parameters;
  if (input.extra_json !== undefined) patch.extra_json = storedExtra(input.extra_json);
  // Without TAGGING_SYSTEM `tags` is accepted and ignored, as charts and dashboards do.
  const tags = ctx.config.featureFlags.TAGGING_SYSTEM ? input.tags : undefined;
  if (tags !== undefined) requireTagWriter(principal);
  await ctx.store.db.transaction().execute(async (trx) => {
    await updateSavedQuery(trx, id, patch);
    if (tags !== undefined) {
      const tagIds = await resolveTagRefs(trx, tags, principal.user.id);
      await replaceObjectTags(trx, 'saved_query', id, tagIds, principal.user.id);
    }
  });
  return visibleSavedQuery(ctx, principal, id);
}

/** Deletes the saved queries and their tag links, all or nothing. */
async function removeSavedQueries(ctx: Pick<AppContext, 'store'>, ids: readonly number[]): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await removeTagsOf(trx, 'saved_query', ids);
    await deleteSavedQueries(trx, ids);
  });
}

const ownerFilter = (principal: Principal): number | null =>
  seesAllSavedQueries(principal) ? null : principal.user.id;

/** The distinct schemas or catalogs of the saved queries the caller sees (the list's filter choices). */
export async function savedQueryPlacesOf(
  ctx: Pick<AppContext, 'store'>,
  column: 'schema' | 'catalog',
  principal: Principal,
): Promise<Awaited<ReturnType<typeof savedQueryPlaces>>> {
  return savedQueryPlaces(ctx.store.db, column, ownerFilter(principal));
}

/** GET /api/v1/saved_query/: the caller's saved queries (everyone's for admins). */
export async function listSavedQueries(
  ctx: Pick<AppContext, 'store'>,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: SavedQuery[] }> {
  const { count, rows } = await listSavedQueryViews(ctx.store.db, query, ownerFilter(principal));
  const ids = rows.map((row) => row.id);
  const tags = await tagsOf(ctx.store.db, 'saved_query', ids);
  const now = Date.now();
  return { count, ids, result: rows.map((row) => toSavedQuery(row, tags.get(row.id) ?? [], now)) };
}

/** GET /api/v1/saved_query/{id}: one the caller sees (else 404). */
export async function showSavedQuery(ctx: AppContext, principal: Principal, id: number): Promise<SavedQuery> {
  await visibleSavedQuery(ctx, principal, id);
  const view = await findSavedQueryView(ctx.store.db, id);
  if (!view) throw notFound();
  const tags = await tagsOf(ctx.store.db, 'saved_query', [id]);
  return toSavedQuery(view, tags.get(id) ?? []);
}

export async function deleteSavedQuery(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await visibleSavedQuery(ctx, principal, id);
  await removeSavedQueries(ctx, [id]);
}

/** All or nothing: one id the caller may not delete makes the whole request a 404. */
export async function deleteSavedQueriesInBulk(
  ctx: Pick<AppContext, 'store'>,
  principal: Principal,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const owned = await ownedSavedQueryIds(ctx.store.db, unique, ownerFilter(principal));
  if (owned.length !== unique.length) throw notFound();
  await removeSavedQueries(ctx, owned);
  return unique.length;
}
