import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { findDatabase } from '../databases/databases.service';
import { datasetColumns, datasetMetrics, datasetOwnerIds, findDatasetView } from './datasets.repo';
import type { CachedExploreDatasource } from './explore-datasource-cache';
import { toExploreDatasource } from './explore-datasource';

/**
 * How long a checked entry is trusted without reading the stamp again. Only other processes' writes
 * wait for it (this process's writes invalidate at once), the same convergence as the principal cache;
 * it spares the stamp query, the dearest part of a cached chart data answer.
 */
export const STAMP_RECHECK_MS = 1000;

/** The dataset's and its database's changed_on (every write to either bumps it), or null when gone. */
async function readStamp(db: MetadataDb, datasetId: number): Promise<string | null> {
  const row = await db
    .selectFrom('datasets')
    .innerJoin('databases', 'databases.id', 'datasets.database_id')
    .select(['datasets.changed_on as dataset_changed', 'databases.changed_on as database_changed'])
    .where('datasets.id', '=', datasetId)
    .executeTakeFirst();
  return row ? `${row.dataset_changed}|${row.database_changed}` : null;
}

async function readDatasource(ctx: AppContext, datasetId: number): Promise<CachedExploreDatasource | null> {
  const db = ctx.store.db;
  const view = await findDatasetView(db, datasetId);
  if (!view) return null;
  const database = await findDatabase(db, view.database_id);
  if (!database) return null;
  const ownerIds = await datasetOwnerIds(db, datasetId);
  const columns = await datasetColumns(db, datasetId);
  const metrics = await datasetMetrics(db, datasetId);
  const connector = ctx.databases.connectorFor(database);
  const datasource = toExploreDatasource({ view, database, connector, ownerIds }, columns, metrics);
  return { datasource, database, ownerIds };
}

/**
 * The chart data path's datasource, re-read only when the one-row stamp query (at most every
 * STAMP_RECHECK_MS) says the dataset or its database changed. Callers must still check the caller's
 * access on what comes back, and must not mutate it (it is shared by every request).
 */
export async function loadCachedExploreDatasource(
  ctx: AppContext,
  datasetId: number,
): Promise<CachedExploreDatasource | null> {
  const cache = ctx.caches.exploreDatasources;
  const fresh = cache.get(datasetId);
  if (fresh && Date.now() - fresh.checkedAt < STAMP_RECHECK_MS) return fresh.value;
  const readAt = cache.generation;
  const stamp = await readStamp(ctx.store.db, datasetId);
  if (stamp === null) return null;
  const known = cache.get(datasetId);
  if (known?.stamp === stamp && readAt === cache.generation) {
    known.checkedAt = Date.now();
    return known.value;
  }
  const value = await readDatasource(ctx, datasetId);
  if (!value) return null;
  // Kept under the stamp read before the rows: a write in between makes the next stamp differ.
  cache.set(datasetId, { value, stamp, checkedAt: Date.now() }, readAt);
  return value;
}
