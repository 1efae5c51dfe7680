import type { QueryDict } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { canSeeAllQueries, canSeeQuery } from './query-access';
import { FINISHED_STATES, markStopped } from './query-lifecycle';
import {
  findAnyQueryByClientId,
  findQueryByClientId,
  findQueryView,
  queryViewsUpdatedSince,
  updateQuery,
} from './queries.repo';
import { toQueryDict, toQueryShow } from './query-dict';

/** Whatever can stop a query where it runs (this process, or others through Redis). */
export interface QueryCanceller {
  requestCancel(queryId: number): Promise<void>;
}

/**
 * POST /api/v1/query/stop (reference §2.4): the row becomes stopped with its end time, then the
 * engine statement is cancelled wherever it runs. Finished queries are left as they are.
 */
export async function stopQuery(
  ctx: AppContext,
  canceller: QueryCanceller,
  principal: Principal,
  clientId: string,
): Promise<void> {
  const db = ctx.store.db;
  const query =
    (await findQueryByClientId(db, principal.user.id, clientId)) ??
    (canSeeAllQueries(principal) ? await findAnyQueryByClientId(db, clientId) : undefined);
  if (!query) throw messageError(404, `Query with client_id ${clientId} not found`);
  if ((FINISHED_STATES as readonly string[]).includes(query.status)) return;
  await markStopped(db, query.id);
  await canceller.requestCancel(query.id);
}

/** GET /api/v1/query/updated_since: the caller's queries changed since `sinceMs`, newest limited. */
export async function queriesUpdatedSince(
  ctx: Pick<AppContext, 'store' | 'config'>,
  principal: Principal,
  sinceMs: number,
): Promise<QueryDict[]> {
  const sinceIso = new Date(Math.min(sinceMs, 8.64e15)).toISOString();
  const views = await queryViewsUpdatedSince(
    ctx.store.db,
    principal.user.id,
    sinceIso,
    ctx.config.constants.QUERY_SEARCH_LIMIT,
  );
  return views.map(toQueryDict);
}

/** GET /api/v1/query/{id}: a query the caller may see (else 404). */
export async function showQuery(
  ctx: Pick<AppContext, 'store'>,
  principal: Principal,
  id: number,
): Promise<{ id: number; result: ReturnType<typeof toQueryShow> }> {
  const view = await findQueryView(ctx.store.db, id);
  if (!view || !canSeeQuery(principal, view)) throw notFound();
  return { id: view.id, result: toQueryShow(view) };
}

/** A user's query by its client id, as the query dict of SQL Lab's payloads; null when gone. */
export async function queryDictByClientId(
  db: MetadataDb,
  userId: number,
  clientId: string,
): Promise<QueryDict | null> {
  const query = await findQueryByClientId(db, userId, clientId);
  const view = query ? await findQueryView(db, query.id) : undefined;
  return view ? toQueryDict(view) : null;
}

/** Moves a user's query (by client id) to a saved SQL Lab tab; false when the user has no such query. */
export async function moveQueryToEditor(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  clientId: string,
  editorId: string,
): Promise<boolean> {
  const query = await findQueryByClientId(ctx.store.db, userId, clientId);
  if (!query) return false;
  await updateQuery(ctx.store.db, query.id, { sql_editor_id: editorId });
  return true;
}

/**
 * Deletes a user's query run in one SQL Lab tab. Answers whether it existed there, and the client id
 * of the tab's newest remaining query (the tab falls back to it).
 */
export async function deleteEditorQuery(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  editorId: string,
  clientId: string,
): Promise<{ deleted: boolean; latestClientId: string | null }> {
  const db = ctx.store.db;
  const query = await findQueryByClientId(db, userId, clientId);
  if (query?.sql_editor_id !== editorId) return { deleted: false, latestClientId: null };
  await db.deleteFrom('queries').where('id', '=', query.id).execute();
  const previous = await db
    .selectFrom('queries')
    .select('client_id')
    .where('user_id', '=', userId)
    .where('sql_editor_id', '=', editorId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { deleted: true, latestClientId: previous?.client_id ?? null };
}

// SQL Lab writes the queries rows of its runs; the rows and their lifecycle belong to this module.
export {
  countActiveAsyncQueries,
  findAnyQueryByClientId,
  findQuery,
  findQueryByClientId,
  findQueryByResultsKey,
  findQueryView,
  insertQuery,
  queryStatus,
  touchHeartbeat,
  updateQuery,
  type NewQuery,
  type QueryRow,
} from './queries.repo';
